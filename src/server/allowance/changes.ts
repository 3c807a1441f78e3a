import { eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client';
import { users } from '../db/schema';
import { changeAllowance, recordOpeningAllowance } from './ledger';

// Every write of a user's question counts outside a question itself (service.ts takes and gives back
// one): a new account's allowance, a reset to the free plan, an ended subscription, an
// administrator's edit and a registration taking over its browser session's allowance. Each is one
// atomic statement that also leaves its ledger row (ledger.ts); allowance/ownership.test.ts keeps
// every other module from writing the two columns or the ledger.

type Writer = Pick<Database, 'execute'>;
type NewAccount = Omit<typeof users.$inferInsert, 'freeQuestionsRemaining' | 'paidQuestionsRemaining'>;
type AccountRow = typeof users.$inferSelect;

/**
 * Creates an account with the whole free allowance and nothing paid, with its opening ledger row in
 * the same transaction. With `ifAbsent`, an account that already exists (a unique name or address
 * taken by a racing insert) is left alone and null returned.
 */
export async function createAccount(
  db: Database,
  values: NewAccount,
  freeQuestions: number,
  options: { ifAbsent?: boolean } = {},
): Promise<AccountRow | null> {
  return db.transaction(async (tx) => {
    const insert = tx.insert(users).values({ ...values, freeQuestionsRemaining: freeQuestions });
    const [created] = await (options.ifAbsent ? insert.onConflictDoNothing() : insert).returning();
    if (!created) return null;
    await recordOpeningAllowance(tx, created.id, freeQuestions);
    return created;
  });
}

/** A subscription ended, or every subscription was dropped with the payment settings: paid questions go. */
export async function endPaidAllowance(
  db: Writer,
  userIds: number[],
  reason: 'subscription-ended' | 'payments-reset',
): Promise<void> {
  if (userIds.length === 0) return;
  await changeAllowance(db, { who: inArray(users.id, userIds), paid: 0, reason });
}

/** Back to the free plan: no paid questions, and the free allowance whole again. */
export async function resetToFreeAllowance(db: Writer, userId: number, freeQuestions: number): Promise<void> {
  await changeAllowance(db, {
    who: eq(users.id, userId),
    paid: 0,
    free: freeQuestions,
    touch: true,
    reason: 'reset-to-free',
  });
}

/** An administrator sets either count or both. */
export async function setAllowance(
  db: Writer,
  userId: number,
  counts: { freeQuestionsRemaining?: number; paidQuestionsRemaining?: number },
  adminId: number,
): Promise<void> {
  await changeAllowance(db, {
    who: eq(users.id, userId),
    free: counts.freeQuestionsRemaining,
    paid: counts.paidQuestionsRemaining,
    reason: 'admin-edit',
    actorUserId: adminId,
  });
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
  await changeAllowance(tx, {
    who: eq(users.id, userId),
    free: sql`least(${users.freeQuestionsRemaining}, ${left.free}::int)`,
    touch: true,
    reason: 'session-takeover',
  });
  await changeAllowance(tx, { who: eq(users.id, sessionUserId), free: 0, touch: true, reason: 'session-takeover' });
}
