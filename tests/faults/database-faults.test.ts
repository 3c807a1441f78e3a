import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { serverMessages } from '../../src/common/messages';
import type { StreamEvent } from '../../src/common/query-schemas';
import { buildApp } from '../../src/server/app';
import { startFakeAiVendors, type FakeAiVendors } from '../fakes/ai-vendors';
import { FaultyTcpProxy } from '../fakes/tcp-proxy';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { askOverSocket, eventually, freeLeft, ledgerReasons, listen, reservationsOf, visitor } from './asking';

// The fault-injection suite, part 2 (issue 18, items 3 and 4): the database goes away, stalls, and
// comes back. Requests that need it answer 503 with Retry-After within the configured bounds instead
// of hanging; the app recovers by itself; a question whose result could not be saved is given back
// after recovery, exactly once. On PostgreSQL the app reaches the database through a proxy that can
// cut or freeze the connection (tests/fakes/tcp-proxy.ts); the embedded database can only be closed.

const unavailable = { message: serverMessages.serviceUnavailable };
let fakes: FakeAiVendors;

beforeAll(async () => {
  fakes = await startFakeAiVendors();
});
afterEach(() => fakes.reset());
afterAll(async () => {
  await fakes?.stop();
});

describe('the database is gone', () => {
  it('questions, history and readiness answer 503 with Retry-After at once; liveness still answers', async () => {
    const t = await createTestApp({ ...fakes.env, JUDGE_MODEL: 'local' });
    try {
      const { sessionId } = await visitor(t.db);
      await t.closeDatabase();
      const started = performance.now();
      const question = await t.app.inject({
        method: 'POST',
        url: '/api/query/stream',
        payload: { text: 'Why?', sessionId, selectedModels: ['chatgpt'] },
      });
      const history = await t.app.inject({ method: 'GET', url: `/api/history/${sessionId}` });
      for (const res of [question, history]) {
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual(unavailable);
        expect(res.headers['retry-after']).toBe('5');
      }
      expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(503);
      expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
      expect(performance.now() - started).toBeLessThan(2000);
    } finally {
      await t.app.close();
    }
  });
});

describe('a question whose instance died before it was settled', () => {
  it('is given back by the next instance to start, once, however many instances reconcile', async () => {
    fakes.script('*', { chunks: ['Paris ', 'is ', 'the capital.'] });
    const t = await createTestApp({ ...fakes.env, JUDGE_MODEL: 'local' });
    try {
      const asked = await visitor(t.db);
      const answered = await visitor(t.db);
      await t.app.inject({
        method: 'POST',
        url: '/api/query',
        payload: { text: 'Capital of France?', sessionId: answered.sessionId, selectedModels: ['chatgpt'] },
      });
      // What a question leaves when its instance is killed between taking it and saving its result.
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/query',
        payload: { text: 'Capital of France?', sessionId: asked.sessionId, selectedModels: ['chatgpt'] },
      });
      expect(res.statusCode).toBe(200);
      await t.db.execute(
        sql`update question_reservations set settled_at = null, outcome = null where user_id = ${asked.userId}`,
      );
      await t.db.execute(sql`update queries set charged_to = null where user_id = ${asked.userId}`);
      await t.db.execute(sql`update question_reservations set created_at = now() - interval '1 hour'`);
      expect(await freeLeft(t.db, asked.userId)).toBe(32);

      const restarted = await Promise.all(
        [1, 2].map(() => buildApp({ config: t.config, db: t.db, logger: false, clientDir: null })),
      );
      try {
        await Promise.all(restarted.map((app) => app.ready()));
        await eventually(
          'the question to be given back',
          5000,
          async () => (await freeLeft(t.db, asked.userId)) === 33,
        );
        // Both instances reconciled at start-up; the question came back once, and the answered one was left alone.
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(await freeLeft(t.db, asked.userId)).toBe(33);
        expect(await ledgerReasons(t.db, asked.userId)).toEqual([
          'account-opened',
          'question-asked',
          'question-unsettled',
        ]);
        expect(await freeLeft(t.db, answered.userId)).toBe(32);
        expect((await reservationsOf(t.db, asked.userId)).map((r) => r.outcome)).toEqual(['refunded']);
      } finally {
        await Promise.all(restarted.map((app) => app.close()));
      }
    } finally {
      await t.close();
    }
  });
});

const postgresUrl = inject('postgresUrl');

