import { and, eq, isNotNull, ne, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { derivedFromCached, ReadCache } from '../db/read-cache';
import type { PublicUser } from '../../common/user-schemas';
import { sessions, users } from '../db/schema';
import { isAdminUser, toPublicUser, type UserRow } from '../users/repository';
import { generateToken, hashToken } from './tokens';

// Sessions per the Copenhagen Book: the cookie holds a random token, the table only its hash,
// and the expiry slides forward while the session is used.
export const SESSION_COOKIE = 'parallax_session';
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
// An admin acting as a user gets a short, fixed window: an impersonation left open must not stay a
// way back into an admin session for a month.
export const IMPERSONATION_TTL_MS = 2 * 60 * 60 * 1000;
const RENEW_WHEN_LEFT_MS = 15 * 24 * 60 * 60 * 1000;

export type SessionRow = typeof sessions.$inferSelect;

export interface ValidSession {
  session: SessionRow;
  user: UserRow;
  /** The expiry moved forward on this request, so the cookie's lifetime should too. */
  renewed: boolean;
}

export async function createSession(
  db: Database,
  userId: number,
  meta: { userAgent?: string; ipAddress?: string; impersonatorId?: number | null } = {},
): Promise<{ token: string; session: SessionRow }> {
  const token = generateToken();
  const [session] = await db
    .insert(sessions)
    .values({
      id: hashToken(token),
      userId,
      expiresAt: new Date(Date.now() + (meta.impersonatorId ? IMPERSONATION_TTL_MS : SESSION_TTL_MS)),
      impersonatorId: meta.impersonatorId ?? null,
      userAgent: meta.userAgent?.slice(0, 500) ?? null,
      ipAddress: meta.ipAddress ?? null,
    })
    .returning();
  return { token, session: session! };
}

// Every signed-in call starts here; a logout, a password change, a demotion or an impersonation's end
// is a write to one of these tables, so it empties this cache at once (db/read-cache.ts). It is keyed
// by the token the request carries, held in memory only as long as the request itself holds it
// (about a second), so a repeated call does not hash it again; the database keeps only the hash.
interface SessionRead {
  session: SessionRow;
  user: UserRow;
  /** The administrator acting as the user, as they are now; null for the user's own session. */
  impersonator: Pick<UserRow, 'role' | 'isAdmin'> | null;
}
const sessionReads = new ReadCache<string, SessionRead | null>(['sessions', 'users']);
const impersonators = alias(users, 'impersonator');

export async function validateSessionToken(db: Database, token: string): Promise<ValidSession | null> {
  const row = await sessionReads.read(db, token, async () => {
    const [found] = await db
      .select({
        session: sessions,
        user: users,
        impersonator: { role: impersonators.role, isAdmin: impersonators.isAdmin },
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(impersonators, eq(impersonators.id, sessions.impersonatorId))
      .where(eq(sessions.id, hashToken(token)))
      .limit(1);
    return found ?? null;
  });
  if (!row) return null;
  const now = Date.now();
  // An impersonation lives only while its administrator is one. Every way the role is taken away in
  // the app ends their impersonations itself and audits it (admin/user-service.ts); this catches the
  // ways around the app (SQL by hand), and other instances within the cache's second.
  const impersonatorGone = row.session.impersonatorId !== null && !(row.impersonator && isAdminUser(row.impersonator));
  if (row.session.expiresAt.getTime() <= now || impersonatorGone) {
    await db.delete(sessions).where(eq(sessions.id, row.session.id));
    return null;
  }
  const { session, user } = row;
  if (!session.impersonatorId && session.expiresAt.getTime() - now < RENEW_WHEN_LEFT_MS) {
    const expiresAt = new Date(now + SESSION_TTL_MS);
    await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, session.id));
    return { session: { ...session, expiresAt }, user, renewed: true };
  }
  return { session, user, renewed: false };
}

const publicUsers = new WeakMap<SessionRow, PublicUser>();

/** The caller as /api/me shows them; made once per cached session (a session and its user are read together). */
export function publicUserOf({ session, user }: ValidSession): PublicUser {
  return derivedFromCached(publicUsers, session, () => toPublicUser(user, session.impersonatorId));
}

export async function invalidateSession(db: Database, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/**
 * Ends every session of the user, or every one but `keepSessionId` (the one changing the password),
 * and every impersonation the user started as an admin: each of those leads back to their account.
 */
export async function invalidateUserSessions(db: Database, userId: number, keepSessionId?: string): Promise<void> {
  const own = keepSessionId
    ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId))
    : eq(sessions.userId, userId);
  await db.delete(sessions).where(or(own, eq(sessions.impersonatorId, userId)));
}

/**
 * Ends every impersonation the administrator is running (they are losing the role, or their
 * account); the ids of the users they were acting as, for the audit rows.
 */
export async function endImpersonationsBy(db: Pick<Database, 'delete'>, adminId: number): Promise<number[]> {
  const ended = await db
    .delete(sessions)
    .where(eq(sessions.impersonatorId, adminId))
    .returning({ userId: sessions.userId });
  return ended.map((row) => row.userId);
}

/** Ends every impersonation of the user (they became an admin, who may not be impersonated). */
export async function endImpersonationsOf(db: Pick<Database, 'delete'>, userId: number): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), isNotNull(sessions.impersonatorId)));
}
