import type { FastifyRequest } from 'fastify';
import { getAuth } from './context';
import type { Database } from '../db/client';
import { findSessionUser, type UserRow } from '../users/repository';

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
  return sessionId ? findSessionUser(db, sessionId) : undefined;
}
