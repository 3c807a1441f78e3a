import { eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client';
import { users } from '../db/schema';

// Every write of a user's question counts outside a question itself (service.ts takes and gives back
// one): the allowance a new account starts with, a reset to the free plan, an ended subscription, an
// administrator's edit and a registration taking over its browser session's allowance. Each is one
// UPDATE, atomic on its own (DESIGN.md section 4); allowance/ownership.test.ts keeps every other
// module from writing the two columns.

type Writer = Pick<Database, 'update'>;

/** The counts a new account starts with: the whole free allowance, nothing paid. */
export function startingAllowance(freeQuestions: number): { freeQuestionsRemaining: number } {
  return { freeQuestionsRemaining: freeQuestions };
}

/** A subscription ended or was dropped: its paid questions go with it. */
export async function endPaidAllowance(db: Writer, userIds: number[]): Promise<void> {
  if (userIds.length === 0) return;
  await db.update(users).set({ paidQuestionsRemaining: 0 }).where(inArray(users.id, userIds));
}

/** Back to the free plan: no paid questions, and the free allowance whole again. */
export async function resetToFreeAllowance(db: Writer, userId: number, freeQuestions: number): Promise<void> {
  await db
    .update(users)
    .set({ paidQuestionsRemaining: 0, freeQuestionsRemaining: freeQuestions, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/** An administrator sets either count or both. */
export async function setAllowance(
  db: Writer,
  userId: number,
  counts: { freeQuestionsRemaining?: number; paidQuestionsRemaining?: number },
): Promise<void> {
  const set = {
    ...(counts.freeQuestionsRemaining !== undefined && { freeQuestionsRemaining: counts.freeQuestionsRemaining }),
    ...(counts.paidQuestionsRemaining !== undefined && { paidQuestionsRemaining: counts.paidQuestionsRemaining }),
  };
  if (Object.keys(set).length === 0) return;
  await db.update(users).set(set).where(eq(users.id, userId));
}

/**
 * A registration takes over its browser session's allowance (decision 0022): the account keeps at most
 * the free questions the session had left, and the session keeps none. Read under a row lock, so a
 * question the session asks at this moment is counted before the move.
 */
export async function takeOverSessionAllowance(tx: Transaction, sessionUserId: number, userId: number): Promise<void> {
  const [left] = await tx
    .select({ free: users.freeQuestionsRemaining })
    .from(users)
    .where(eq(users.id, sessionUserId))
    .for('update');
  if (!left) return;
  await tx
    .update(users)
    .set({ freeQuestionsRemaining: sql`least(${users.freeQuestionsRemaining}, ${left.free})`, updatedAt: new Date() })
    .where(eq(users.id, userId));
  await tx.update(users).set({ freeQuestionsRemaining: 0, updatedAt: new Date() }).where(eq(users.id, sessionUserId));
}
