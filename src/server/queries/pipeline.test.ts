import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { toastMessages } from '../../common/messages';
import { vendorFailureMessages } from '../../common/vendor-failure-messages';
import { modelCatalogue } from '../../common/models';
import type { QueryResult } from '../../common/query-schemas';
import { queries, responses, users } from '../db/schema';
import { startFakeAiVendors, type FakeAiVendors } from '../../../tests/fakes/ai-vendors';
import { parseSse } from '../../../tests/helpers/sse';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

// The question pipeline end to end: our routes, the real AI SDK providers, loopback vendor fakes.

const version = (model: keyof typeof modelCatalogue) => modelCatalogue[model].defaultVersion;
let fakes: FakeAiVendors;
let t: TestApp;
let sessionCounter = 0;
const newSession = () => `pipeline-session-${++sessionCounter}-${Date.now()}`;

beforeAll(async () => {
  fakes = await startFakeAiVendors();
  // Judge: local analysis here, so these tests are about the answers; judge.test.ts covers judging.
  // The default model timeout, so that a loaded machine cannot turn a slow fake into a refunded question;
  // the timeout test below runs its own app with a short one.
  // Questions in flight are not limited here: the tests race the allowance itself.
  t = await createTestApp({ ...fakes.env, JUDGE_MODEL: 'local', MAX_CONCURRENT_QUESTIONS_PER_USER: '0' });
});
afterEach(() => fakes.reset());
afterAll(async () => {
  await t.close();
  await fakes.stop();
});

const ask = (payload: Record<string, unknown>, url = '/api/query/stream') =>
  t.app.inject({ method: 'POST', url, payload });

