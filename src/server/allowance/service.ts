import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { UNVERIFIED_FREE_QUESTIONS } from '../../common/limits';
import { UNLIMITED_QUERIES } from '../../common/plans';
import type { SubscriptionInfo } from '../../common/query-schemas';
import { ACTIVE_SUBSCRIPTION_STATUSES, isActiveStatus } from '../../common/subscription-state';
import type { Database } from '../db/client';
import { questionReservations, users } from '../db/schema';
import type { UserRow } from '../users/repository';
import { changeAllowance } from './ledger';

// Question counts change only through single atomic statements (ledger.ts;
// docs/architecture.md, "Money and question counts"): two requests racing for the last question cannot both win,
// and nothing ever goes below zero.

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

/**
 * Free questions need a verified email (decision 0060): an account whose address is not verified may
 * take UNVERIFIED_FREE_QUESTIONS of them (its free questions not given back). Anonymous session users
 * have no address; the anonymous caps bound them instead.
 */
const mayTakeFree = () =>
  or(
    users.emailVerified,
    isNull(users.email),
    sql`(select count(*) from ${questionReservations} where ${questionReservations.userId} = ${users.id} and ${questionReservations.bucket} = 'free' and ${questionReservations.outcome} is distinct from 'refunded') < ${UNVERIFIED_FREE_QUESTIONS}`,
  );

/** A database handle or an open transaction: the allowance moves inside whichever it is given. */
export type AllowanceExecutor = Pick<Database, 'execute' | 'select'>;

/**
 * Takes one question: paid allowance first while a subscription is active, then free. Only
 * reservation-service.ts calls it, inside the transaction that records the reservation.
 */
export async function takeQuestion(db: AllowanceExecutor, userId: number): Promise<AllowanceBucket | null> {
  const [paid] = await changeAllowance(db, {
    who: eq(users.id, userId),
    onlyIf: and(gt(users.paidQuestionsRemaining, 0), subscriptionActive()),
    paid: sql`${users.paidQuestionsRemaining} - 1`,
    reason: 'question-asked',
  });
  if (paid) return 'paid';
  const [unlimited] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.paidQuestionsRemaining, UNLIMITED_QUERIES), subscriptionActive()));
  if (unlimited) return 'unlimited';
  // The row lock comes first, so the count in mayTakeFree sees every question a concurrent request of
  // the same user took: two cannot both take an unverified account's last one.
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  const [free] = await changeAllowance(db, {
    who: eq(users.id, userId),
    onlyIf: and(gt(users.freeQuestionsRemaining, 0), mayTakeFree()),
    free: sql`${users.freeQuestionsRemaining} - 1`,
    reason: 'question-asked',
  });
  return free ? 'free' : null;
}

/** Gives back a question taken by takeQuestion; reservation-service.ts calls it at most once per reservation. */
export async function returnQuestion(
  db: AllowanceExecutor,
  userId: number,
  bucket: AllowanceBucket,
  reason: 'question-refunded' | 'question-unsettled',
): Promise<void> {
  if (bucket === 'unlimited') return;
  await changeAllowance(db, {
    who: eq(users.id, userId),
    ...(bucket === 'paid'
      ? { paid: sql`${users.paidQuestionsRemaining} + 1` }
      : { free: sql`${users.freeQuestionsRemaining} + 1` }),
    reason,
  });
}
