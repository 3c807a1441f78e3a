import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { serverMessages } from '../../common/messages';
import { modelCatalogue } from '../../common/models';
import { vendorFailureMessages } from '../../common/vendor-failure-messages';
import type { QueryResult, StreamEvent } from '../../common/query-schemas';
import { queries, responses, users } from '../db/schema';
import { findOrCreateSessionUser } from '../users/repository';
import { startFakeAiVendors, type FakeAiVendors } from '../../../tests/fakes/ai-vendors';
import { parseSse } from '../../../tests/helpers/sse';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

// When a question costs one (docs/architecture.md, "The question pipeline", and the hostile-input issue): it is
// charged once any model has produced answer text, even if comparing or saving fails afterwards, and given back
// exactly once only when no model produced anything. Vendors' text the database cannot store
// (U+0000, lone surrogates) is cleaned before saving, so it cannot turn a paid answer into a free one.

const version = (model: keyof typeof modelCatalogue) => modelCatalogue[model].defaultVersion;
let fakes: FakeAiVendors;
let t: TestApp;
let sessionCounter = 0;

beforeAll(async () => {
  fakes = await startFakeAiVendors();
  t = await createTestApp({ ...fakes.env, JUDGE_MODEL: 'local', MODEL_TIMEOUT_SECONDS: '2' });
});
afterEach(() => fakes.reset());
afterAll(async () => {
  await t?.close();
  await fakes?.stop();
});

/** A visitor whose session user exists, with all 33 free questions. */
async function visitor() {
  const sessionId = `charging-session-${++sessionCounter}`;
  await findOrCreateSessionUser(t.db, sessionId, 33);
  return sessionId;
}
const freeLeft = async (sessionId: string) =>
  (
    await t.db
      .select()
      .from(users)
      .where(eq(users.username, `session_${sessionId}`))
  )[0]!.freeQuestionsRemaining;
const savedQuestions = async (sessionId: string) => {
  const [owner] = await t.db
    .select()
    .from(users)
    .where(eq(users.username, `session_${sessionId}`));
  return t.db.select().from(queries).where(eq(queries.userId, owner!.id));
};
const ask = (sessionId: string, selectedModels: string[], url = '/api/query/stream') =>
  t.app.inject({ method: 'POST', url, payload: { text: 'What is the capital of France?', sessionId, selectedModels } });
const lastQuery = (events: StreamEvent[]) => (events.at(-1) as { query: QueryResult }).query;

/** Makes the database itself refuse to store any answer containing `marker`, for the duration of `run`. */
async function withDatabaseRefusing<T>(marker: string, run: () => Promise<T>): Promise<T> {
  await t.db.execute(
    sql.raw(
      `ALTER TABLE responses ADD CONSTRAINT refuse_marker CHECK (coalesce(text, '') || coalesce(error, '') NOT LIKE '%${marker}%') NOT VALID`,
    ),
  );
  try {
    return await run();
  } finally {
    await t.db.execute(sql.raw('ALTER TABLE responses DROP CONSTRAINT refuse_marker'));
  }
}

describe('answers the database could not store', () => {
  it('a U+0000 or a lone surrogate in an answer is dropped or replaced, and the question is saved and charged', async () => {
    fakes.openai.script(version('chatgpt'), { chunks: ['Paris\u0000 is ', 'the capital.'] });
    fakes.anthropic.script(version('claude'), { chunks: ['Paris \uD800is ', 'the capital.'] });
    const sessionId = await visitor();
    const res = await ask(sessionId, ['chatgpt', 'claude']);
    const events = parseSse(res.body);
    expect(events.at(-1)?.type, res.body).toBe('query');
    const query = lastQuery(events);
    expect(query.responses.find((r) => r.model === 'chatgpt')?.text).toBe('Paris is the capital.');
    expect(query.responses.find((r) => r.model === 'claude')?.text).toBe('Paris \uFFFDis the capital.');
    expect(query.subscriptionInfo.freeQuestionsRemaining).toBe(32);
    expect(await freeLeft(sessionId)).toBe(32);
    const rows = await t.db.select().from(responses).where(eq(responses.queryId, query.id));
    expect(rows.map((r) => r.text).join('')).not.toContain('\u0000');
  });
});

describe('something fails after the models answered', () => {
  it('the stream still carries the answers, ends with an error, and the question stays charged', async () => {
    fakes.openai.script(version('chatgpt'), { chunks: ['Paris, ', 'refuse-me.'] });
    const sessionId = await visitor();
    const res = await withDatabaseRefusing('refuse-me', () => ask(sessionId, ['chatgpt', 'claude']));
    const events = parseSse(res.body);
    const deltas = events.flatMap((e) => (e.type === 'delta' && e.model === 'chatgpt' ? [e.text] : []));
    expect(deltas.join('')).toBe('Paris, refuse-me.');
    expect(events.at(-1)).toEqual({ type: 'error', message: serverMessages.internalError });
    expect(await savedQuestions(sessionId)).toEqual([]);
    expect(await freeLeft(sessionId)).toBe(32);
  });

  it('POST /api/query answers 500 and the question stays charged', async () => {
    fakes.script('*', { text: 'refuse-me please' });
    const sessionId = await visitor();
    const res = await withDatabaseRefusing('refuse-me', () => ask(sessionId, ['chatgpt'], '/api/query'));
    expect(res.statusCode).toBe(500);
    expect(await freeLeft(sessionId)).toBe(32);
  });
});

describe('no model produced an answer', () => {
  it('every model failing gives the question back exactly once, even when saving fails too', async () => {
    fakes.script('*', { error: { status: 503, message: 'overloaded' } });
    const sessionId = await visitor();
    // The cards' text for a vendor error is what the database is made to refuse.
    const marker = vendorFailureMessages['vendor-error'].replace(/^.*?'s /, '');
    const res = await withDatabaseRefusing(marker, () => ask(sessionId, ['chatgpt', 'claude', 'gemini']));
    expect(parseSse(res.body).at(-1)?.type).toBe('error');
    expect(await freeLeft(sessionId)).toBe(33);
  });

  it('empty answers are not answers: the question is given back', async () => {
    fakes.script('*', { chunks: [] });
    const sessionId = await visitor();
    const res = await ask(sessionId, ['chatgpt', 'claude']);
    const query = lastQuery(parseSse(res.body));
    expect(query.responses.filter((r) => r.model !== 'comparison').map((r) => r.text ?? '')).toEqual(['', '']);
    expect(query.subscriptionInfo.freeQuestionsRemaining).toBe(33);
    expect((await t.db.select().from(queries).where(eq(queries.id, query.id)))[0]?.chargedTo).toBeNull();
  });

  it('a model that fails after a few words has answered: the question is charged', async () => {
    fakes.openai.script(version('chatgpt'), {
      chunks: ['Paris is ', 'the capital ', 'of France.'],
      failure: 'truncated',
      failAfterChunks: 2,
    });
    const sessionId = await visitor();
    const res = await ask(sessionId, ['chatgpt']);
    const query = lastQuery(parseSse(res.body));
    expect(query.responses[0]).toMatchObject({ text: 'Paris is the capital ', error: expect.any(String) });
    expect(query.subscriptionInfo.freeQuestionsRemaining).toBe(32);
    expect((await t.db.select().from(queries).where(eq(queries.id, query.id)))[0]?.chargedTo).toBe('free');
  });
});