describe('POST /api/query/stream', () => {
  it('streams three models live, then the comparison and the saved query', async () => {
    fakes.openai.script(version('chatgpt'), { chunks: ['Paris ', 'is the ', 'capital of France.'] });
    fakes.openai.script(version('grok'), { chunks: ['The capital ', 'of France is Paris.'] });
    fakes.gemini.script(version('gemini'), {
      chunks: ['France: ', 'Paris is its capital.'],
      usage: { inputTokens: 11, outputTokens: 7 },
    });
    const sessionId = newSession();
    const res = await ask({
      text: 'What is the capital of France?',
      sessionId,
      selectedModels: ['chatgpt', 'grok', 'gemini'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);

    const events = parseSse(res.body);
    expect(events[0]).toMatchObject({
      type: 'start',
      models: ['chatgpt', 'grok', 'gemini'],
      subscriptionInfo: { freeQuestionsRemaining: 32 },
    });
    const deltas = (model: string) =>
      events.filter((e) => e.type === 'delta' && e.model === model).map((e) => (e as { text: string }).text);
    expect(deltas('chatgpt')).toEqual(['Paris ', 'is the ', 'capital of France.']);
    expect(deltas('grok').join('')).toBe('The capital of France is Paris.');
    expect(deltas('gemini').join('')).toBe('France: Paris is its capital.');
    const done = events.filter((e) => e.type === 'model-done');
    expect(done).toHaveLength(3);
    for (const d of done) expect(d).toMatchObject({ error: null, responseTime: expect.any(Number) });
    expect(done.find((d) => d.model === 'grok')).toMatchObject({ modelVersion: version('grok') });
    const types = events.map((e) => e.type);
    expect(types.indexOf('comparison')).toBeGreaterThan(types.lastIndexOf('model-done'));
    expect(types.at(-1)).toBe('query');

    const query = (events.at(-1) as { query: QueryResult }).query;
    expect(query.text).toBe('What is the capital of France?');
    expect(query.responses.map((r) => r.model)).toEqual(['chatgpt', 'grok', 'gemini', 'comparison']);
    expect(query.responses[0]).toMatchObject({
      text: 'Paris is the capital of France.',
      error: null,
      modelVersion: version('chatgpt'),
    });
    expect(query.responses[2]!.usage).toEqual({ inputTokens: 11, outputTokens: 7 });
    expect(query.comparisonSummary?.judge).toEqual({ kind: 'local' });
    expect(query.comparisonSummary?.confidenceRanking.map((c) => c.model).sort()).toEqual([
      'chatgpt',
      'gemini',
      'grok',
    ]);
    expect(query.subscriptionInfo.freeQuestionsRemaining).toBe(32);

    // Saved: the anonymous visitor became a session_ user, and every answer is a row.
    const [owner] = await t.db
      .select()
      .from(users)
      .where(eq(users.username, `session_${sessionId}`));
    expect(owner).toMatchObject({ email: null, freeQuestionsRemaining: 32 });
    const rows = await t.db.select().from(responses).where(eq(responses.queryId, query.id));
    expect(rows).toHaveLength(4);
    expect(rows.find((r) => r.model === 'gemini')).toMatchObject({
      inputTokens: 11,
      outputTokens: 7,
      modelVersion: version('gemini'),
    });
    expect(rows.find((r) => r.model === 'chatgpt')?.confidenceScore).toEqual(expect.any(Number));

    // What the vendors received: the question, through each vendor's own protocol.
    expect(fakes.openai.requests.map((r) => r.model).sort()).toEqual([version('chatgpt'), version('grok')].sort());
    expect(fakes.gemini.lastRequest?.prompt).toContain('What is the capital of France?');
  });

  it("shows one model failing as that card's error while the others answer", async () => {
    fakes.openai.script(version('grok'), { error: { status: 500, message: 'xAI is having a bad day' } });
    // The two that answer state checkable facts, so there is a ranking for the failed answer to be left out of.
    fakes.openai.script(version('chatgpt'), {
      text: '7 is a prime number. The smallest prime is 2. There are 25 primes below 100.',
    });
    fakes.anthropic.script(version('claude'), {
      text: '7 is a prime number: its only divisors are 1 and 7. The smallest prime is 2, and there are 25 primes below 100.',
    });
    const res = await ask({
      text: 'Name a prime number',
      sessionId: newSession(),
      selectedModels: ['chatgpt', 'grok', 'claude'],
    });
    const events = parseSse(res.body);
    const grokDone = events.find((e) => e.type === 'model-done' && e.model === 'grok');
    expect(grokDone).toMatchObject({ error: vendorFailureMessages['vendor-error'] });
    const query = (events.at(-1) as { query: QueryResult }).query;
    expect(query.responses.find((r) => r.model === 'grok')).toMatchObject({
      text: null,
      error: vendorFailureMessages['vendor-error'],
    });
    expect(query.responses.find((r) => r.model === 'claude')?.error).toBeNull();
    // A failed answer has no score: it is left out of the ranking, not ranked last at 0 (issue 33, item 6).
    expect(query.comparisonSummary?.confidenceRanking.map((c) => c.model).sort()).toEqual(['chatgpt', 'claude']);
    expect(query.subscriptionInfo.freeQuestionsRemaining).toBe(32);
  });

  it('ends a model that takes longer than the timeout with a clear error', async () => {
    fakes.gemini.script(version('gemini'), { failure: 'hang' });
    const impatient = await createTestApp({ ...fakes.env, JUDGE_MODEL: 'local', MODEL_TIMEOUT_SECONDS: '2' });
    onTestFinished(() => impatient.close());
    const res = await impatient.app.inject({
      method: 'POST',
      url: '/api/query/stream',
      payload: { text: 'Slow question', sessionId: newSession(), selectedModels: ['chatgpt', 'gemini'] },
    });
    const query = (parseSse(res.body).at(-1) as { query: QueryResult }).query;
    expect(query.responses.find((r) => r.model === 'gemini')?.error).toBe(vendorFailureMessages.timeout);
    expect(query.responses.find((r) => r.model === 'chatgpt')?.error).toBeNull();
    await fakes.gemini.waitFor(() => fakes.gemini.lastRequest?.aborted);
  });

  it('gives the question back when every model fails', async () => {
    fakes.script('*', { error: { status: 503, message: 'overloaded' } });
    const sessionId = newSession();
    const res = await ask({ text: 'Anyone there?', sessionId, selectedModels: ['chatgpt', 'claude'] });
    const query = (parseSse(res.body).at(-1) as { query: QueryResult }).query;
    expect(query.responses.every((r) => r.error !== null)).toBe(true);
    expect(query.comparisonSummary).toBeNull();
    expect(query.subscriptionInfo.freeQuestionsRemaining).toBe(33);
    const [row] = await t.db.select().from(queries).where(eq(queries.id, query.id));
    expect(row?.chargedTo).toBeNull();
  });

  it("aborts the vendors' requests when the client goes away", async () => {
    fakes.script('*', { chunks: ['one ', 'two ', 'three ', 'four'], chunkDelayMs: 400 });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    const res = await fetch(`${address}/api/query/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        text: 'Count slowly',
        sessionId: newSession(),
        selectedModels: ['chatgpt', 'claude', 'gemini'],
      }),
      signal: controller.signal,
    });
    const reader = res.body!.getReader();
    await reader.read(); // the stream is open and the vendors are answering
    controller.abort();
    for (const fake of [fakes.openai, fakes.anthropic, fakes.gemini]) {
      const request = await fake.waitFor(() => fake.lastRequest?.outcome !== 'pending' && fake.lastRequest);
      expect(request.outcome).toBe('client-aborted');
    }
  });
});

describe('allowance', () => {
  it('answers 402 with subscriptionRequired when no free question is left', async () => {
    const sessionId = newSession();
    await ask({ text: 'warm up', sessionId, selectedModels: ['chatgpt'] });
    await t.db
      .update(users)
      .set({ freeQuestionsRemaining: 0 })
      .where(eq(users.username, `session_${sessionId}`));
    for (const url of ['/api/query', '/api/query/stream']) {
      const res = await ask({ text: 'one more', sessionId, selectedModels: ['chatgpt'] }, url);
      expect(res.statusCode).toBe(402);
      expect(res.json()).toEqual({ message: toastMessages.subscriptionRequired, subscriptionRequired: true });
    }
    expect(fakes.openai.requests).toHaveLength(1);
  });

  it('accepts exactly 3 of 20 parallel questions when 3 are left', async () => {
    const sessionId = newSession();
    await ask({ text: 'warm up', sessionId, selectedModels: ['chatgpt'] }, '/api/query');
    await t.db
      .update(users)
      .set({ freeQuestionsRemaining: 3 })
      .where(eq(users.username, `session_${sessionId}`));
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        ask({ text: `parallel ${i}`, sessionId, selectedModels: ['chatgpt'] }, '/api/query'),
      ),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 402)).toHaveLength(17);
    const [owner] = await t.db
      .select()
      .from(users)
      .where(eq(users.username, `session_${sessionId}`));
    expect(owner?.freeQuestionsRemaining).toBe(0);
  });

  it('uses the paid allowance first while a subscription is active', async () => {
    const sessionId = newSession();
    await ask({ text: 'warm up', sessionId, selectedModels: ['chatgpt'] }, '/api/query');
    await t.db
      .update(users)
      .set({ subscriptionStatus: 'active', subscriptionTier: 'basic', paidQuestionsRemaining: 2 })
      .where(eq(users.username, `session_${sessionId}`));
    const res = await ask({ text: 'paid one', sessionId, selectedModels: ['chatgpt'] }, '/api/query');
    expect(res.json().subscriptionInfo).toMatchObject({
      paidQuestionsRemaining: 1,
      freeQuestionsRemaining: 32,
      hasActiveSubscription: true,
    });
  });
});

describe('validation and configuration', () => {
  it('rejects a blank question, no models, four models and an overlong question with clear messages', async () => {
    const sessionId = newSession();
    const cases: [Record<string, unknown>, string][] = [
      [{ text: '   ', selectedModels: ['chatgpt'] }, 'Please enter a query to submit'],
      [{ text: 'hi', selectedModels: [] }, 'Please select at least one AI model'],
      [{ text: 'hi', selectedModels: ['chatgpt', 'grok', 'gemini', 'claude'] }, 'Please select at most 3 AI models'],
      [
        { text: 'x'.repeat(4001), selectedModels: ['chatgpt'] },
        'Your question is too long: please keep it under 4,000 characters',
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await ask({ ...payload, sessionId }, '/api/query');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(fakes.openai.requests).toHaveLength(0);
  });

  it('answers 400 with apiConfigurationRequired and the missing services, charging nothing', async () => {
    const { XAI_API_KEY: _x, ANTHROPIC_API_KEY: _a, ...env } = fakes.env;
    const partial = await createTestApp({ ...env, JUDGE_MODEL: 'local' });
    try {
      const sessionId = newSession();
      const res = await partial.app.inject({
        method: 'POST',
        url: '/api/query',
        payload: { text: 'hello', sessionId, selectedModels: ['chatgpt', 'grok', 'claude'] },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ apiConfigurationRequired: true, missingServices: ['Grok', 'Claude'] });
      const status = await partial.app.inject({ method: 'GET', url: '/api/api-status' });
      expect(status.json()).toMatchObject({ chatgpt: true, grok: false, claude: false, gemini: true });
      const [owner] = await partial.db
        .select()
        .from(users)
        .where(eq(users.username, `session_${sessionId}`));
      expect(owner?.freeQuestionsRemaining ?? 33).toBe(33);
    } finally {
      await partial.close();
    }
  });
});
