import { describe, expect, it } from 'vitest';
import { leaderboardDailySchema, leaderboardSchema, wilsonInterval, type Leaderboard } from '../../common/leaderboard';
import { modelCatalogue } from '../../common/models';
import { publicUserSchema } from '../../common/user-schemas';
import { registerAccount } from '../../../tests/helpers/accounts';
import { adminCall, signInAdmin } from '../../../tests/helpers/admins';
import { useAppWithVendorFakes } from '../../../tests/helpers/app-with-vendor-fakes';
import { visitor } from '../../../tests/faults/asking';
import { leaderboardAnswers, queries } from '../db/schema';
import { saveQuery, type NewResponse } from '../queries/repository';
import { findOrCreateSessionUser } from '../users/repository';
import { firstTokenBucket } from './first-token-buckets';
import { LeaderboardCache } from './routes';

// The public leaderboard (issue 14, items 3 and 4): figures from every compared question, ranked only from
// 30 questions, with Wilson intervals, as a page's data and as CSV; the questions shown as examples come
// only from signed-in people who did not turn it off.

// Kept for no time here, so each read sees the test's writes; the minute's keeping is tested on its own below.
const app = useAppWithVendorFakes({ JUDGE_MODEL: 'local', MODEL_TIMEOUT_SECONDS: '5', LEADERBOARD_CACHE_SECONDS: '0' });
const version = (model: keyof typeof modelCatalogue) => modelCatalogue[model].defaultVersion;
const board = async (period: string) => {
  const res = await app.t.app.inject({ url: `/api/leaderboard?period=${period}` });
  expect(res.statusCode, res.body).toBe(200);
  return leaderboardSchema.parse(res.json());
};
const DAY_MS = 24 * 60 * 60 * 1000;
const dayOffset = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);

