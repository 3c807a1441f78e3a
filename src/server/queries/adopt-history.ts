import { takeOverSessionAllowance } from '../allowance/changes';
import type { Database } from '../db/client';
import { findSessionUser } from '../users/repository';
import { moveHistory } from './history-repository';

/**
 * After signing in, the questions this browser asked anonymously join the account's history, so a
 * signed-in user also sees what they asked before. The anonymous allowance stays behind: signing
 * in never adds free questions.
 *
 * A registration also takes over the session's allowance (decision 0022): the new account keeps at
 * most the free questions the browser session had left, and the session keeps none, so registering
 * after using the anonymous questions does not hand out a second allowance.
 */
export function adoptBrowserHistory(db: Database) {
  return async (userId: number, browserSessionId: string, how: 'register' | 'login') => {
    const sessionUser = await findSessionUser(db, browserSessionId);
    if (!sessionUser || sessionUser.id === userId) return;
    await moveHistory(db, sessionUser.id, userId);
    if (how !== 'register') return;
    await db.transaction((tx) => takeOverSessionAllowance(tx, sessionUser.id, userId));
  };
}
