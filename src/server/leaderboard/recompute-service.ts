import { and, asc, eq, gt, inArray, isNotNull, ne } from 'drizzle-orm';
import type { AnswerClaims, ComparisonAnalysis } from '../../common/comparison';
import { COMPARISON_MODEL } from '../../common/models';
import { toStorableJson } from '../../common/text-rules';
import { hasAnswerText } from '../../common/answer-text';
import { comparedPart } from '../comparison/compared-part';
import { noteCitedSources } from '../comparison/cited-positions';
import { assembleConsensus } from '../comparison/consensus';
import { analyseLocally } from '../comparison/local-analyser';
import type { Database, Transaction } from '../db/client';
import { leaderboardAnswers, queries, responses, settlements } from '../db/schema';
import { writeComparison } from '../queries/repository';
import { answerColumns, leaderboardAnswersOf, writeLeaderboardAnswers, type LeaderboardAnswer } from './answers';

// Stored questions brought up to the current comparison and leaderboard rules (issue 33, item 6; decision 0062;
// docs/operations.md, "Recomputing comparisons"). A question the local analyser compared, and whose
// disagreements nobody re-checked, is compared again and saved as the app saves a retry's comparison; any other
// question keeps its comparison (a judge's findings cannot be made again without the judge, and a re-check's
// round belongs to the comparison it was run on). Either way its leaderboard rows are rewritten from the
// comparison it keeps, in the transaction that saves it. A question whose comparison and rows are already
// what the rules make is not written at all, so a second run changes nothing.

export const RECOMPUTE_BATCH_SIZE = 100;

export interface RecomputeReport {
  /** Questions with a comparison that were read. */
  read: number;
  /** Compared again by the local analyser, their comparison and leaderboard rows replaced. */
  compared: number;
  /** Comparisons kept (a judge's, or re-checked), their leaderboard rows rewritten. */
  rowsRewritten: number;
  /** Already as the rules make them: nothing written. */
  unchanged: number;
  /** Changed by the app while they were read (a retry, a re-check): left for the next run. */
  busy: number;
}

type StoredQuestion = Pick<
  typeof queries.$inferSelect,
  'id' | 'text' | 'createdAt' | 'answersVersion' | 'comparisonSummary' | 'comparisonClaims'
>;
type StoredAnswer = Awaited<ReturnType<typeof readAnswers>>[number];

/**
 * The comparison the app makes of these answers without a judge (queries/service.ts, compareAnswers): each
 * answer read as far as the comparison reads, a stopped one on the part that arrived, cited sources noted and
 * the Parallax answer assembled. Null when no answer has text to compare.
 */
export function localComparisonOf(question: string, answers: readonly StoredAnswer[]): ComparisonAnalysis | null {
  const parts = answers.map((a) => ({
    ...a,
    text: a.text === null ? null : comparedPart(a.text),
    sources: a.sources ?? [],
    citationMarks: a.citationMarks ?? [],
  }));
  // A stopped answer is compared on the part that arrived (queries/settlements-repository.ts, rankedAnswer).
  const forComparison = parts.map((a) => ({
    model: a.model,
    text: a.text,
    error: a.failure === 'stopped' && hasAnswerText(a.text) ? null : a.error,
  }));
  if (!forComparison.some((a) => a.error === null && hasAnswerText(a.text))) return null;
  const analysed = analyseLocally(forComparison, question);
  const stopped = answers.filter((a) => a.failure === 'stopped' && hasAnswerText(a.text)).map((a) => a.model);
  const comparedInPart = forComparison.flatMap((a, i) =>
    a.error === null && a.text !== null && a.text.length < (answers[i]!.text?.length ?? 0)
      ? [{ model: a.model, chars: a.text.length }]
      : [],
  );
  // The worker's 'finish' task (comparison/comparison-tasks.ts), run here: this process serves nobody.
  const comparison = noteCitedSources(analysed, parts);
  const consensus = assembleConsensus(analysed, parts);
  return {
    ...comparison,
    ...(stopped.length > 0 && { stopped }),
    ...(comparedInPart.length > 0 && { comparedInPart }),
    ...(consensus && { consensus }),
  };
}

