import type { FastifyRequest } from 'fastify';
import { getAuth } from './context';
import type { Database } from '../db/client';
import { ReadCache } from '../db/read-cache';
import { findSessionUser, type UserRow } from '../users/repository';

// Anonymous pages ask for their status and history on every load, before and after the visitor's
// first question creates the user: a miss is cached too, and that insert empties the cache.
const sessionUserReads = new ReadCache<string, UserRow | undefined>(['users']);

/**
 * Whose data a call concerns: the signed-in user, else the browser session's anonymous user (which
 * exists only once that browser has asked a question).
 */
export async function signedInOrSessionUser(
  db: Database,
  request: FastifyRequest,
  sessionId: string | undefined,
): Promise<UserRow | undefined> {
  const auth = await getAuth(db, request);
  if (auth) return auth.user;
  return sessionId ? sessionUserReads.read(db, sessionId, () => findSessionUser(db, sessionId)) : undefined;
}
