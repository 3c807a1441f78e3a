import { and, asc, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { AnswerForComparison, ComparisonAnalysis, Settlement } from '../../common/comparison';
import { MAX_SETTLEMENTS_PER_QUESTION } from '../../common/limits';
import { COMPARISON_MODEL } from '../../common/models';
import { hasAnswerText } from '../../common/query-schemas';
import { settleCharged, type Reservation } from '../allowance/reservation-service';
import { applySettlement, disagreementKey } from '../comparison/cross-examination';
import type { Database, Transaction } from '../db/client';
import { queries, questionReservations, responses, settlements } from '../db/schema';
import { writeComparison } from './repository';

// The rounds of 'Settle this' (issue 13, item 2; queries/settle.ts): one per disagreement and at most
// MAX_SETTLEMENTS_PER_QUESTION per question, both held by taking the round under the question's row
// lock; the round's outcome is written with the comparison it changes and its charge, in one transaction.

export type TakeSettlement = 'taken' | 'settled' | 'used-up' | 'gone';

/** Takes the disagreement's one round, if it has not had it and the question has rounds left. */
export async function takeSettlement(db: Database, queryId: number, key: string): Promise<TakeSettlement> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: queries.id })
      .from(queries)
      .where(and(eq(queries.id, queryId), isNull(queries.deletedAt)))
      .for('update');
    if (!row) return 'gone';
    // A round that died with its instance: its question was given back (by the reconciliation, or
    // never reserved a minute on), so the disagreement may be re-checked again.
    await tx.execute(sql`
      delete from ${settlements} s
      where s.query_id = ${queryId} and s.outcome is null
        and (exists (select 1 from ${questionReservations} r where r.id = s.reservation_id and r.outcome = 'refunded')
          or (s.reservation_id is null and s.created_at < now() - interval '1 minute'))`);
    const taken = await tx
      .select({ key: settlements.disagreementKey })
      .from(settlements)
      .where(eq(settlements.queryId, queryId));
    if (taken.some((round) => round.key === key)) return 'settled';
    if (taken.length >= MAX_SETTLEMENTS_PER_QUESTION) return 'used-up';
    await tx.insert(settlements).values({ queryId, disagreementKey: key });
    return 'taken';
  });
}

/** Records the question reserved for a round it took. */
export async function holdSettlement(db: Database, queryId: number, key: string, reservationId: number) {
  await db
    .update(settlements)
    .set({ reservationId })
    .where(and(eq(settlements.queryId, queryId), eq(settlements.disagreementKey, key)));
}

/** Gives a round back that brought nothing (refused before it began, or no model replied). */
export async function returnSettlement(db: Database, queryId: number, key: string): Promise<void> {
  await db
    .delete(settlements)
    .where(and(eq(settlements.queryId, queryId), eq(settlements.disagreementKey, key), isNull(settlements.outcome)));
}

/** The rounds a question has had, oldest first: a comparison made again (a retry) carries them over. */
export async function finishedSettlements(
  db: Database | Transaction,
  queryId: number,
): Promise<{ key: string; outcome: Settlement }[]> {
  const rows = await db
    .select({ key: settlements.disagreementKey, outcome: settlements.outcome })
    .from(settlements)
    .where(and(eq(settlements.queryId, queryId), isNotNull(settlements.outcome)))
    .orderBy(asc(settlements.id));
  return rows.map((row) => ({ key: row.key, outcome: row.outcome! }));
}

/** The comparison with every finished round of the question applied (a retry's new comparison). */
export async function withFinishedRounds(
  tx: Database | Transaction,
  queryId: number,
  comparison: ComparisonAnalysis,
  answers: readonly AnswerForComparison[],
): Promise<ComparisonAnalysis> {
  const rounds = await finishedSettlements(tx, queryId);
  return rounds.reduce((made, round) => applySettlement(made, answers, round.key, round.outcome), comparison);
}

/** A saved question's answers as the ranking counts them: a stopped answer on the part that arrived. */
export async function answersForRanking(tx: Database | Transaction, queryId: number) {
  const rows = await tx
    .select({ model: responses.model, text: responses.text, error: responses.error, failure: responses.failure })
    .from(responses)
    .where(and(eq(responses.queryId, queryId), ne(responses.model, COMPARISON_MODEL)))
    .orderBy(asc(responses.id));
  return rows.map(rankedAnswer);
}

/** An answer as the ranking counts it: a stopped answer on the part that arrived (service.ts, compareAnswers). */
export const rankedAnswer = (answer: {
  model: string;
  text: string | null;
  error: string | null;
  failure: string | null;
}) => ({
  model: answer.model,
  text: answer.text,
  error: answer.failure === 'stopped' && hasAnswerText(answer.text) ? null : answer.error,
});

/**
 * Ends a round: its charge settled, its outcome recorded, and the question's comparison as it is now
 * (read under the row lock, so a retry's comparison saved meanwhile is the one updated) changed by it.
 * Returns the comparison saved and whether the round was charged.
 */
export async function saveSettlement(
  db: Database,
  round: { queryId: number; key: string; settlement: Settlement; reservation: Reservation },
): Promise<{ comparison: ComparisonAnalysis | null; charged: boolean }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ summary: queries.comparisonSummary, claims: queries.comparisonClaims })
      .from(queries)
      .where(eq(queries.id, round.queryId))
      .for('update');
    // A retry may have made the comparison again without this disagreement meanwhile: then the round
    // changed nothing, and is not charged (the caller gives the question and the round back).
    if (!row?.summary?.disagreements.some((d) => disagreementKey(d) === round.key)) {
      return { comparison: null, charged: false };
    }
    const charged = await settleCharged(tx, round.reservation.id);
    const answers = await answersForRanking(tx, round.queryId);
    const before = { ...row.summary, ...(row.claims && { claims: row.claims }) };
    const comparison = applySettlement(before, answers, round.key, round.settlement);
    await writeComparison(tx, round.queryId, comparison, answers);
    await tx
      .update(settlements)
      .set({ outcome: round.settlement, chargedTo: charged ? round.reservation.bucket : null })
      .where(and(eq(settlements.queryId, round.queryId), eq(settlements.disagreementKey, round.key)));
    return { comparison, charged };
  });
}
