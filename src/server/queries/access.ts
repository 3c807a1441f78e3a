import type { SavedQuery } from '../../common/query-schemas';
import type { Database } from '../db/client';
import { findSessionUser, isAdminUser, type UserRow } from '../users/repository';
import { findThread } from './repository';

/**
 * A saved question with its follow-up turns (whichever of them `id` names), when the caller may read it: its owner (signed in, or the browser session that
 * asked it anonymously) or an administrator. For anyone else it is undefined, exactly as a missing one
 * is, so ids reveal nothing.
 */
export async function readableQuery(
  db: Database,
  id: number,
  signedIn: UserRow | null,
  sessionId: string | undefined,
): Promise<SavedQuery | undefined> {
  const found = await findThread(db, id);
  if (!found) return undefined;
  if (signedIn) return found.userId === signedIn.id || isAdminUser(signedIn) ? found.query : undefined;
  const sessionUser = sessionId ? await findSessionUser(db, sessionId) : undefined;
  return sessionUser && found.userId === sessionUser.id ? found.query : undefined;
}
