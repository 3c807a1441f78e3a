import { eq, sql, type SQL } from 'drizzle-orm';
import { UNLIMITED_QUERIES } from '../../common/plans';
import type { Transaction } from '../db/client';
import { queries, users } from '../db/schema';
import { changeAllowance } from './ledger';

// What a paid invoice gives the user's paid allowance, as one statement each with its ledger row
// (ledger.ts; docs/architecture.md, "Money and question counts"): a new period brings the plan's whole allowance;
// a plan change made now keeps the period's used questions counted against the new plan, so switching plans never
// refills it (decision 0020).

export type AllowanceGrant =
  /** A new period (first payment, renewal): the plan's whole allowance. */
  | { kind: 'period'; limit: number }
  /**
   * A change that applies mid-period: the new plan's allowance less what was used since the period
   * started. `fromLimit` is the old plan's allowance (null when unknown); `periodStart` unix seconds.
   */
  | { kind: 'change'; fromLimit: number | null; toLimit: number; periodStart: number | null };

export async function applyGrant(tx: Transaction, userId: number, grant: AllowanceGrant): Promise<void> {
  await changeAllowance(tx, {
    who: eq(users.id, userId),
    paid: grant.kind === 'period' ? grant.limit : carriedOver(userId, grant),
    touch: true,
    reason: grant.kind === 'period' ? 'period-started' : 'plan-changed',
  });
}

/**
 * The new remaining allowance, computed in the UPDATE from the row's own value: max(0, new limit -
 * used), used being the old limit less what remains, or the questions charged to the paid or
 * unlimited allowance since the period started when that says more (after an unlimited plan, or a
 * smaller plan whose allowance ran out and so forgot how far beyond it the user had gone).
 */
function carriedOver(userId: number, grant: Extract<AllowanceGrant, { kind: 'change' }>): number | SQL {
  if (grant.toLimit === UNLIMITED_QUERIES) return UNLIMITED_QUERIES;
  const since = grant.periodStart ?? 0;
  const counted = sql`(select count(*)::int from ${queries} where ${queries.userId} = ${userId} and ${queries.chargedTo} in ('paid', 'unlimited') and ${queries.createdAt} >= to_timestamp(${since}::bigint))`;
  const remaining = users.paidQuestionsRemaining;
  const used =
    grant.fromLimit === null || grant.fromLimit === UNLIMITED_QUERIES
      ? counted
      : sql`case when ${remaining} = ${UNLIMITED_QUERIES} then ${counted} else greatest(${grant.fromLimit}::int - ${remaining}, ${counted}) end`;
  return sql`greatest(0, ${grant.toLimit}::int - ${used})`;
}
