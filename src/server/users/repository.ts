import { eq, sql } from 'drizzle-orm';
import { ANONYMOUS_USERNAME_PREFIX } from '../../common/limits';
import { serverMessages } from '../../common/messages';
import { conflict } from '../http/errors';
import type { PublicUser } from '../../common/user-schemas';
import type { Database } from '../db/client';
import { createAccount } from '../allowance/changes';
import { users } from '../db/schema';

export type UserRow = typeof users.$inferSelect;

export function isAdminUser(user: Pick<UserRow, 'role' | 'isAdmin'>): boolean {
  return user.role === 'admin' || user.isAdmin;
}

export function toPublicUser(user: UserRow, impersonatedBy: number | null = null): PublicUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    emailVerified: user.emailVerified,
    role: isAdminUser(user) ? 'admin' : 'user',
    isAdmin: isAdminUser(user),
    stripeCustomerId: user.stripeCustomerId,
    stripeSubscriptionId: user.stripeSubscriptionId,
    freeQuestionsRemaining: user.freeQuestionsRemaining,
    paidQuestionsRemaining: user.paidQuestionsRemaining,
    subscriptionStatus: user.subscriptionStatus,
    subscriptionTier: user.subscriptionTier,
    subscriptionExpiresAt: user.subscriptionExpiresAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
    contributesToLeaderboard: user.contributesToLeaderboard,
    impersonatedBy,
  };
}

/** The profile's leaderboard switch (issue 14, item 4): whether the user's questions may be shown there. */
export async function setLeaderboardContribution(db: Database, userId: number, contributes: boolean): Promise<UserRow> {
  const [updated] = await db
    .update(users)
    .set({ contributesToLeaderboard: contributes, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return updated!;
}

export async function findUserById(db: Database, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return row;
}

export async function findUserByUsername(db: Database, username: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = ${username.trim().toLowerCase()}`)
    .limit(1);
  return row;
}

/** The login field takes an email or a username; an @ decides which, since usernames cannot hold one. */
export function findUserByIdentifier(db: Database, identifier: string): Promise<UserRow | undefined> {
  return identifier.includes('@') ? findUserByEmail(db, identifier) : findUserByUsername(db, identifier);
}

/** An anonymous browser session's user (`session_<id>`), as opposed to a registered account. */
export function isSessionUser(user: Pick<UserRow, 'username'>): boolean {
  return user.username.startsWith(ANONYMOUS_USERNAME_PREFIX);
}

export function sessionUsername(sessionId: string): string {
  return `${ANONYMOUS_USERNAME_PREFIX}${sessionId}`;
}

export async function findSessionUser(db: Database, sessionId: string): Promise<UserRow | undefined> {
  return findUserByUsername(db, sessionUsername(sessionId));
}

/**
 * The anonymous visitor's `session_<id>` user, created on their first question. `beforeCreate` runs
 * only when the row does not exist yet, and may refuse (the per-address cap on new sessions).
 */
export async function findOrCreateSessionUser(
  db: Database,
  sessionId: string,
  freeQuestions: number,
  beforeCreate?: () => Promise<void>,
): Promise<UserRow> {
  const existing = await findSessionUser(db, sessionId);
  if (existing) return existing;
  await beforeCreate?.();
  // Two first questions at once: one insert wins, the other finds its row.
  await createAccount(db, { username: sessionUsername(sessionId) }, freeQuestions, { ifAbsent: true });
  const user = await findSessionUser(db, sessionId);
  if (!user) throw new Error('anonymous session user vanished');
  return user;
}

/** Every administrator's email address, for messages that must reach the team. */
export async function adminEmails(db: Database): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(sql`(${users.role} = 'admin' or ${users.isAdmin}) and ${users.email} is not null`);
  return rows.map((r) => r.email!).filter(Boolean);
}

/** A unique-index violation (a race the friendly pre-check lost) as the same 409 the pre-check gives. */
export function uniqueViolationToConflict(error: unknown): unknown {
  const cause =
    (error as { cause?: { code?: string; constraint?: string } }).cause ??
    (error as { code?: string; constraint?: string });
  if (cause?.code !== '23505') return error;
  return cause.constraint?.includes('username')
    ? conflict(serverMessages.usernameTaken, { errors: { username: serverMessages.usernameTaken } })
    : conflict(serverMessages.emailTaken, { errors: { email: serverMessages.emailTaken } });
}
