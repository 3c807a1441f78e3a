import { and, asc, count, eq, gte, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client';
import { questionReservations, users } from '../db/schema';
import { returnQuestion, takeQuestion, type AllowanceBucket } from './service';

// A question's charge, from taking it to settling it (issue 18, items 1 and 4; decision 0040). The
// question is taken and its reservation recorded in one transaction; it is settled exactly once:
// "charged" in the transaction that saves its result, or "refunded" together with giving it back.
// A reservation nobody could settle (the database went away mid-question, the instance died) stays
// open, and the reconciliation below gives the question back once the question cannot still be running.

export interface Reservation {
  id: number;
  userId: number;
  bucket: AllowanceBucket;
}

/** The Unlimited plan's questions of the day are used up (decision 0059); nothing was taken. */
export class DailyCeilingReached extends Error {
  constructor(
    readonly ceiling: number,
    readonly resetsAt: Date,
  ) {
    super("the Unlimited plan's daily fair-use ceiling is reached");
    this.name = 'DailyCeilingReached';
  }
}

const DAY_MS = 24 * 60 * 60_000;

/**
 * Refuses an Unlimited question past `ceiling` questions this UTC day: those reserved and not given back.
 * The user's row lock, held to the end of the reserving transaction, makes the count and the new
 * reservation one step on every instance, so parallel questions cannot pass the ceiling.
 */
async function withinDailyCeiling(tx: Transaction, userId: number, ceiling: number): Promise<void> {
  await tx.execute(sql`select 1 from ${users} where ${users.id} = ${userId} for update`);
  const [today] = await tx
    .select({ n: count() })
    .from(questionReservations)
    .where(
      and(
        eq(questionReservations.userId, userId),
        eq(questionReservations.bucket, 'unlimited'),
        gte(questionReservations.createdAt, sql`date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'`),
        or(isNull(questionReservations.outcome), ne(questionReservations.outcome, 'refunded')),
      ),
    );
  if ((today?.n ?? 0) >= ceiling) {
    throw new DailyCeilingReached(ceiling, new Date(Math.floor(Date.now() / DAY_MS + 1) * DAY_MS));
  }
}

/**
 * Takes one question and records the reservation; null when the user has none left. Throws
 * DailyCeilingReached when an Unlimited plan has asked `unlimitedPerDay` today (0: no ceiling).
 */
export async function reserveQuestion(db: Database, userId: number, unlimitedPerDay = 0): Promise<Reservation | null> {
  return db.transaction(async (tx) => {
    const bucket = await takeQuestion(tx, userId);
    if (!bucket) return null;
    if (bucket === 'unlimited' && unlimitedPerDay > 0) await withinDailyCeiling(tx, userId, unlimitedPerDay);
    const [row] = await tx
      .insert(questionReservations)
      .values({ userId, bucket })
      .returning({ id: questionReservations.id });
    return { id: row!.id, userId, bucket };
  });
}

/** Closes an open reservation; false when it was already settled (then nothing else may change). */
async function settle(tx: Transaction, reservationId: number, outcome: 'charged' | 'refunded'): Promise<boolean> {
  const settled = await tx
    .update(questionReservations)
    .set({ settledAt: sql`now()`, outcome })
    .where(and(eq(questionReservations.id, reservationId), isNull(questionReservations.settledAt)))
    .returning({ id: questionReservations.id });
  return settled.length > 0;
}

/**
 * Marks the question charged, inside the transaction that saves its result (queries/repository.ts).
 * False when the reconciliation gave it back first (the question outran every bound): the result
 * is then saved as not charged.
 */
export function settleCharged(tx: Transaction, reservationId: number): Promise<boolean> {
  return settle(tx, reservationId, 'charged');
}

/** Marks the question charged when its result could not be saved but the database answers. */
export async function keepCharged(db: Database, reservation: Reservation): Promise<void> {
  await db.transaction((tx) => settle(tx, reservation.id, 'charged'));
}

/** Gives the question back, at most once whoever calls (a failed question, the reconciliation). */
export async function refundReservation(
  db: Database,
  reservation: Reservation,
  reason: 'question-refunded' | 'question-unsettled' = 'question-refunded',
): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await settle(tx, reservation.id, 'refunded'))) return false;
    await returnQuestion(tx, reservation.userId, reservation.bucket, reason);
    return true;
  });
}

/** How many open reservations one reconciliation pass looks at, oldest first. */
const RECONCILE_BATCH = 100;

/**
 * Gives back every question reserved more than `olderThanMs` ago and never settled. Safe with
 * several instances at once: each reservation is settled under its own row lock, at most once.
 * Returns how many questions were given back.
 */
export async function reconcileOpenReservations(
  db: Database,
  olderThanMs: number,
  onReturned: (reservation: Reservation) => void = () => {},
): Promise<number> {
  let returned = 0;
  for (;;) {
    const open = await db
      .select({
        id: questionReservations.id,
        userId: questionReservations.userId,
        bucket: questionReservations.bucket,
      })
      .from(questionReservations)
      .where(
        and(
          isNull(questionReservations.settledAt),
          lt(questionReservations.createdAt, sql`now() - make_interval(secs => ${olderThanMs / 1000})`),
        ),
      )
      .orderBy(asc(questionReservations.createdAt))
      .limit(RECONCILE_BATCH);
    for (const reservation of open) {
      if (await refundReservation(db, reservation, 'question-unsettled')) {
        returned++;
        onReturned(reservation);
      }
    }
    if (open.length < RECONCILE_BATCH) return returned;
  }
}