async function askDisputed(text: string, owner: { cookie?: string; sessionId?: string }) {
  app.fakes.script(version('chatgpt'), { text: 'The Eiffel Tower is 330 metres tall. It opened in 1889.' });
  app.fakes.script(version('claude'), { text: 'The Eiffel Tower is 300 metres tall. It opened in 1889.' });
  const res = await app.t.app.inject({
    method: 'POST',
    url: '/api/query',
    headers: owner.cookie ? { cookie: owner.cookie } : {},
    payload: { text, selectedModels: ['chatgpt', 'claude'], sessionId: owner.sessionId ?? 'leaderboard-browser' },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const setContribution = (cookie: string | undefined, contributes: boolean) =>
  app.t.app.inject({
    method: 'PUT',
    url: '/api/profile/leaderboard',
    headers: cookie ? { cookie } : {},
    payload: { contributes },
  });

describe('the leaderboard', () => {
  it('counts every compared question but shows only those of signed-in people who let it', async () => {
    const shown = await registerAccount(app.t.app);
    const optedOut = await registerAccount(app.t.app);
    const anonymous = await visitor(app.t.db);
    expect(shown.user.contributesToLeaderboard).toBe(true);
    const turnedOff = await setContribution(optedOut.cookie, false);
    expect(turnedOff.statusCode).toBe(200);
    expect(publicUserSchema.parse(turnedOff.json()).contributesToLeaderboard).toBe(false);
    expect((await setContribution(undefined, false)).statusCode).toBe(401);

    await askDisputed('How tall is the Eiffel Tower, for the public list?', { cookie: shown.cookie });
    await askDisputed('How tall is the Eiffel Tower, asked privately?', { cookie: optedOut.cookie });
    await askDisputed('How tall is the Eiffel Tower, asked anonymously?', { sessionId: anonymous.sessionId });

    const week = await board('7d');
    const chatgpt = week.rows.find((r) => r.model === 'chatgpt')!;
    expect(chatgpt).toMatchObject({
      displayName: 'ChatGPT',
      modelVersion: version('chatgpt'),
      questions: 3,
      rank: null,
    });
    // Each answer's height is contradicted; the rest of what it checked (the year, ...) agreed.
    expect(chatgpt.contradicted!.hits).toBe(3);
    expect(chatgpt.contradicted!.total).toBeGreaterThan(3);
    expect(week.examples).toEqual([
      {
        question: 'How tall is the Eiffel Tower, for the public list?',
        askedAt: expect.any(String),
        models: ['chatgpt', 'claude'],
        contradicted: ['chatgpt', 'claude'],
      },
    ]);
    const csv = await app.t.app.inject({ url: '/api/leaderboard.csv?period=7d' });
    for (const res of [csv, await app.t.app.inject({ url: '/api/leaderboard?period=7d' })]) {
      expect(res.body).not.toContain('privately');
      expect(res.body).not.toContain('anonymously');
      expect(res.body).not.toContain(shown.user.email!);
    }

    // Turned off later: the question leaves the examples and stays in the figures.
    expect((await setContribution(shown.cookie, false)).statusCode).toBe(200);
    const month = await board('30d');
    expect(month.examples).toEqual([]);
    expect(month.rows.find((r) => r.model === 'chatgpt')!.questions).toBe(3);
  });

  it('ranks only from 30 compared questions, fewest contradictions first, over the chosen period', async () => {
    const owner = await findOrCreateSessionUser(app.t.db, 'leaderboard-ranking-owner', 33);
    const ids = (
      await app.t.db
        .insert(queries)
        .values(
          Array.from({ length: 40 }, (_, i) => ({
            userId: owner.id,
            text: `Q${i}`,
            selectedModels: ['grok', 'gemini'],
          })),
        )
        .returning({ id: queries.id })
    ).map((r) => r.id);
    // Grok: 40 questions, 81 of 263 claims contradicted; Gemini: 40, 15 of 148; Llama: 29 (too few to rank).
    // DeepSeek: 35 questions 40 days ago, in the 90-day and all-time boards only.
    const spread = (total: number, n: number) =>
      Array.from({ length: n }, (_, i) => Math.floor(((i + 1) * total) / n) - Math.floor((i * total) / n));
    const rows = [
      ...ids.map((queryId, i) => ({
        queryId,
        model: 'grok',
        checked: spread(263, 40)[i]!,
        contradicted: spread(81, 40)[i]!,
        first: i < 10 ? 1 : 0,
        ms: 800,
        day: dayOffset(0),
      })),
      ...ids.map((queryId, i) => ({
        queryId,
        model: 'gemini',
        checked: spread(148, 40)[i]!,
        contradicted: spread(15, 40)[i]!,
        first: i >= 10 ? 1 : 0,
        ms: 2000 + i * 100,
        day: dayOffset(1),
      })),
      ...ids.slice(0, 29).map((queryId) => ({
        queryId,
        model: 'llama',
        checked: 5,
        contradicted: 0,
        first: 0,
        ms: 500,
        day: dayOffset(0),
      })),
      ...ids.slice(0, 35).map((queryId) => ({
        queryId,
        model: 'deepseek',
        checked: 4,
        contradicted: 2,
        first: 0,
        ms: 900,
        day: dayOffset(40),
      })),
    ];
    await app.t.db.insert(leaderboardAnswers).values(
      rows.map((r) => ({
        queryId: r.queryId,
        model: r.model,
        modelVersion: 'test-v',
        day: r.day,
        claimsChecked: r.checked,
        claimsContradicted: r.contradicted,
        firstPlace: r.first,
        firstTokenBucket: firstTokenBucket(r.ms),
      })),
    );

    const week = await board('7d');
    const mine = (b: Leaderboard) => b.rows.filter((r) => r.modelVersion === 'test-v');
    expect(mine(week).map((r) => [r.model, r.rank, r.questions])).toEqual([
      ['gemini', 1, 40],
      ['grok', 2, 40],
      ['llama', null, 29],
    ]);
    const [gemini, grok] = mine(week);
    // Newcombe (1998), Statistics in Medicine 17, table I: 81/263 gives 0.2553–0.3662 and 15/148 0.0624–0.1605.
    expect(grok!.contradicted!.share).toBeCloseTo(81 / 263, 6);
    expect(grok!.contradicted!.low).toBeCloseTo(0.2553, 4);
    expect(grok!.contradicted!.high).toBeCloseTo(0.3662, 4);
    expect(gemini!.contradicted!.low).toBeCloseTo(0.0624, 4);
    expect(gemini!.contradicted!.high).toBeCloseTo(0.1605, 4);
    expect(grok!.firstPlace).toMatchObject({ hits: 10, total: 40, share: 0.25 });
    // Times are counted in 5% buckets: the median is within 2.5% of the true one (800 ms; 2000 + 19.5·100 ms).
    expect(Math.abs(grok!.firstToken!.medianMs - 800) / 800).toBeLessThan(0.025);
    expect(Math.abs(gemini!.firstToken!.medianMs - 3950) / 3950).toBeLessThan(0.03);
    expect(gemini!.firstToken!.lowMs).toBeLessThan(gemini!.firstToken!.medianMs);
    expect(gemini!.firstToken!.highMs).toBeGreaterThan(gemini!.firstToken!.medianMs);
    expect(mine(week).some((r) => r.model === 'deepseek')).toBe(false);
    expect(mine(await board('90d')).find((r) => r.model === 'deepseek')).toMatchObject({
      rank: expect.any(Number),
      questions: 35,
    });

    const csv = await app.t.app.inject({ url: '/api/leaderboard.csv?period=7d' });
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="parallax-leaderboard-7d-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toMatch(
      /^rank,model,model_version,questions,claims_checked,claims_contradicted,contradicted_percent,/,
    );
    expect(lines).toContainEqual(expect.stringMatching(/^2,Grok,test-v,40,263,81,30\.8,25\.53,36\.62,10,25,/));
    expect(lines).toContainEqual(expect.stringMatching(/^,Llama,test-v,29,145,0,0,/));
    expect((await app.t.app.inject({ url: '/api/leaderboard?period=year' })).statusCode).toBe(400);
  });

  it('counts first place only for a strict win and shows a shared top score as tied first, in the page data and the file', async () => {
    const owner = await findOrCreateSessionUser(app.t.db, 'leaderboard-ties-owner', 33);
    const answer = (model: string, over: Partial<NewResponse> = {}): NewResponse => ({
      model,
      modelVersion: 'ties-v',
      text: `${model} answered.`,
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
      firstTokenMs: null,
      ...over,
    });
    const ask = (scores: Record<string, number>, answers = Object.keys(scores).map((m) => answer(m))) =>
      saveQuery(app.t.db, {
        userId: owner.id,
        text: 'Which is it?',
        selectedModels: answers.map((a) => a.model),
        webSearch: false,
        charged: null,
        answers,
        comparison: {
          summary: 'Compared.',
          agreements: [],
          disagreements: [],
          confidenceRanking: Object.entries(scores).map(([model, score]) => ({
            model,
            displayName: model,
            score,
            checked: 2,
          })),
          judge: { kind: 'local' },
        },
      });
    // 17 questions where ChatGPT, Grok and Gemini score the same: listed first, ChatGPT used to take them all.
    for (let i = 0; i < 17; i++) await ask({ chatgpt: 1, grok: 1, gemini: 1 });
    await ask({ grok: 1, chatgpt: 0.5, gemini: 0.5 });
    // Gemini failed here: its place in an old ranking is no score, and ChatGPT and Grok share the top.
    await ask({ gemini: 1, chatgpt: 0.5, grok: 0.5 }, [
      answer('chatgpt'),
      answer('grok'),
      answer('gemini', { text: null, error: 'The model failed', failure: 'vendor-error' }),
    ]);

    const mine = (await board('7d')).rows.filter((r) => r.modelVersion === 'ties-v');
    expect(mine.map((r) => [r.model, r.questions, r.firstPlace.hits, r.tiedFirst.hits, r.tiedFirst.total])).toEqual([
      ['chatgpt', 19, 0, 18, 19],
      ['grok', 19, 1, 18, 19],
      ['gemini', 18, 0, 17, 18],
    ]);
    const csv = await app.t.app.inject({ url: '/api/leaderboard.csv?period=7d' });
    const lines = csv.body.trim().split('\r\n');
    const columns = lines[0]!.split(',');
    const chatgpt = lines.find((line) => line.includes(',ChatGPT,ties-v,'))!.split(',');
    expect(chatgpt[columns.indexOf('first_places')]).toBe('0');
    expect(chatgpt[columns.indexOf('tied_first_places')]).toBe('18');
    expect(chatgpt[columns.indexOf('tied_first_percent')]).toBe('94.74');
  });

  it('is kept for the configured time, so page views do not each read the database', async () => {
    let now = new Date();
    const cache = new LeaderboardCache(app.t.db, 60, () => now);
    const first = await cache.read('90d');
    const owner = await findOrCreateSessionUser(app.t.db, 'leaderboard-cache-owner', 33);
    const [q] = await app.t.db
      .insert(queries)
      .values({ userId: owner.id, text: 'Q', selectedModels: ['claude'] })
      .returning();
    await app.t.db.insert(leaderboardAnswers).values({
      queryId: q!.id,
      model: 'perplexity',
      modelVersion: 'cache-v',
      day: dayOffset(0),
      claimsChecked: 1,
      claimsContradicted: 0,
      firstPlace: 1,
      firstTokenBucket: null,
    });
    now = new Date(now.getTime() + 59_000);
    expect(await cache.read('90d')).toBe(first);
    now = new Date(now.getTime() + 2_000);
    const later = await cache.read('90d');
    expect(later.rows.some((r) => r.modelVersion === 'cache-v')).toBe(true);
    const res = await app.t.app.inject({ url: '/api/leaderboard?period=90d' });
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('gives administrators the figures per day, and nobody else', async () => {
    const admin = await signInAdmin(app.t.app, app.t.db);
    const user = await registerAccount(app.t.app);
    expect((await adminCall(app.t.app, undefined, 'GET', '/api/admin/leaderboard/daily')).statusCode).toBe(401);
    expect((await adminCall(app.t.app, user.cookie, 'GET', '/api/admin/leaderboard/daily')).statusCode).toBe(403);
    const res = await adminCall(app.t.app, admin.cookie, 'GET', '/api/admin/leaderboard/daily?days=7');
    expect(res.statusCode).toBe(200);
    const daily = leaderboardDailySchema.parse(res.json());
    expect(daily.days).toHaveLength(7);
    expect(daily.days.at(-1)).toBe(dayOffset(0));
    const grok = daily.series.find((s) => s.model === 'grok' && s.modelVersion === 'test-v')!;
    expect(grok.points.at(-1)).toMatchObject({ questions: 40, firstPlaceShare: 0.25 });
    expect(grok.points.at(-2)).toBeNull();
    expect(wilsonInterval(0, 0)).toEqual({ low: 0, high: 0 });
  });
});
