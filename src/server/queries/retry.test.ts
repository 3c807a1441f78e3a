import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MAX_RETRIES_PER_MODEL } from '../../common/limits';
import { COMPARISON_MODEL, modelCatalogue } from '../../common/models';
import { queryMessages } from '../../common/query-messages';
import type { QueryResult, SavedQuery, StreamEvent } from '../../common/query-schemas';
import { startFakeAiVendors, type FakeAiVendors } from '../../../tests/fakes/ai-vendors';
import { askOverSocket, freeLeft, ledgerReasons, listen, visitor } from '../../../tests/faults/asking';
import { parseSse } from '../../../tests/helpers/sse';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

// Retry one model (issue 20, item 2): only a model that failed, timed out or was stopped, only by the
// question's owner, free, at most twice per model (20 clicks at once run two), and the comparison is
// made again from every answer. A question given back because no model answered is charged by the
// retry that brings the first words, once.

let fakes: FakeAiVendors;
let t: TestApp;
let port: number;

beforeAll(async () => {
  fakes = await startFakeAiVendors();
  // Questions in flight are not limited here: the tests race the retries and the allowance themselves.
  t = await createTestApp({
    ...fakes.env,
    JUDGE_MODEL: 'local',
    MODEL_TIMEOUT_SECONDS: '5',
    MAX_CONCURRENT_QUESTIONS_PER_USER: '0',
  });
  port = await listen(t);
});
afterEach(() => fakes.reset());
afterAll(async () => {
  await t?.close();
  await fakes?.stop();
});

const version = (model: keyof typeof modelCatalogue) => modelCatalogue[model].defaultVersion;
const PARIS = 'Paris is the capital of France. It has about 2.1 million inhabitants.';
const PARIS_LARGER = 'Paris is the capital of France. It has about 3.5 million inhabitants.';
const vendorError = { error: { status: 500, message: 'internal error' } };

/** Asks as a new visitor and returns the saved question. */
async function asked(models: string[]) {
  const { sessionId, userId } = await visitor(t.db);
  const run = await askOverSocket(port, { sessionId, selectedModels: models });
  const saved = (run.events.find((e) => e.type === 'query') as { query: QueryResult }).query;
  return { sessionId, userId, saved };
}

const retry = (id: number, body: { model: string; sessionId?: string }) =>
  t.app.inject({ method: 'POST', url: `/api/query/${id}/retry`, payload: body });
const savedOf = (events: StreamEvent[]) => (events.find((e) => e.type === 'query') as { query: QueryResult }).query;
const answerOf = (query: SavedQuery, model: string) => query.responses.find((r) => r.model === model)!;
const requestsFor = (model: keyof typeof modelCatalogue) =>
  [...fakes.openai.requests, ...fakes.anthropic.requests, ...fakes.gemini.requests].filter(
    (r) => r.model === version(model),
  ).length;

describe('a retry', () => {
  it('asks only the failed model again, streams into its card, updates the comparison, and costs nothing', async () => {
    fakes.openai.script(version('chatgpt'), { ...vendorError, times: 1 });
    fakes.anthropic.script(version('claude'), { text: PARIS });
    const { sessionId, userId, saved } = await asked(['chatgpt', 'claude']);
    expect(answerOf(saved, 'chatgpt').error).not.toBeNull();
    expect(saved.comparisonSummary?.claims?.map((c) => c.model)).toEqual(['claude']);
    const scoreOf = (query: SavedQuery, model: string) =>
      query.comparisonSummary?.confidenceRanking.find((c) => c.model === model)?.score ?? 0;
    expect(scoreOf(saved, 'chatgpt')).toBe(0);
    expect(await freeLeft(t.db, userId)).toBe(32);

    fakes.openai.script(version('chatgpt'), {
      chunks: ['Paris is the capital of France. ', 'It has about 3.5 million inhabitants.'],
    });
    const claudeCallsBefore = requestsFor('claude');
    const res = await retry(saved.id, { model: 'chatgpt', sessionId });
    expect(res.statusCode, res.body).toBe(200);
    const events = parseSse(res.body);
    expect(events.map((e) => e.type)).toEqual(['start', 'delta', 'delta', 'model-done', 'comparison', 'query']);
    expect(events[0]).toMatchObject({ models: ['chatgpt'] });
    expect(requestsFor('claude')).toBe(claudeCallsBefore);

    const after = savedOf(events);
    expect(answerOf(after, 'chatgpt')).toMatchObject({ text: PARIS_LARGER, error: null, failure: null, retries: 1 });
    expect(answerOf(after, 'claude').text).toBe(PARIS);
    expect(scoreOf(after, 'chatgpt')).toBeGreaterThan(0);
    expect(after.comparisonSummary?.disagreements.length).toBeGreaterThan(0);
    expect(after.comparisonSummary?.claims?.map((c) => c.model).sort()).toEqual(['chatgpt', 'claude']);
    expect(answerOf(after, COMPARISON_MODEL).text).toContain(after.comparisonSummary!.summary);

    // Stored: the page shows the same; the allowance did not move.
    const page = await t.app.inject({ url: `/api/query/${saved.id}?sessionId=${sessionId}` });
    expect(page.json()).toEqual({ ...after, subscriptionInfo: undefined });
    expect(await freeLeft(t.db, userId)).toBe(32);
    expect(await ledgerReasons(t.db, userId)).toEqual(['account-opened', 'question-asked']);
  });

  it('of a model that fails again keeps its retries counted, and the third is refused', async () => {
    fakes.openai.script(version('chatgpt'), vendorError);
    fakes.anthropic.script(version('claude'), { text: PARIS });
    const { sessionId, saved } = await asked(['chatgpt', 'claude']);
    for (let attempt = 1; attempt <= MAX_RETRIES_PER_MODEL; attempt++) {
      const res = await retry(saved.id, { model: 'chatgpt', sessionId });
      expect(res.statusCode).toBe(200);
      expect(answerOf(savedOf(parseSse(res.body)), 'chatgpt')).toMatchObject({
        failure: 'vendor-error',
        retries: attempt,
      });
    }
    const third = await retry(saved.id, { model: 'chatgpt', sessionId });
    expect(third.statusCode).toBe(409);
    expect(third.json()).toMatchObject({ message: queryMessages.retriesUsed });
  });

  it('is refused for an answered model, a model not asked, and someone else’s question', async () => {
    fakes.script('*', { text: PARIS });
    const { sessionId, saved } = await asked(['chatgpt']);
    const answered = await retry(saved.id, { model: 'chatgpt', sessionId });
    expect(answered.statusCode).toBe(409);
    expect(answered.json()).toMatchObject({ message: queryMessages.retryNotNeeded });
    const notAsked = await retry(saved.id, { model: 'claude', sessionId });
    expect(notAsked.statusCode).toBe(400);
    expect(notAsked.json()).toMatchObject({ message: queryMessages.retryModelNotAsked });
    const stranger = await visitor(t.db);
    const theirs = await retry(saved.id, { model: 'chatgpt', sessionId: stranger.sessionId });
    expect(theirs.statusCode).toBe(404);
    const nobody = await retry(saved.id, { model: 'chatgpt' });
    expect(nobody.statusCode).toBe(404);
  });
});

