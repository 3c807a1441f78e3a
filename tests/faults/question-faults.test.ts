import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { modelCatalogue } from '../../src/common/models';
import type { StreamEvent } from '../../src/common/query-schemas';
import { startFakeAiVendors, type FakeAiVendors } from '../fakes/ai-vendors';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { askOverSocket, eventually, freeLeft, ledgerReasons, listen, reservationsOf, settled, visitor } from './asking';

// The fault-injection suite, part 1 (issue 18): the browser hangs up at the start, in the middle or
// at the end of a streamed answer, and vendors hang, fail or cut their stream. In every case the
// question is charged once any vendor produced text and given back exactly once otherwise, and the
// server is done with the question within its bounds (the model timeout here is 2 s).

const MODEL_TIMEOUT_S = 2;
/** The longest the server may take to finish a question after its last vendor gave up, with room for a slow CI machine. */
const SETTLE_WITHIN_MS = MODEL_TIMEOUT_S * 1000 + 2500;

let fakes: FakeAiVendors;
let t: TestApp;
let port: number;

beforeAll(async () => {
  fakes = await startFakeAiVendors();
  t = await createTestApp({ ...fakes.env, JUDGE_MODEL: 'local', MODEL_TIMEOUT_SECONDS: String(MODEL_TIMEOUT_S) });
  port = await listen(t);
});
afterEach(() => fakes.reset());
afterAll(async () => {
  await t?.close();
  await fakes?.stop();
});

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i} `);
const deltas = (events: StreamEvent[]) => events.filter((e) => e.type === 'delta').length;
const version = (model: keyof typeof modelCatalogue) => modelCatalogue[model].defaultVersion;

/** Asks, hangs up when told, waits for the server to settle the question, and reports what the user was left with. */
async function askAndSettle(models: string[], hangUpWhen?: (events: StreamEvent[]) => boolean) {
  const { sessionId, userId } = await visitor(t.db);
  const started = performance.now();
  const outcome = await askOverSocket(port, { sessionId, selectedModels: models }, hangUpWhen);
  await eventually('the question to be settled', SETTLE_WITHIN_MS, settled(t.db, userId));
  const reservations = await reservationsOf(t.db, userId);
  return {
    ...outcome,
    elapsedMs: performance.now() - started,
    freeLeft: await freeLeft(t.db, userId),
    outcomes: reservations.map((r) => r.outcome),
    ledger: await ledgerReasons(t.db, userId),
  };
}

describe('the browser hangs up', () => {
  it('at the start, before any vendor wrote a word: the question is given back once', async () => {
    fakes.script('*', { chunks: words(20), initialDelayMs: 1500, chunkDelayMs: 20 });
    const result = await askAndSettle(['chatgpt', 'claude'], () => true);
    expect(result).toMatchObject({ hungUp: true, status: 200, freeLeft: 33, outcomes: ['refunded'] });
    expect(result.ledger).toEqual(['account-opened', 'question-asked', 'question-refunded']);
  });

  it('in the middle, after 15 of 60 pieces: the question is charged and the partial answers are kept', async () => {
    fakes.script('*', { chunks: words(20), chunkDelayMs: 25 });
    const result = await askAndSettle(['chatgpt', 'claude', 'gemini'], (events) => deltas(events) >= 15);
    expect(result).toMatchObject({ hungUp: true, freeLeft: 32, outcomes: ['charged'] });
    expect(result.ledger).toEqual(['account-opened', 'question-asked']);
  });

  it('at the end, after the last piece but before the result: the question is charged', async () => {
    fakes.script('*', { chunks: words(20), chunkDelayMs: 5 });
    const result = await askAndSettle(
      ['chatgpt', 'claude'],
      (events) => events.filter((e) => e.type === 'model-done').length === 2,
    );
    expect(result).toMatchObject({ hungUp: true, freeLeft: 32, outcomes: ['charged'] });
  });

  it('never: the same question read to its end is charged once (the baseline for the cases above)', async () => {
    fakes.script('*', { chunks: words(20) });
    const result = await askAndSettle(['chatgpt', 'claude']);
    expect(result.hungUp).toBe(false);
    expect(result.events.at(-1)?.type).toBe('query');
    expect(result).toMatchObject({ freeLeft: 32, outcomes: ['charged'] });
  });
});

describe('a vendor misbehaves', () => {
  it('hangs without a word: the stream ends at the model timeout and the question is given back', async () => {
    fakes.script('*', { failure: 'hang' });
    const result = await askAndSettle(['chatgpt', 'claude']);
    expect(result.events.at(-1)?.type).toBe('query');
    expect(result.elapsedMs).toBeLessThan(SETTLE_WITHIN_MS);
    expect(result).toMatchObject({ freeLeft: 33, outcomes: ['refunded'] });
  });

  it('hangs after a few words: the question is charged, at the model timeout', async () => {
    fakes.script('*', { chunks: words(10), failure: 'hang', failAfterChunks: 3 });
    const result = await askAndSettle(['chatgpt']);
    expect(result.events.at(-1)?.type).toBe('query');
    expect(result.elapsedMs).toBeLessThan(SETTLE_WITHIN_MS);
    expect(result).toMatchObject({ freeLeft: 32, outcomes: ['charged'] });
  });

  it('answers 5xx: given back when every vendor did; charged when another one answered', async () => {
    fakes.script('*', { error: { status: 503, message: 'overloaded' } });
    expect(await askAndSettle(['chatgpt', 'claude'])).toMatchObject({ freeLeft: 33, outcomes: ['refunded'] });

    fakes.anthropic.script(version('claude'), { chunks: words(5) });
    expect(await askAndSettle(['chatgpt', 'claude'])).toMatchObject({ freeLeft: 32, outcomes: ['charged'] });
  });

  it('cuts its stream: given back before the first word, charged after it', async () => {
    fakes.script('*', { chunks: words(10), failure: 'truncated', failAfterChunks: 0 });
    expect(await askAndSettle(['chatgpt', 'gemini'])).toMatchObject({ freeLeft: 33, outcomes: ['refunded'] });

    fakes.script('*', { chunks: words(10), failure: 'truncated', failAfterChunks: 4 });
    expect(await askAndSettle(['chatgpt', 'gemini'])).toMatchObject({ freeLeft: 32, outcomes: ['charged'] });
  });
});
