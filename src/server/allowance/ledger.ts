import { desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AllowanceChangeReason } from '../../common/allowance-ledger';
import type { AllowanceLedgerEntry } from '../../common/admin-user-schemas';
import { UNLIMITED_QUERIES } from '../../common/plans';
import type { Database } from '../db/client';
import { allowanceLedger, users } from '../db/schema';

// Every change of a user's question counts goes through changeAllowance: one statement that locks
// the rows, writes the new counts and records each count that moved in allowance_ledger, so the
// history can never disagree with the balance (docs/architecture.md, "Money and question counts"; decision 0026).

type Executor = Pick<Database, 'execute'>;

export interface AllowanceChange {
  /** Which users, as a condition on the users table. */
  who: SQL;
  /** A further condition a row must meet to change (a count above zero, an active plan). */
  onlyIf?: SQL;
  /** The new counts, as values or as SQL over the row's own columns; a count left out stays. */
  free?: number | SQL;
  paid?: number | SQL;
  /** Also stamp updated_at, as the account's other edits do. */
  touch?: boolean;
  reason: AllowanceChangeReason;
  /** The administrator making the change; none for the user's own questions and for the system. */
  actorUserId?: number | null;
}

export interface ChangedAllowance {
  userId: number;
  free: number;
  paid: number;
}

interface ChangedRow extends Record<string, unknown> {
  user_id: number;
  free_after: number;
  paid_after: number;
}

/**
 * Writes the counts and their ledger rows in one statement. The prior counts are read under a row
 * lock in the same statement, so a concurrent question cannot slip between the read and the write
 * and leave a delta that does not add up. Returns the rows that changed.
 */
export async function changeAllowance(db: Executor, change: AllowanceChange): Promise<ChangedAllowance[]> {
  const assignments: SQL[] = [];
  if (change.free !== undefined) assignments.push(sql`free_questions_remaining = ${change.free}`);
  if (change.paid !== undefined) assignments.push(sql`paid_questions_remaining = ${change.paid}`);
  if (change.touch) assignments.push(sql`updated_at = now()`);
  if (assignments.length === 0) return [];
  const actor = change.actorUserId ?? null;
  const result = await db.execute<ChangedRow>(sql`
    with prior as (
      select ${users.id} as user_id, ${users.freeQuestionsRemaining} as free, ${users.paidQuestionsRemaining} as paid
      from ${users} where ${change.who} for update
    ), changed as (
      update ${users} set ${sql.join(assignments, sql`, `)}
      from prior where ${users.id} = prior.user_id ${change.onlyIf ? sql`and ${change.onlyIf}` : sql``}
      returning ${users.id} as user_id, prior.free as free_before, prior.paid as paid_before,
        ${users.freeQuestionsRemaining} as free_after, ${users.paidQuestionsRemaining} as paid_after
    ), logged as (
      insert into ${allowanceLedger} (user_id, bucket, delta, balance_after, reason, actor_user_id)
      select user_id, 'free', free_after - free_before, free_after, ${change.reason}::text, ${actor}::int
        from changed where free_after <> free_before
      union all
      select user_id, 'paid',
          case when ${UNLIMITED_QUERIES}::int in (paid_before, paid_after) then null else paid_after - paid_before end,
          paid_after, ${change.reason}::text, ${actor}::int
        from changed where paid_after <> paid_before
    )
    select user_id, free_after, paid_after from changed`);
  // Both drivers (node-postgres and PGlite) answer a raw statement with its rows under `rows`.
  const rows = (result as unknown as { rows: ChangedRow[] }).rows;
  return rows.map((row) => ({ userId: row.user_id, free: row.free_after, paid: row.paid_after }));
}

/** The first ledger row of a new account: its whole free allowance. */
export async function recordOpeningAllowance(
  db: Pick<Database, 'insert'>,
  userId: number,
  freeQuestions: number,
): Promise<void> {
  await db.insert(allowanceLedger).values({
    userId,
    bucket: 'free',
    delta: freeQuestions,
    balanceAfter: freeQuestions,
    reason: 'account-opened',
  });
}

const actors = alias(users, 'actor');

/** A user's allowance history, newest first. */
export async function listAllowanceLedger(
  db: Database,
  userId: number,
  limit: number,
): Promise<AllowanceLedgerEntry[]> {
  const rows = await db
    .select({
      id: allowanceLedger.id,
      bucket: allowanceLedger.bucket,
      delta: allowanceLedger.delta,
      balanceAfter: allowanceLedger.balanceAfter,
      reason: allowanceLedger.reason,
      actorId: actors.id,
      actorUsername: actors.username,
      createdAt: allowanceLedger.createdAt,
    })
    .from(allowanceLedger)
    .leftJoin(actors, eq(actors.id, allowanceLedger.actorUserId))
    .where(eq(allowanceLedger.userId, userId))
    .orderBy(desc(allowanceLedger.id))
    .limit(limit);
  return rows.map(({ actorId, actorUsername, createdAt, ...row }) => ({
    ...row,
    actor: actorId !== null && actorUsername !== null ? { id: actorId, username: actorUsername } : null,
    createdAt: createdAt.toISOString(),
  }));
}
