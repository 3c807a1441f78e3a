import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { forbidden, unauthorized } from '../http/errors';
import { isAdminUser } from '../users/repository';
import { SESSION_COOKIE, SESSION_TTL_MS, validateSessionToken, type ValidSession } from './sessions';

const resolved = new WeakMap<FastifyRequest, Promise<ValidSession | null>>();

/** The session cookie's token, parsed from the header only by the calls that need it. */
export function sessionTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  return header ? request.server.parseCookie(header)[SESSION_COOKIE] : undefined;
}

/** The caller's session, looked up once per request and only by the routes that need it. */
export function getAuth(db: Database, request: FastifyRequest): Promise<ValidSession | null> {
  let pending = resolved.get(request);
  if (!pending) {
    const token = sessionTokenOf(request);
    pending = token ? validateSessionToken(db, token) : Promise.resolve(null);
    resolved.set(request, pending);
  }
  return pending;
}

export async function requireUser(db: Database, request: FastifyRequest): Promise<ValidSession> {
  const auth = await getAuth(db, request);
  if (!auth) throw unauthorized();
  return auth;
}

/** An admin's own session: never an impersonation, even if the impersonated account has become an admin. */
export async function requireAdmin(db: Database, request: FastifyRequest): Promise<ValidSession> {
  const auth = await requireUser(db, request);
  if (!isAdminUser(auth.user) || auth.session.impersonatorId !== null) throw forbidden();
  return auth;
}

export function setSessionCookie(reply: FastifyReply, config: Config, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.appUrl.startsWith('https://'),
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.appUrl.startsWith('https://'),
  });
}