// Only a database on the network can stall or drop connections and come back; these run in the
// PostgreSQL run (npm run test:pg, a step of .ci/run).
describe.runIf(postgresUrl)('PostgreSQL behind a faulty network', () => {
  let proxy: FaultyTcpProxy;
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    const target = new URL(postgresUrl);
    proxy = new FaultyTcpProxy(target.hostname, Number(target.port || 5432));
    const proxyPort = await proxy.start();
    t = await createTestApp(
      {
        ...fakes.env,
        JUDGE_MODEL: 'local',
        MODEL_TIMEOUT_SECONDS: '5',
        DATABASE_CONNECT_TIMEOUT_SECONDS: '1',
        DATABASE_STATEMENT_TIMEOUT_SECONDS: '2',
      },
      // Idle connections the proxy cuts are expected here; the pool replaces them (db/client.ts).
      { connectVia: { host: '127.0.0.1', port: proxyPort }, onConnectionError: () => {} },
    );
    port = await listen(t);
  });
  afterEach(() => proxy.flow());
  afterAll(async () => {
    await t?.close();
    await proxy?.stop();
  });

  /** Requests that each need the database: a question, a history read, the readiness probe. */
  async function burst(sessionId: string) {
    const started = performance.now();
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/query/stream',
          payload: { text: 'Why?', sessionId, selectedModels: ['chatgpt'] },
        }),
      ),
      ...Array.from({ length: 12 }, () => t.app.inject({ method: 'GET', url: `/api/history/${sessionId}` })),
    ]);
    return { answers, elapsedMs: performance.now() - started };
  }

  const historyAnswers = (sessionId: string) => async () =>
    (await t.app.inject({ method: 'GET', url: `/api/history/${sessionId}` })).statusCode === 200;

  it('stalled: every request answers 503 with Retry-After within the bounds, then it recovers by itself', async () => {
    const { sessionId, userId } = await visitor(t.db);
    proxy.stall();
    const { answers, elapsedMs } = await burst(sessionId);
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toEqual(unavailable);
      expect(res.headers['retry-after']).toBe('5');
    }
    // The statement bound (2 s) plus the client's grace (1 s) plus a wait for a free connection (1 s), and room.
    expect(elapsedMs).toBeLessThan(6000);
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);

    proxy.flow();
    await eventually('the app to serve again', 5000, historyAnswers(sessionId));
    expect(await freeLeft(t.db, userId)).toBe(33);
  });

  it('down and back: 503 at once while it is down, served again as soon as it is back', async () => {
    const { sessionId, userId } = await visitor(t.db);
    proxy.down();
    const { answers, elapsedMs } = await burst(sessionId);
    for (const res of answers) expect(res.statusCode, res.body).toBe(503);
    expect(elapsedMs).toBeLessThan(3000);

    proxy.flow();
    const recoveredIn = await eventually('the app to serve again', 5000, historyAnswers(sessionId));
    expect(recoveredIn).toBeLessThan(2000);
    expect(await freeLeft(t.db, userId)).toBe(33);
  });

  it('a question in flight when the database goes away is given back after recovery, exactly once', async () => {
    fakes.script('*', { chunks: Array.from({ length: 10 }, (_, i) => `word${i} `), chunkDelayMs: 40 });
    const { sessionId, userId } = await visitor(t.db);
    let cut = false;
    const outcome = await askOverSocket(port, { sessionId, selectedModels: ['chatgpt', 'claude'] }, (events) => {
      if (!cut && events.some((e) => e.type === 'delta')) {
        cut = true;
        proxy.down();
      }
      return false;
    });
    // The answers streamed, but nothing could be saved or settled: the stream says why.
    expect(outcome.events.filter((e) => e.type === 'delta').length).toBe(20);
    expect(outcome.events.at(-1)).toEqual({
      type: 'error',
      message: serverMessages.serviceUnavailable,
    } satisfies StreamEvent);

    proxy.flow();
    await eventually('the app to serve again', 5000, historyAnswers(sessionId));
    expect(await freeLeft(t.db, userId)).toBe(32);
    expect((await reservationsOf(t.db, userId)).map((r) => r.outcome)).toEqual([null]);

    // Once the question cannot still be running anywhere (allowance/reconciler.ts), an instance gives it back.
    await t.db.execute(
      sql`update question_reservations set created_at = now() - interval '1 hour' where user_id = ${userId}`,
    );
    const next = await buildApp({ config: t.config, db: t.db, logger: false, clientDir: null });
    await next.ready();
    try {
      await eventually('the question to be given back', 5000, async () => (await freeLeft(t.db, userId)) === 33);
      expect(await ledgerReasons(t.db, userId)).toEqual(['account-opened', 'question-asked', 'question-unsettled']);
    } finally {
      await next.close();
    }
  });
});