describe('twenty retries of one model at once', () => {
  it('run two, and the other eighteen are refused', async () => {
    fakes.openai.script(version('chatgpt'), vendorError);
    fakes.anthropic.script(version('claude'), { text: PARIS });
    const { sessionId, userId, saved } = await asked(['chatgpt', 'claude']);
    const before = requestsFor('chatgpt');
    fakes.openai.script(version('chatgpt'), { text: PARIS_LARGER, initialDelayMs: 300 });

    const answers = await Promise.all(
      Array.from({ length: 20 }, () => retry(saved.id, { model: 'chatgpt', sessionId })),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(MAX_RETRIES_PER_MODEL);
    expect(statuses.filter((s) => s === 409)).toHaveLength(20 - MAX_RETRIES_PER_MODEL);
    expect(requestsFor('chatgpt') - before).toBe(MAX_RETRIES_PER_MODEL);
    const page = await t.app.inject({ url: `/api/query/${saved.id}?sessionId=${sessionId}` });
    expect(answerOf(page.json(), 'chatgpt')).toMatchObject({ text: PARIS_LARGER, retries: MAX_RETRIES_PER_MODEL });
    expect(await freeLeft(t.db, userId)).toBe(32);
  });
});

describe('a question given back because no model answered', () => {
  it('is charged once by the retry that brings the first words, even when two bring them at once', async () => {
    fakes.script('*', vendorError);
    const { sessionId, userId, saved } = await asked(['chatgpt', 'claude']);
    expect(await freeLeft(t.db, userId)).toBe(33);

    fakes.script('*', { text: PARIS, initialDelayMs: 200 });
    const both = await Promise.all([
      retry(saved.id, { model: 'chatgpt', sessionId }),
      retry(saved.id, { model: 'claude', sessionId }),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await freeLeft(t.db, userId)).toBe(32);
    const reasons = await ledgerReasons(t.db, userId);
    expect(
      reasons.filter((r) => r === 'question-asked').length - reasons.filter((r) => r === 'question-refunded').length,
    ).toBe(1);

    // Both answers are in the comparison, whichever retry finished last.
    const page = await t.app.inject({ url: `/api/query/${saved.id}?sessionId=${sessionId}` });
    expect(
      page
        .json()
        .comparisonSummary.claims.map((c: { model: string }) => c.model)
        .sort(),
    ).toEqual(['chatgpt', 'claude']);
  });

  it('stays free when the retry fails too', async () => {
    fakes.script('*', vendorError);
    const { sessionId, userId, saved } = await asked(['chatgpt']);
    const res = await retry(saved.id, { model: 'chatgpt', sessionId });
    expect(res.statusCode).toBe(200);
    expect(await freeLeft(t.db, userId)).toBe(33);
    expect(await ledgerReasons(t.db, userId)).toEqual([
      'account-opened',
      'question-asked',
      'question-refunded',
      'question-asked',
      'question-refunded',
    ]);
  });

  it('needs a question left to be retried', async () => {
    fakes.script('*', vendorError);
    const { sessionId, saved } = await asked(['chatgpt']);
    await t.writeFromAnotherInstance(`UPDATE users SET free_questions_remaining = 0 WHERE username = $1`, [
      `session_${sessionId}`,
    ]);
    const res = await retry(saved.id, { model: 'chatgpt', sessionId });
    expect(res.statusCode).toBe(402);
    // The refused retry was not spent.
    const page = await t.app.inject({ url: `/api/query/${saved.id}?sessionId=${sessionId}` });
    expect(answerOf(page.json(), 'chatgpt').retries).toBe(0);
  });
});
