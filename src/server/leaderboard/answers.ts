import { and, asc, eq, ne } from 'drizzle-orm';
import type { AnswerClaims, ComparisonAnalysis } from '../../common/comparison';
import { hasAnswerText } from '../../common/answer-text';
import { COMPARISON_MODEL } from '../../common/models';
import type { Transaction } from '../db/client';
import { leaderboardAnswers, queries, responses } from '../db/schema';
import { firstPlacesOf } from './first-place';
import { firstTokenBucket } from './first-token-buckets';

// What each compared answer of a question adds to the leaderboard (issue 14, item 3). An answer counts when
// the question has a comparison and at least one other model answered too; the rollup (migration 0020's
// trigger) follows every rewrite of these rows, so the figures never need a scan of the answers.

export interface AnswerForLeaderboard {
  model: string;
  modelVersion: string | null;
  text: string | null;
  error: string | null;
  failure: string | null;
  firstTokenMs: number | null;
}

export interface QuestionForLeaderboard {
  createdAt: Date;
  comparison: Pick<ComparisonAnalysis, 'confidenceRanking'> | null;
  claims: AnswerClaims[] | null;
  answers: readonly AnswerForLeaderboard[];
}

export type LeaderboardAnswer = Omit<typeof leaderboardAnswers.$inferInsert, 'queryId'>;

/** The UTC day a question counts on. */
export const leaderboardDay = (at: Date) => at.toISOString().slice(0, 10);

// A stopped answer with words was compared as far as it went (queries/settlements-repository.ts does the same).
const answered = (a: AnswerForLeaderboard) =>
  a.model !== COMPARISON_MODEL && (!a.error || a.failure === 'stopped') && hasAnswerText(a.text);
// Only an answer that came in full can hold a place in the ranking: a stopped one has no score.
const answeredInFull = (a: AnswerForLeaderboard) => answered(a) && !a.error;

export function leaderboardAnswersOf(question: QuestionForLeaderboard): LeaderboardAnswer[] {
  if (!question.comparison) return [];
  const compared = question.answers.filter(answered);
  if (compared.length < 2) return [];
  const ranking = question.comparison.confidenceRanking;
  const places = firstPlacesOf(ranking, new Set(compared.filter(answeredInFull).map((a) => a.model)));
  return compared
    .map((answer) => {
      const claims = question.claims?.find((entry) => entry.model === answer.model)?.claims;
      const entry = ranking.find((r) => r.model === answer.model);
      // The claims as marked are the count; questions saved before claims existed have the ranking's.
      const checked = claims ? claims.filter((c) => c.status !== 'single-source').length : (entry?.checked ?? 0);
      const contradicted = claims
        ? claims.filter((c) => c.status === 'contradicted').length
        : (entry?.contradicted ?? 0);
      return {
        model: answer.model,
        modelVersion: answer.modelVersion ?? '',
        day: leaderboardDay(question.createdAt),
        claimsChecked: checked,
        claimsContradicted: contradicted,
        firstPlace: places.get(answer.model) === 'first' ? 1 : 0,
        tiedFirst: places.get(answer.model) === 'tied-first' ? 1 : 0,
        firstTokenBucket: answer.firstTokenMs === null ? null : firstTokenBucket(answer.firstTokenMs),
      };
    })
    .sort((a, b) => a.model.localeCompare(b.model));
}

/**
 * Rewrites a question's rows inside the transaction that saved its comparison. Rows go in model order, so
 * two transactions touching the same days' rollup rows take their locks in one order.
 */
export async function writeLeaderboardAnswers(
  tx: Transaction,
  queryId: number,
  rows: readonly LeaderboardAnswer[],
  { replace }: { replace: boolean },
): Promise<void> {
  if (replace) await tx.delete(leaderboardAnswers).where(eq(leaderboardAnswers.queryId, queryId));
  if (rows.length > 0) await tx.insert(leaderboardAnswers).values(rows.map((row) => ({ ...row, queryId })));
}

/** The responses columns an answer is counted from. */
export const answerColumns = {
  model: responses.model,
  modelVersion: responses.modelVersion,
  text: responses.text,
  error: responses.error,
  failure: responses.failure,
  firstTokenMs: responses.firstTokenMs,
};

/**
 * Rewrites a saved question's rows with the comparison just written for it (a retry or a re-check): only
 * its answers and date are read back, in one statement, not the comparison the caller already holds.
 */
export async function refreshLeaderboardAnswers(
  tx: Transaction,
  queryId: number,
  comparison: Pick<ComparisonAnalysis, 'confidenceRanking' | 'claims'> | null,
): Promise<void> {
  const answers = await tx
    .select({ createdAt: queries.createdAt, ...answerColumns })
    .from(responses)
    .innerJoin(queries, eq(queries.id, responses.queryId))
    .where(and(eq(responses.queryId, queryId), ne(responses.model, COMPARISON_MODEL)))
    .orderBy(asc(responses.id));
  const counted =
    answers.length > 0
      ? leaderboardAnswersOf({
          createdAt: answers[0]!.createdAt,
          comparison,
          claims: comparison?.claims ?? null,
          answers,
        })
      : [];
  await writeLeaderboardAnswers(tx, queryId, counted, { replace: true });
}
