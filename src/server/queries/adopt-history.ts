import type { Database } from '../db/client';
import { findSessionUser } from '../users/repository';
import { moveHistory } from './repository';

/**
 * After signing in, the questions this browser asked anonymously join the account's history, so a
 * signed-in user also sees what they asked before. The anonymous allowance stays behind: signing
 * in never adds free questions.
 */
export function adoptBrowserHistory(db: Database) {
  return async (userId: number, browserSessionId: string) => {
    const sessionUser = await findSessionUser(db, browserSessionId);
    if (sessionUser && sessionUser.id !== userId) await moveHistory(db, sessionUser.id, userId);
  };
}
