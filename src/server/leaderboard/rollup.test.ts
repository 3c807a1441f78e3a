import fc from 'fast-check';
import { eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerClaims, ClaimStatus, ComparisonAnalysis } from '../../common/comparison';
import { COMPARISON_MODEL, modelKeys } from '../../common/models';
import { createTestDatabase, type TestDatabase } from '../../../tests/helpers/test-app';
import { leaderboardDaily, leaderboardTotals, queries, responses, users } from '../db/schema';
import { saveQuery, saveRetriedAnswer, saveRetriedComparison, type NewResponse } from '../queries/repository';
import { deleteQuestion } from '../queries/history-repository';
import { findOrCreateSessionUser } from '../users/repository';
import { answerColumns, leaderboardAnswersOf, type QuestionForLeaderboard } from './answers';

// The leaderboard's rollup (issue 14, item 3) is kept row by row as questions are saved, re-compared after a
// retry or a re-check, and deleted, by migration 0020's trigger. After 1,000 random questions it must equal
// a full recount from the stored questions and answers.

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.close();
});

const VERSIONS = ['v1', 'v2', null] as const;
const answerArb = fc.record({
  version: fc.constantFrom(...VERSIONS),
  kind: fc.constantFrom('text', 'text', 'text', 'error', 'stopped', 'blank'),
  firstTokenMs: fc.option(fc.integer({ min: 0, max: 400_000 }), { nil: null }),
  claims: fc.array(fc.constantFrom<ClaimStatus>('agreed', 'contradicted', 'single-source'), { maxLength: 5 }),
});
type ArbAnswer = typeof answerArb extends fc.Arbitrary<infer A> ? A : never;
const comparisonArb = fc.option(
  fc.record({
    order: fc.array(fc.nat(), { minLength: 3, maxLength: 3 }),
    claims: fc.array(answerArb, { minLength: 3, maxLength: 3 }),
  }),
  { nil: null, freq: 5 },
);
const questionArb = fc.record({
  models: fc.shuffledSubarray([...modelKeys], { minLength: 1, maxLength: 3 }),
  answers: fc.array(answerArb, { minLength: 3, maxLength: 3 }),
  comparison: comparisonArb,
  owner: fc.nat({ max: 2 }),
  // What happens to it later: nothing, a re-comparison, a retried answer, a deletion (undoable, then purged).
  later: fc.array(
    fc.oneof(
      fc.record({ kind: fc.constant('recompare' as const), comparison: comparisonArb }),
      fc.record({
        kind: fc.constant('retry' as const),
        answer: fc.nat({ max: 2 }),
        with: answerArb,
        comparison: comparisonArb,
      }),
      fc.record({ kind: fc.constant('soft-delete' as const) }),
      fc.record({ kind: fc.constant('purge' as const) }),
    ),
    { maxLength: 2 },
  ),
});

function responseOf(model: string, a: ArbAnswer): NewResponse {
  const text = a.kind === 'error' ? null : a.kind === 'blank' ? '  ' : `${model} says 1 2 3 4 5.`;
  return {
    model,
    modelVersion: a.version,
    text,
    error: a.kind === 'error' ? 'The model failed' : a.kind === 'stopped' ? 'Stopped' : null,
    failure: a.kind === 'error' ? 'vendor-error' : a.kind === 'stopped' ? 'stopped' : null,
    responseTimeMs: 10,
    confidenceScore: null,
    inputTokens: null,
    outputTokens: null,
    sources: [],
    citationMarks: [],
    reasoning: null,
    thinkingMs: null,
    firstTokenMs: a.kind === 'error' ? null : a.firstTokenMs,
  };
}

function comparisonOf(
  models: string[],
  made: { order: number[]; claims: ArbAnswer[] } | null,
): ComparisonAnalysis | null {
  if (!made) return null;
  const ranked = models
    .map((model, i) => ({ model, key: made.order[i]! }))
    .sort((a, b) => a.key - b.key || a.model.localeCompare(b.model));
  const claims: AnswerClaims[] = models.map((model, i) => ({
    model,
    claims: made.claims[i]!.claims.map((status, k) => ({
      start: 2 * k,
      end: 2 * k + 1,
      text: `${model} says ${k + 1}.`,
      status,
      agreedBy: [],
      contradictedBy: [],
      source: 'local' as const,
    })),
  }));
  return {
    summary: 'Compared.',
    agreements: [],
    disagreements: [],
    // A lower key ranks higher; keys equal modulo 5 score the same, so ties at the top come up often.
    confidenceRanking: ranked.map(({ model, key }) => ({ model, displayName: model, score: 1 - (key % 5) / 4 })),
    judge: { kind: 'local' } as ComparisonAnalysis['judge'],
    claims,
  };
}

