import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { COMPARISON_MODEL, modelCatalogue } from '../../common/models';
import { queryMessages } from '../../common/query-messages';
import type { QueryResult, StreamEvent } from '../../common/query-schemas';
import { vendorFailureMessages } from '../../common/vendor-failure-messages';
import { startFakeAiVendors, type FakeAiVendors } from '../../../tests/fakes/ai-vendors';
import {
  askOverSocket,
  eventually,
  freeLeft,
  ledgerReasons,
  listen,
  settled,
  visitor,
} from '../../../tests/faults/asking';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

// Stop (issue 20, item 1): the asker stops one model or all of them while they stream. The vendor call
// is aborted (the fake sees its connection closed), the words that arrived are kept and marked
// 'stopped', the comparison runs on what was kept and names the stopped answers, and the question is
// charged by the one rule: once any model produced text, given back only when none did.

let fakes: FakeAiVendors;
let t: TestApp;
let port: number;

beforeAll(async () => {
  fakes = await startFakeAiVendors();
  t = await createTestApp({ ...fakes.env, JUDGE_MODEL: 'local', MODEL_TIMEOUT_SECONDS: '10' });
  port = await listen(t);
});
afterEach(() => fakes.reset());
afterAll(async () => {
  await t?.close();
  await fakes?.stop();
});

const version = (model: keyof typeof modelCatalogue) => modelCatalogue[model].defaultVersion;
const sentences = (n: number) => Array.from({ length: n }, (_, i) => `Paris has ${i + 2} million people. `);
const streamIdOf = (events: StreamEvent[]) =>
  (events.find((e) => e.type === 'start') as Extract<StreamEvent, { type: 'start' }> | undefined)?.streamId;
const deltasOf = (events: StreamEvent[], model: string) =>
  events.filter((e) => e.type === 'delta' && e.model === model).length;
const doneOf = (events: StreamEvent[], model: string) =>
  events.find((e) => e.type === 'model-done' && e.model === model) as
    Extract<StreamEvent, { type: 'model-done' }> | undefined;
const savedOf = (events: StreamEvent[]) =>
  (events.find((e) => e.type === 'query') as { query: QueryResult } | undefined)?.query;

function stop(streamId: string, body: { sessionId?: string; model?: string }) {
  return t.app.inject({ method: 'POST', url: `/api/query/stream/${streamId}/stop`, payload: body });
}

/**
 * Asks over a real socket and sends a stop once `when` holds for the events so far; returns the whole
 * stream and the stop's answer.
 */
async function askAndStop(
  models: string[],
  when: (events: StreamEvent[]) => boolean,
  stopBody: (sessionId: string) => { sessionId?: string; model?: string },
) {
  const { sessionId, userId } = await visitor(t.db);
  let stopped: ReturnType<typeof stop> | undefined;
  const outcome = await askOverSocket(port, { sessionId, selectedModels: models }, (events) => {
    const streamId = streamIdOf(events);
    if (!stopped && streamId && when(events)) stopped = stop(streamId, stopBody(sessionId));
    return false;
  });
  await eventually('the question to be settled', 5000, settled(t.db, userId));
  return { ...outcome, sessionId, userId, stopAnswer: await stopped };
}

describe('stopping one model', () => {
  it('aborts that vendor call, keeps its words, lets the others finish, and compares what was kept', async () => {
    fakes.openai.script(version('chatgpt'), { chunks: sentences(60), chunkDelayMs: 40 });
    fakes.anthropic.script(version('claude'), { chunks: sentences(8), chunkDelayMs: 30 });
    const run = await askAndStop(
      ['chatgpt', 'claude'],
      (events) => deltasOf(events, 'chatgpt') === 5,
      (sessionId) => ({ sessionId, model: 'chatgpt' }),
    );

    expect(run.stopAnswer?.statusCode, run.stopAnswer?.body).toBe(200);
    expect(run.stopAnswer?.json()).toEqual({ message: queryMessages.stopping });
    const aborted = await fakes.openai.waitFor(() => fakes.openai.requests.find((r) => r.aborted));
    expect(aborted.outcome).toBe('client-aborted');
    expect(fakes.anthropic.requests.every((r) => r.outcome === 'completed')).toBe(true);

    const chatgpt = doneOf(run.events, 'chatgpt');
    expect(chatgpt).toMatchObject({ failure: 'stopped', error: vendorFailureMessages.stopped });
    expect(deltasOf(run.events, 'chatgpt')).toBeLessThan(60);
    expect(doneOf(run.events, 'claude')).toMatchObject({ failure: null, error: null });

    const saved = savedOf(run.events)!;
    const stoppedAnswer = saved.responses.find((r) => r.model === 'chatgpt')!;
    expect(stoppedAnswer).toMatchObject({ failure: 'stopped', error: vendorFailureMessages.stopped });
    expect(stoppedAnswer.text).toMatch(/^Paris has 2 million people\. /);
    expect(saved.comparisonSummary?.stopped).toEqual(['chatgpt']);
    // Compared on what arrived, but a stopped answer gets no score (issue 33, item 6).
    expect(saved.comparisonSummary?.confidenceRanking.map((c) => c.model)).toEqual(['claude']);

    // The stored question says the same on its own page.
    const page = await t.app.inject({ url: `/api/query/${saved.id}?sessionId=${run.sessionId}` });
    expect(page.json().responses.find((r: { model: string }) => r.model === 'chatgpt')).toMatchObject({
      failure: 'stopped',
      text: stoppedAnswer.text,
    });
    expect(await freeLeft(t.db, run.userId)).toBe(32);
  });
});

