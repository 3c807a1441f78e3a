import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ComparisonAnalysis } from '../../common/comparison';
import { modelCatalogue } from '../../common/models';
import { savedQuerySchema } from '../../common/query-schemas';
import { useAppWithVendorFakes } from '../../../tests/helpers/app-with-vendor-fakes';
import { leaderboardAnswers, leaderboardTotals, queries, responses, settlements } from '../db/schema';
import { saveQuery, type NewResponse } from '../queries/repository';
import { findOrCreateSessionUser } from '../users/repository';
import { recomputeComparisons } from './recompute-service';

// `npm run comparisons:recompute` (issue 33, item 6; decision 0062): stored questions the local analyser
// compared are compared again and saved as the app saves a comparison, and every question's leaderboard rows
// are rewritten with first place for a strict win only. A judge's or a re-checked comparison is kept.

const app = useAppWithVendorFakes({ JUDGE_MODEL: 'local', MODEL_TIMEOUT_SECONDS: '5', LEADERBOARD_CACHE_SECONDS: '0' });
const SESSION = 'recompute-browser';

const answer = (model: string): NewResponse => ({
  model,
  modelVersion: 'recompute-v',
  text: `${model} says the tower is 330 metres tall.`,
  error: null,
  failure: null,
  responseTimeMs: 10,
  confidenceScore: null,
  inputTokens: null,
  outputTokens: null,
  sources: [],
  citationMarks: [],
  reasoning: null,
  thinkingMs: null,
  firstTokenMs: 900,
});

/** A comparison as an earlier analyser or a judge left it: every answer scored the same. */
const tiedComparison = (judge: ComparisonAnalysis['judge'], over: Partial<ComparisonAnalysis> = {}) =>
  ({
    summary: 'The answers agree and do not contradict each other.',
    agreements: ['The tower is 330 metres tall.'],
    disagreements: [],
    confidenceRanking: ['chatgpt', 'grok'].map((model) => ({ model, displayName: model, score: 1, checked: 1 })),
    judge,
    ...over,
  }) satisfies ComparisonAnalysis;

/** The rows the leaderboard kept before decision 0062: a tie went to whichever model the ranking listed first. */
async function rowsByTheOldRule(queryId: number) {
  const rows = await app.t.db.select().from(leaderboardAnswers).where(eq(leaderboardAnswers.queryId, queryId));
  await app.t.db.delete(leaderboardAnswers).where(eq(leaderboardAnswers.queryId, queryId));
  await app.t.db
    .insert(leaderboardAnswers)
    .values(rows.map((row, i) => ({ ...row, firstPlace: i === 0 ? 1 : 0, tiedFirst: 0 })));
}

const stored = async (queryId: number) => {
  const [row] = await app.t.db
    .select({ summary: queries.comparisonSummary, claims: queries.comparisonClaims })
    .from(queries)
    .where(eq(queries.id, queryId));
  const answers = await app.t.db
    .select({ id: responses.id, model: responses.model, text: responses.text, score: responses.confidenceScore })
    .from(responses)
    .where(eq(responses.queryId, queryId))
    .orderBy(asc(responses.id));
  const rows = await app.t.db
    .select()
    .from(leaderboardAnswers)
    .where(eq(leaderboardAnswers.queryId, queryId))
    .orderBy(asc(leaderboardAnswers.model));
  return { ...row!, answers, rows };
};
const places = (rows: (typeof leaderboardAnswers.$inferSelect)[]) =>
  rows.map((row) => [row.model, row.firstPlace, row.tiedFirst]);

async function everything() {
  return {
    questions: await app.t.db.select().from(queries).orderBy(asc(queries.id)),
    answers: await app.t.db.select().from(responses).orderBy(asc(responses.id)),
    rows: await app.t.db.select().from(leaderboardAnswers).orderBy(asc(leaderboardAnswers.queryId)),
    totals: await app.t.db.select().from(leaderboardTotals).orderBy(asc(leaderboardTotals.model)),
  };
}