/** The leaderboard counted again from every stored question, the slow way. */
async function recount() {
  const rows = await t.db
    .select({
      id: queries.id,
      createdAt: queries.createdAt,
      comparison: queries.comparisonSummary,
      claims: queries.comparisonClaims,
    })
    .from(queries);
  const answers = await t.db
    .select({ queryId: responses.queryId, ...answerColumns })
    .from(responses)
    .where(ne(responses.model, COMPARISON_MODEL));
  const totals = new Map<
    string,
    {
      questions: number;
      checked: number;
      contradicted: number;
      firsts: number;
      ties: number;
      timed: number;
      counts: number[];
    }
  >();
  for (const row of rows) {
    const question: QuestionForLeaderboard = { ...row, answers: answers.filter((a) => a.queryId === row.id) };
    for (const entry of leaderboardAnswersOf(question)) {
      const key = `${entry.day}|${entry.model}|${entry.modelVersion}`;
      const sum = totals.get(key) ?? {
        questions: 0,
        checked: 0,
        contradicted: 0,
        firsts: 0,
        ties: 0,
        timed: 0,
        counts: [],
      };
      sum.questions += 1;
      sum.checked += entry.claimsChecked;
      sum.contradicted += entry.claimsContradicted;
      sum.firsts += entry.firstPlace;
      sum.ties += entry.tiedFirst ?? 0;
      if (entry.firstTokenBucket !== null && entry.firstTokenBucket !== undefined) {
        sum.timed += 1;
        sum.counts[entry.firstTokenBucket] = (sum.counts[entry.firstTokenBucket] ?? 0) + 1;
      }
      totals.set(key, sum);
    }
  }
  const dense = (counts: number[]) => Array.from(counts, (c) => c ?? 0);
  return [...totals]
    .map(([key, s]) => ({ key, ...s, counts: trimmed(dense(s.counts)) }))
    .sort((a, b) => a.key.localeCompare(b.key));
}

const trimmed = (counts: number[]) => {
  const copy = [...counts];
  while (copy.length > 0 && copy.at(-1) === 0) copy.pop();
  return copy;
};

/** A rollup row as the recount makes it, under `key`. */
const counted = (key: string, r: typeof leaderboardTotals.$inferSelect) => ({
  key,
  questions: r.questions,
  checked: r.claimsChecked,
  contradicted: r.claimsContradicted,
  firsts: r.firstPlaces,
  ties: r.tiedFirsts,
  timed: r.timedAnswers,
  counts: trimmed(r.firstTokenCounts),
});
const byKey = (a: { key: string }, b: { key: string }) => a.key.localeCompare(b.key);

async function rollup() {
  const rows = await t.db.select().from(leaderboardDaily);
  return rows.map((r) => counted(`${r.day}|${r.model}|${r.modelVersion}`, r)).sort(byKey);
}

type Counted = Awaited<ReturnType<typeof rollup>>[number];

/** A recount per day summed over all time, per model and version, as the all-time totals hold it. */
function overAllTime(byDay: Counted[]): Counted[] {
  const sums = new Map<string, Counted>();
  for (const day of byDay) {
    const key = day.key.slice(day.key.indexOf('|') + 1);
    const sum = sums.get(key) ?? {
      key,
      questions: 0,
      checked: 0,
      contradicted: 0,
      firsts: 0,
      ties: 0,
      timed: 0,
      counts: [],
    };
    sum.questions += day.questions;
    sum.checked += day.checked;
    sum.contradicted += day.contradicted;
    sum.firsts += day.firsts;
    sum.ties += day.ties;
    sum.timed += day.timed;
    day.counts.forEach((c, i) => (sum.counts[i] = (sum.counts[i] ?? 0) + c));
    sums.set(key, sum);
  }
  return [...sums.values()]
    .map((sum) => ({ ...sum, counts: trimmed(Array.from(sum.counts, (c) => c ?? 0)) }))
    .sort((a, b) => a.key.localeCompare(b.key));
}

async function allTimeTotals(): Promise<Counted[]> {
  const rows = await t.db.select().from(leaderboardTotals);
  return rows.map((r) => counted(`${r.model}|${r.modelVersion}`, r)).sort(byKey);
}

