import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { SubscriptionInfo } from '../../common/query-schemas';
import { ACTIVE_SUBSCRIPTION_STATUSES, isActiveStatus } from '../../common/subscription-state';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import type { UserRow } from '../users/repository';

// Question counts change only through these single atomic statements (DESIGN.md section 4): two
// requests racing for the last question cannot both win, and nothing ever goes below zero.

export const UNLIMITED = -1;

export type AllowanceBucket = 'paid' | 'unlimited' | 'free';

const subscriptionActive = () =>
  and(
    inArray(users.subscriptionStatus, [...ACTIVE_SUBSCRIPTION_STATUSES]),
    or(isNull(users.subscriptionExpiresAt), gt(users.subscriptionExpiresAt, sql`now()`)),
  );

export function hasActiveSubscription(user: Pick<UserRow, 'subscriptionStatus' | 'subscriptionExpiresAt'>): boolean {
  const statusActive = isActiveStatus(user.subscriptionStatus);
  return statusActive && (!user.subscriptionExpiresAt || user.subscriptionExpiresAt.getTime() > Date.now());
}

export function subscriptionInfo(user: UserRow): SubscriptionInfo {
  return {
    hasActiveSubscription: hasActiveSubscription(user),
    subscriptionStatus: user.subscriptionStatus,
    subscriptionTier: user.subscriptionTier,
    freeQuestionsRemaining: user.freeQuestionsRemaining,
    paidQuestionsRemaining: user.paidQuestionsRemaining,
  };
}

/** Takes one question: paid allowance first while a subscription is active, then free. */
export async function reserveQuestion(db: Database, userId: number): Promise<AllowanceBucket | null> {
  const [paid] = await db
    .update(users)
    .set({ paidQuestionsRemaining: sql`${users.paidQuestionsRemaining} - 1` })
    .where(and(eq(users.id, userId), gt(users.paidQuestionsRemaining, 0), subscriptionActive()))
    .returning({ id: users.id });
  if (paid) return 'paid';
  const [unlimited] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.paidQuestionsRemaining, UNLIMITED), subscriptionActive()));
  if (unlimited) return 'unlimited';
  const [free] = await db
    .update(users)
    .set({ freeQuestionsRemaining: sql`${users.freeQuestionsRemaining} - 1` })
    .where(and(eq(users.id, userId), gt(users.freeQuestionsRemaining, 0)))
    .returning({ id: users.id });
  return free ? 'free' : null;
}

/** Gives back a question taken by reserveQuestion (every model failed). */
export async function refundQuestion(db: Database, userId: number, bucket: AllowanceBucket): Promise<void> {
  if (bucket === 'unlimited') return;
  const column = bucket === 'paid' ? users.paidQuestionsRemaining : users.freeQuestionsRemaining;
  await db
    .update(users)
    .set(
      bucket === 'paid'
        ? { paidQuestionsRemaining: sql`${column} + 1` }
        : { freeQuestionsRemaining: sql`${column} + 1` },
    )
    .where(eq(users.id, userId));
}