describe('stopping every model', () => {
  it('before any words arrived: nothing is kept and the question is given back', async () => {
    fakes.script('*', { chunks: sentences(10), initialDelayMs: 1500, chunkDelayMs: 30 });
    const run = await askAndStop(
      ['chatgpt', 'gemini'],
      (events) => events.length === 1,
      (sessionId) => ({ sessionId }),
    );
    expect(run.stopAnswer?.statusCode).toBe(200);
    expect(doneOf(run.events, 'chatgpt')?.failure).toBe('stopped');
    expect(doneOf(run.events, 'gemini')?.failure).toBe('stopped');
    const saved = savedOf(run.events)!;
    expect(saved.comparisonSummary).toBeNull();
    expect(saved.responses.map((r) => r.text)).toEqual([null, null]);
    expect(await freeLeft(t.db, run.userId)).toBe(33);
    expect(await ledgerReasons(t.db, run.userId)).toEqual(['account-opened', 'question-asked', 'question-refunded']);
  });

  it('after words arrived: the question is charged once and compared on the parts kept', async () => {
    fakes.script('*', { chunks: sentences(60), chunkDelayMs: 40 });
    const run = await askAndStop(
      ['chatgpt', 'claude'],
      (events) => deltasOf(events, 'chatgpt') >= 3 && deltasOf(events, 'claude') >= 3,
      (sessionId) => ({ sessionId }),
    );
    const saved = savedOf(run.events)!;
    expect(saved.responses.filter((r) => r.model !== COMPARISON_MODEL).map((r) => r.failure)).toEqual([
      'stopped',
      'stopped',
    ]);
    expect(saved.comparisonSummary?.stopped?.sort()).toEqual(['chatgpt', 'claude']);
    expect(await freeLeft(t.db, run.userId)).toBe(32);
    expect(await ledgerReasons(t.db, run.userId)).toEqual(['account-opened', 'question-asked']);
  });
});

describe('who may stop', () => {
  it('another visitor, or a name no stream has, is told the question is not being answered; the stream goes on', async () => {
    fakes.script('*', { chunks: sentences(12), chunkDelayMs: 30 });
    const stranger = await visitor(t.db);
    const run = await askAndStop(
      ['chatgpt'],
      (events) => deltasOf(events, 'chatgpt') === 2,
      () => ({ sessionId: stranger.sessionId }),
    );
    expect(run.stopAnswer?.statusCode).toBe(404);
    expect(run.stopAnswer?.json()).toEqual({ message: queryMessages.streamFinished });
    expect(doneOf(run.events, 'chatgpt')).toMatchObject({ failure: null, error: null });
    expect(deltasOf(run.events, 'chatgpt')).toBe(12);

    const unknown = await stop('AAAAAAAAAAAAAAAAAAAAAA', { sessionId: run.sessionId });
    expect(unknown.statusCode).toBe(404);
    const malformed = await stop('not-a-stream', { sessionId: run.sessionId });
    expect(malformed.statusCode).toBe(400);
  });

  it('a finished stream can no longer be stopped', async () => {
    fakes.script('*', { chunks: sentences(2) });
    const { sessionId } = await visitor(t.db);
    const run = await askOverSocket(port, { sessionId, selectedModels: ['chatgpt'] });
    const late = await stop(streamIdOf(run.events)!, { sessionId });
    expect(late.statusCode).toBe(404);
  });
});