describe('the leaderboard rollup', () => {
  it('equals a full recount, per day and over all time, after 1,000 random questions, re-comparisons, retries and deletions', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(questionArb, { minLength: 1000, maxLength: 1000 }), async (scenarios) => {
        run += 1;
        const owners = await Promise.all(
          [0, 1, 2].map((i) => findOrCreateSessionUser(t.db, `rollup-owner-${run}-${i}`, 33)),
        );
        for (const [i, scenario] of scenarios.entries()) {
          // The third owner's account is deleted after question 700; its questions after that are the first's.
          const owner = owners[i > 700 && scenario.owner === 2 ? 0 : scenario.owner]!;
          const answers = scenario.models.map((model, k) => responseOf(model, scenario.answers[k]!));
          const { query } = await saveQuery(t.db, {
            userId: owner.id,
            text: `Question ${i}`,
            selectedModels: scenario.models,
            webSearch: false,
            comparison: comparisonOf(scenario.models, scenario.comparison),
            charged: null,
            answers,
          });
          for (const change of scenario.later) {
            if (change.kind === 'soft-delete') await deleteQuestion(t.db, owner.id, query.id);
            if (change.kind === 'purge') await t.db.delete(queries).where(eq(queries.id, query.id));
            if (change.kind === 'recompare' || change.kind === 'retry') {
              let version = (
                await t.db.select({ v: queries.answersVersion }).from(queries).where(eq(queries.id, query.id))
              )[0]?.v;
              if (version === undefined) continue;
              if (change.kind === 'retry') {
                const model = scenario.models[change.answer % scenario.models.length]!;
                version = (await saveRetriedAnswer(t.db, query.id, responseOf(model, change.with), null)).version;
              }
              await saveRetriedComparison(t.db, query.id, version, {
                comparison: comparisonOf(scenario.models, change.comparison),
                answers: answers.map(({ model, text }) => ({ model, text })),
              });
            }
          }
          // Now and then an account goes, and its questions with it (the cascade reaches the rollup too).
          if (i === 700) await t.db.delete(users).where(eq(users.id, owners[2]!.id));
          if (i === 500) expect(await rollup()).toEqual(await recount());
        }
        const expected = await recount();
        expect(expected.length).toBeGreaterThan(10);
        // Both kinds of top place came up, so the rollup was checked on each.
        expect(expected.some((row) => row.firsts > 0) && expected.some((row) => row.ties > 0)).toBe(true);
        expect(await rollup()).toEqual(expected);
        expect(await allTimeTotals()).toEqual(overAllTime(expected));
      }),
      // One long run; a failure reports its seed and stops, instead of shrinking through 1,000-question runs.
      { numRuns: 1, endOnFailure: true },
    );
  }, 240_000);
});

