import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { modelCatalogue } from '../../common/models';
import type { QueryResult, StreamEvent } from '../../common/query-schemas';
import { queries } from '../db/schema';
import { startFakeAiVendors, type FakeAiVendors } from '../../../tests/fakes/ai-vendors';
import {
  askOverSocket,
  eventually,
  freeLeft,
  ledgerReasons,
  listen,
  reservationsOf,
  settled,
  visitor,
} from '../../../tests/faults/asking';
import { parseSse } from '../../../tests/helpers/sse';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

// Issue 32, item 3: a question is charged once the asker has received any of an answer, reasoning
// included. A thinking model's reasoning is streamed to the card, saved with the answer and billed to
// us as output, so hanging up, or the model failing, after it arrived keeps the question charged; only
// a question of which nothing at all arrived is given back (common/answer-text.ts, answerReceived).

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

// Claude's default version thinks, and the fake streams its thinking word by word before the answer.
const claude = modelCatalogue.claude.defaultVersion;
const REASONING = 'The user asks for the capital. France has had one capital since 1944, and it is Paris.';
const ANSWER = 'Paris is the capital of France.';
const thoughtArrived = (events: StreamEvent[]) => events.some((e) => e.type === 'reasoning' && e.text !== '');
const chargedTo = async (userId: number) => (await reservationsOf(t.db, userId)).map((r) => r.outcome);

describe('hanging up while a thinking model reasons', () => {
  it('after some reasoning arrived: the question stays charged', async () => {
    fakes.anthropic.script(claude, { reasoning: REASONING, text: ANSWER, chunkDelayMs: 150 });
    const { sessionId, userId } = await visitor(t.db);
    const run = await askOverSocket(port, { sessionId, selectedModels: ['claude'] }, thoughtArrived);
    expect(run.hungUp).toBe(true);
    expect(run.events.some((e) => e.type === 'delta')).toBe(false);
    await eventually('the question to be settled', 5000, settled(t.db, userId));

    expect(await chargedTo(userId)).toEqual(['charged']);
    expect(await freeLeft(t.db, userId)).toBe(32);
    expect(await ledgerReasons(t.db, userId)).toEqual(['account-opened', 'question-asked']);
    const [saved] = await t.db.select().from(queries).where(eq(queries.userId, userId));
    expect(saved?.chargedTo).toBe('free');
  });

  it('before anything arrived (only the "thinking" placeholder): the question is given back', async () => {
    fakes.anthropic.script(claude, { reasoning: REASONING, text: ANSWER, initialDelayMs: 1500 });
    const { sessionId, userId } = await visitor(t.db);
    const run = await askOverSocket(port, { sessionId, selectedModels: ['claude'] }, (events) =>
      events.some((e) => e.type === 'reasoning'),
    );
    expect(run.hungUp).toBe(true);
    expect(thoughtArrived(run.events)).toBe(false);
    await eventually('the question to be settled', 5000, settled(t.db, userId));

    expect(await chargedTo(userId)).toEqual(['refunded']);
    expect(await freeLeft(t.db, userId)).toBe(33);
    expect(await ledgerReasons(t.db, userId)).toEqual(['account-opened', 'question-asked', 'question-refunded']);
  });
});

describe('a thinking model that fails after its reasoning', () => {
  it('a question: charged, and the reasoning is saved with the failed answer', async () => {
    // Cut off after the first reasoning words, before any answer word.
    fakes.anthropic.script(claude, { reasoning: REASONING, text: ANSWER, failure: 'truncated', failAfterChunks: 3 });
    const { sessionId, userId } = await visitor(t.db);
    const run = await askOverSocket(port, { sessionId, selectedModels: ['claude'] });
    const saved = (run.events.find((e) => e.type === 'query') as { query: QueryResult }).query;
    const answer = saved.responses.find((r) => r.model === 'claude')!;
    expect(answer.text ?? '').toBe('');
    expect(answer.error).not.toBeNull();
    expect(answer.reasoning).toMatch(/^The user asks/);
    expect(saved.subscriptionInfo.freeQuestionsRemaining).toBe(32);
    expect(await chargedTo(userId)).toEqual(['charged']);
  });

  it('a retry of a question given back: the retry that shows reasoning charges it', async () => {
    fakes.anthropic.script(claude, { error: { status: 500, message: 'internal error' }, times: 1 });
    const { sessionId, userId } = await visitor(t.db);
    const first = await askOverSocket(port, { sessionId, selectedModels: ['claude'] });
    const question = (first.events.find((e) => e.type === 'query') as { query: QueryResult }).query;
    expect(await freeLeft(t.db, userId)).toBe(33);

    fakes.anthropic.script(claude, { reasoning: REASONING, text: ANSWER, failure: 'truncated', failAfterChunks: 3 });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/query/${question.id}/retry`,
      payload: { model: 'claude', sessionId },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = (parseSse(res.body).find((e) => e.type === 'query') as { query: QueryResult }).query;
    expect(after.responses.find((r) => r.model === 'claude')?.reasoning).toMatch(/^The user asks/);
    expect(await freeLeft(t.db, userId)).toBe(32);
    const [row] = await t.db.select().from(queries).where(eq(queries.id, question.id));
    expect(row?.chargedTo).toBe('free');
  });
});