describe('recomputing stored comparisons', () => {
  it('compares local questions again as the app does, keeps judged and re-checked ones, rewrites every rollup row, and changes nothing the second time', async () => {
    // Asked through the app: what it saved is what a recompute must save again.
    const text = 'How tall is the Eiffel Tower, compared again?';
    for (const model of ['chatgpt', 'claude'] as const)
      app.fakes.script(modelCatalogue[model].defaultVersion, {
        text: 'The Eiffel Tower is 330 metres tall. It opened in 1889.',
      });
    const asked = await app.t.app.inject({
      method: 'POST',
      url: '/api/query',
      payload: { text, selectedModels: ['chatgpt', 'claude'], sessionId: SESSION },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const [local] = await app.t.db.select({ id: queries.id }).from(queries).where(eq(queries.text, text));
    const asSaved = await stored(local!.id);
    expect(asSaved.summary?.judge).toEqual({ kind: 'local' });
    // Then made to look as an earlier analyser left it: its comparison, scores and rows.
    await app.t.db
      .update(queries)
      .set({ comparisonSummary: tiedComparison({ kind: 'local' }), comparisonClaims: null })
      .where(eq(queries.id, local!.id));
    await app.t.db.update(responses).set({ confidenceScore: 0.42 }).where(eq(responses.queryId, local!.id));
    await rowsByTheOldRule(local!.id);

    const owner = await findOrCreateSessionUser(app.t.db, 'recompute-owner', 33);
    const save = async (comparison: ComparisonAnalysis) => {
      const { query } = await saveQuery(app.t.db, {
        userId: owner.id,
        text: 'Which is taller?',
        selectedModels: ['chatgpt', 'grok'],
        webSearch: false,
        charged: null,
        answers: [answer('chatgpt'), answer('grok')],
        comparison,
      });
      await rowsByTheOldRule(query.id);
      return query.id;
    };
    const judged = await save(tiedComparison({ kind: 'model', model: 'claude', displayName: 'Claude' }));
    const settled = await save(
      tiedComparison(
        { kind: 'local' },
        {
          disagreements: [
            {
              topic: 'Height',
              positions: [
                { model: 'chatgpt', claim: 'It is 330 m.', value: '330 m' },
                { model: 'grok', claim: 'It is 300 m.', value: '300 m' },
              ],
              settlement: { outcomes: [], settled: true, value: '330 m', at: new Date().toISOString() },
            },
          ],
        },
      ),
    );
    // A re-check running now: its round is taken, its outcome not yet saved.
    const reChecking = await save(tiedComparison({ kind: 'local' }));
    await app.t.db.insert(settlements).values({ queryId: reChecking, disagreementKey: 'height' });
    const kept = await Promise.all([judged, settled, reChecking].map(stored));
    for (const question of kept)
      expect(places(question.rows)).toEqual([
        ['chatgpt', 1, 0],
        ['grok', 0, 0],
      ]);

    const batches: number[] = [];
    const report = await recomputeComparisons(app.t.db, { batchSize: 3, onBatch: (r) => batches.push(r.read) });
    expect(report).toEqual({ read: 4, compared: 1, rowsRewritten: 3, unchanged: 0, busy: 0 });
    expect(batches).toEqual([3, 4]);

    // The local question holds again what the app saved: comparison, claims, scores and rows.
    const again = await stored(local!.id);
    expect(again.summary).toEqual(asSaved.summary);
    expect(again.claims).toEqual(asSaved.claims);
    expect(again.answers.map(({ id: _id, ...rest }) => rest)).toEqual(
      asSaved.answers.map(({ id: _id, ...rest }) => rest),
    );
    expect(again.rows).toEqual(asSaved.rows);
    const shown = await app.t.app.inject({ url: `/api/query/${local!.id}?sessionId=${SESSION}` });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(savedQuerySchema.parse(shown.json()).comparisonSummary?.summary).toBe(asSaved.summary!.summary);

    // The others keep their comparison; their tie is now a tie.
    for (const [i, id] of [judged, settled, reChecking].entries()) {
      const after = await stored(id);
      expect(after.summary).toEqual(kept[i]!.summary);
      expect(after.answers).toEqual(kept[i]!.answers);
      const page = await app.t.app.inject({ url: `/api/query/${id}?sessionId=recompute-owner` });
      expect(savedQuerySchema.parse(page.json()).comparisonSummary?.confidenceRanking).toHaveLength(2);
      expect(places(after.rows)).toEqual([
        ['chatgpt', 0, 1],
        ['grok', 0, 1],
      ]);
    }
    const board = await app.t.app.inject({ url: '/api/leaderboard?period=7d' });
    const grok = (
      board.json() as {
        rows: {
          model: string;
          modelVersion: string | null;
          firstPlace: { hits: number };
          tiedFirst: { hits: number };
        }[];
      }
    ).rows.find((r) => r.model === 'grok' && r.modelVersion === 'recompute-v');
    expect([grok?.firstPlace.hits, grok?.tiedFirst.hits]).toEqual([0, 3]);

    // A second run finds everything as the rules make it and writes nothing.
    const before = await everything();
    expect(await recomputeComparisons(app.t.db)).toEqual({
      read: 4,
      compared: 0,
      rowsRewritten: 0,
      unchanged: 4,
      busy: 0,
    });
    expect(await everything()).toEqual(before);
  });

  it('leaves a question a retry saved while it was being read for the next run', async () => {
    const owner = await findOrCreateSessionUser(app.t.db, 'recompute-busy-owner', 33);
    const { query } = await saveQuery(app.t.db, {
      userId: owner.id,
      text: 'Retried while compared again?',
      selectedModels: ['chatgpt', 'grok'],
      webSearch: false,
      charged: null,
      answers: [answer('chatgpt'), answer('grok')],
      comparison: tiedComparison({ kind: 'local' }),
    });
    const before = await stored(query.id);
    // A retry's answer lands between the command's read and its write, as it may while the app serves.
    let interleaved = false;
    const serving = new Proxy(app.t.db, {
      get(target, key, receiver) {
        if (key !== 'transaction' || interleaved) return Reflect.get(target, key, receiver) as unknown;
        return async (...args: Parameters<typeof target.transaction>) => {
          interleaved = true;
          await target
            .update(queries)
            .set({ answersVersion: sql`${queries.answersVersion} + 1` })
            .where(eq(queries.id, query.id));
          return target.transaction(...args);
        };
      },
    });
    const first = await recomputeComparisons(serving, { batchSize: 1000 });
    expect(interleaved).toBe(true);
    expect(first.busy).toBe(1);
    expect((await stored(query.id)).summary).toEqual(before.summary);
    // The next run finds it settled down and compares it.
    const second = await recomputeComparisons(app.t.db);
    expect(second.busy).toBe(0);
    expect((await stored(query.id)).summary).not.toEqual(before.summary);
  });
});