describe('what an answer adds to the leaderboard', () => {
  const at = new Date('2026-11-20T23:30:00Z');
  const answer = (model: string, over: Partial<ReturnType<typeof responseOf>> = {}) => ({
    ...responseOf(model, { version: 'v1', kind: 'text', firstTokenMs: 1234, claims: [] }),
    ...over,
  });

  it('counts each compared answer: its checked and contradicted claims, first place, version and time', () => {
    const comparison = comparisonOf(['chatgpt', 'claude', 'gemini'], {
      order: [2, 1, 3],
      claims: [
        { version: 'v1', kind: 'text', firstTokenMs: null, claims: ['agreed', 'contradicted', 'single-source'] },
        { version: 'v1', kind: 'text', firstTokenMs: null, claims: ['contradicted'] },
        { version: 'v1', kind: 'text', firstTokenMs: null, claims: [] },
      ],
    })!;
    const rows = leaderboardAnswersOf({
      createdAt: at,
      comparison,
      claims: comparison.claims!,
      answers: [
        answer('chatgpt'),
        answer('claude', { modelVersion: null, firstTokenMs: null }),
        answer('gemini', { text: null, error: 'The model failed', failure: 'vendor-error' }),
      ],
    });
    expect(rows).toEqual([
      {
        model: 'chatgpt',
        modelVersion: 'v1',
        day: '2026-11-20',
        claimsChecked: 2,
        claimsContradicted: 1,
        firstPlace: 0,
        tiedFirst: 0,
        firstTokenBucket: expect.any(Number),
      },
      {
        model: 'claude',
        modelVersion: '',
        day: '2026-11-20',
        claimsChecked: 1,
        claimsContradicted: 1,
        firstPlace: 1,
        tiedFirst: 0,
        firstTokenBucket: null,
      },
    ]);
  });

  it('counts nothing without a comparison or a second answer, and a stopped answer on what arrived', () => {
    const none: ArbAnswer = { version: 'v1', kind: 'text', firstTokenMs: null, claims: [] };
    const comparison = comparisonOf(['chatgpt', 'claude'], { order: [1, 2], claims: [none, none] })!;
    const both = [answer('chatgpt'), answer('claude')];
    expect(leaderboardAnswersOf({ createdAt: at, comparison: null, claims: null, answers: both })).toEqual([]);
    expect(
      leaderboardAnswersOf({
        createdAt: at,
        comparison,
        claims: null,
        answers: [answer('chatgpt'), answer('claude', { text: '  ' })],
      }),
    ).toEqual([]);
    const stopped = answer('claude', { error: 'Stopped', failure: 'stopped' });
    expect(
      leaderboardAnswersOf({ createdAt: at, comparison, claims: null, answers: [answer('chatgpt'), stopped] }),
    ).toHaveLength(2);
  });

  /** A comparison whose ranking lists these models with these scores, in this order. */
  const rankedAs = (
    ...entries: [model: string, score: number, checked?: number][]
  ): QuestionForLeaderboard['comparison'] => ({
    confidenceRanking: entries.map(([model, score, checked]) => ({
      model,
      displayName: model,
      score,
      ...(checked !== undefined && { checked }),
    })),
  });
  const places = (comparison: QuestionForLeaderboard['comparison'], answers = three()) =>
    Object.fromEntries(
      leaderboardAnswersOf({ createdAt: at, comparison, claims: null, answers }).map((row) => [
        row.model,
        row.firstPlace ? 'first' : row.tiedFirst ? 'tied first' : '-',
      ]),
    );
  const three = () => [answer('chatgpt'), answer('grok'), answer('gemini')];

  it('counts first place only for a strict win, and a shared top score as tied first for each, whatever the order', () => {
    expect(places(rankedAs(['chatgpt', 0.8], ['grok', 0.6], ['gemini', 0.5]))).toEqual({
      chatgpt: 'first',
      gemini: '-',
      grok: '-',
    });
    // The tie that used to go to whichever model was listed first.
    for (const comparison of [
      rankedAs(['chatgpt', 0.8], ['grok', 0.8], ['gemini', 0.8]),
      rankedAs(['gemini', 0.8], ['grok', 0.8], ['chatgpt', 0.8]),
    ]) {
      expect(places(comparison)).toEqual({ chatgpt: 'tied first', gemini: 'tied first', grok: 'tied first' });
    }
    expect(places(rankedAs(['chatgpt', 0.8], ['grok', 0.8], ['gemini', 0.5]))).toEqual({
      chatgpt: 'tied first',
      gemini: '-',
      grok: 'tied first',
    });
    // Compared as the card shows them: 80% and 80% tie.
    expect(places(rankedAs(['grok', 0.802], ['chatgpt', 0.799], ['gemini', 0.5]))).toEqual({
      chatgpt: 'tied first',
      gemini: '-',
      grok: 'tied first',
    });
  });

  it('never counts an answer without a score first or tied first: failed, stopped, unchecked or unranked', () => {
    const failed = answer('gemini', { text: null, error: 'The model failed', failure: 'vendor-error' });
    const stopped = answer('gemini', { error: 'Stopped', failure: 'stopped' });
    // A failed answer is not compared at all; a stopped one is counted but holds no place.
    expect(
      places(rankedAs(['gemini', 1], ['chatgpt', 0.8], ['grok', 0.6]), [answer('chatgpt'), answer('grok'), failed]),
    ).toEqual({
      chatgpt: 'first',
      grok: '-',
    });
    expect(
      places(rankedAs(['gemini', 1], ['chatgpt', 0.8], ['grok', 0.8]), [answer('chatgpt'), answer('grok'), stopped]),
    ).toEqual({ chatgpt: 'tied first', gemini: '-', grok: 'tied first' });
    // One answer with a score has no one to beat.
    expect(places(rankedAs(['gemini', 1], ['chatgpt', 0.8]), [answer('chatgpt'), stopped])).toEqual({
      chatgpt: '-',
      gemini: '-',
    });
    // An answer that checked nothing holds the neutral default, not a verdict.
    expect(places(rankedAs(['chatgpt', 0.5, 0], ['grok', 0.5, 0], ['gemini', 0.4, 2]))).toEqual({
      chatgpt: '-',
      gemini: '-',
      grok: '-',
    });
    expect(places(rankedAs(['chatgpt', 0.5, 0], ['grok', 1, 2], ['gemini', 0.4, 2]))).toEqual({
      chatgpt: '-',
      gemini: '-',
      grok: 'first',
    });
    // Too few facts checked to rank: the analyser gives no ranking, and the answers still count as compared.
    expect(places(rankedAs())).toEqual({ chatgpt: '-', gemini: '-', grok: '-' });
  });
});