/** JSON with its object keys in one order, as PostgreSQL's jsonb hands it back in its own. */
function canonical(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

/** The comparison as its two columns store it. */
function stored(comparison: ComparisonAnalysis): { summary: string; claims: string } {
  const { claims, ...summary } = comparison;
  return { summary: canonical(toStorableJson(summary)), claims: canonical(claims ? toStorableJson(claims) : null) };
}

const byModel = (a: { model: string }, b: { model: string }) => a.model.localeCompare(b.model);
const rowKey = (row: LeaderboardAnswer) =>
  canonical({ ...row, tiedFirst: row.tiedFirst ?? 0, firstTokenBucket: row.firstTokenBucket ?? null });

/** Whether a re-check ran, or runs now, on any of the question's disagreements. */
const reChecked = (summary: NonNullable<StoredQuestion['comparisonSummary']>, hasRound: boolean) =>
  hasRound || summary.disagreements.some((d) => d.settlement !== undefined);

async function readAnswers(db: Database, queryIds: number[]) {
  return db
    .select({
      queryId: responses.queryId,
      ...answerColumns,
      sources: responses.sources,
      citationMarks: responses.citationMarks,
    })
    .from(responses)
    .where(and(inArray(responses.queryId, queryIds), ne(responses.model, COMPARISON_MODEL)))
    .orderBy(asc(responses.id));
}

async function hasRoundOf(tx: Transaction, queryId: number): Promise<boolean> {
  const rows = await tx
    .select({ id: settlements.id })
    .from(settlements)
    .where(eq(settlements.queryId, queryId))
    .limit(1);
  return rows.length > 0;
}

type Outcome = 'compared' | 'rowsRewritten' | 'unchanged' | 'busy';

async function recomputeQuestion(
  db: Database,
  question: StoredQuestion & { comparisonSummary: NonNullable<StoredQuestion['comparisonSummary']> },
  answers: StoredAnswer[],
): Promise<Outcome> {
  const before = { summary: canonical(question.comparisonSummary), claims: canonical(question.comparisonClaims) };
  // The analysis runs before the transaction, so no row is locked while it works.
  const remade =
    question.comparisonSummary.judge.kind === 'local' && !reChecked(question.comparisonSummary, false)
      ? localComparisonOf(question.text, answers)
      : null;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        answersVersion: queries.answersVersion,
        summary: queries.comparisonSummary,
        claims: queries.comparisonClaims,
      })
      .from(queries)
      .where(eq(queries.id, question.id))
      .for('update');
    // A retry or a re-check saved since the question was read: its own save counted it by these rules.
    if (
      !row ||
      row.answersVersion !== question.answersVersion ||
      canonical(row.summary) !== before.summary ||
      canonical(row.claims) !== before.claims
    )
      return 'busy';
    if (remade && !(await hasRoundOf(tx, question.id))) {
      const after = stored(remade);
      if (after.summary !== before.summary || after.claims !== before.claims) {
        await writeComparison(tx, question.id, remade, answers);
        return 'compared';
      }
    }
    const kept = question.comparisonSummary;
    const expected = leaderboardAnswersOf({
      createdAt: question.createdAt,
      comparison: kept,
      claims: (row.claims as AnswerClaims[] | null) ?? null,
      answers,
    });
    const current = await tx.select().from(leaderboardAnswers).where(eq(leaderboardAnswers.queryId, question.id));
    const same =
      current.length === expected.length &&
      [...current]
        .sort(byModel)
        .every((row, i) => rowKey({ ...row, queryId: undefined } as LeaderboardAnswer) === rowKey(expected[i]!));
    if (same) return 'unchanged';
    await writeLeaderboardAnswers(tx, question.id, expected, { replace: true });
    return 'rowsRewritten';
  });
}

/**
 * Runs over every stored question with a comparison, `batchSize` at a time in id order; each question is
 * written in its own short transaction, so the app's saves wait at most one question's write.
 */
export async function recomputeComparisons(
  db: Database,
  {
    batchSize = RECOMPUTE_BATCH_SIZE,
    onBatch,
  }: { batchSize?: number; onBatch?: (report: RecomputeReport) => void } = {},
): Promise<RecomputeReport> {
  const report: RecomputeReport = { read: 0, compared: 0, rowsRewritten: 0, unchanged: 0, busy: 0 };
  let after = 0;
  for (;;) {
    const batch = await db
      .select({
        id: queries.id,
        text: queries.text,
        createdAt: queries.createdAt,
        answersVersion: queries.answersVersion,
        comparisonSummary: queries.comparisonSummary,
        comparisonClaims: queries.comparisonClaims,
      })
      .from(queries)
      .where(and(gt(queries.id, after), isNotNull(queries.comparisonSummary)))
      .orderBy(asc(queries.id))
      .limit(batchSize);
    if (batch.length === 0) return report;
    const answers = await readAnswers(
      db,
      batch.map((q) => q.id),
    );
    for (const question of batch) {
      report.read += 1;
      const own = answers.filter((a) => a.queryId === question.id);
      const outcome = await recomputeQuestion(db, { ...question, comparisonSummary: question.comparisonSummary! }, own);
      report[outcome] += 1;
    }
    after = batch.at(-1)!.id;
    onBatch?.({ ...report });
  }
}
