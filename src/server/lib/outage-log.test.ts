import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { serverMessages } from '../../common/messages';
import { startFakeAiVendors, type FakeAiVendors } from '../../../tests/fakes/ai-vendors';
import { FaultyTcpProxy } from '../../../tests/fakes/tcp-proxy';
import { askOverSocket, eventually, listen, visitor } from '../../../tests/faults/asking';
import { login } from '../../../tests/helpers/accounts';
import { createTestApp } from '../../../tests/helpers/test-app';

// Issue 32, lows: what the operator's log says while a service the app needs is away. An outage is
// logged at warn, not error; a failure that repeats (every request counted in memory while Redis is
// away) says so once, without a stack, and says when it is over (lib/outage-log.ts).

interface Line {
  level: number;
  msg: string;
  reason?: string;
  err?: { stack?: string };
}

const WARN = 40;
const ERROR = 50;
const parsed = (lines: string[]) => lines.map((line) => JSON.parse(line) as Line);
const aboutRateLimits = (lines: string[]) =>
  parsed(lines).filter((l) => /rate limits|rate-limit/i.test(l.msg) || /Redis/.test(l.msg));

/** Nothing listens here (a port of this test range): Redis as it is during an outage. */
const REDIS_DOWN_URL = 'redis://127.0.0.1:4199';

const failedLogins = async (app: Parameters<typeof login>[0], count: number, remoteAddress: string) => {
  for (let i = 0; i < count; i++) {
    const res = await login(app, `nobody-${i}@example.com`, 'wrong-password', { remoteAddress });
    expect(res.statusCode).toBe(401);
  }
};

describe('the rate-limit store while Redis is unreachable', () => {
  it('warns once for the outage, without a stack, not once per request', async () => {
    const lines: string[] = [];
    const t = await createTestApp({ REDIS_URL: REDIS_DOWN_URL }, {}, { logLines: lines });
    try {
      await failedLogins(t.app, 5, '10.91.0.1');
      const said = aboutRateLimits(lines);
      expect(said.map((l) => [l.level, l.msg])).toEqual([
        [WARN, 'Redis unreachable: rate limits count in each instance until it is back'],
      ]);
      expect(said[0]!.reason).toEqual(expect.any(String));
      expect(said[0]!.err).toBeUndefined();
      expect(parsed(lines).filter((l) => l.level >= ERROR)).toEqual([]);
    } finally {
      await t.close();
    }
  });

  // The tests that need a live Redis run with the PostgreSQL tests (as src/server/http/shared-rate-limits.test.ts's).
  it.runIf(inject('postgresUrl'))('says when Redis is back, once', async () => {
    const proxy = new FaultyTcpProxy('127.0.0.1', 6379);
    const port = await proxy.start();
    const lines: string[] = [];
    const t = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${port}` }, {}, { logLines: lines });
    try {
      await failedLogins(t.app, 2, '10.91.0.2');
      expect(aboutRateLimits(lines)).toEqual([]);
      proxy.down();
      await failedLogins(t.app, 3, '10.91.0.3');
      proxy.flow();
      await eventually('Redis to be back', 10_000, async () =>
        aboutRateLimits(lines).some((l) => l.msg === 'Redis reachable again: rate limits are shared again'),
      );
      await failedLogins(t.app, 2, '10.91.0.4');
      expect(aboutRateLimits(lines).map((l) => [l.level, l.msg])).toEqual([
        [WARN, 'Redis unreachable: rate limits count in each instance until it is back'],
        [30, 'Redis reachable again: rate limits are shared again'],
      ]);
    } finally {
      await t.close();
      await proxy.stop();
    }
  });
});

describe('a streamed question whose database goes away after the stream opened', () => {
  let fakes: FakeAiVendors;
  beforeAll(async () => {
    fakes = await startFakeAiVendors();
  });
  afterAll(async () => {
    await fakes?.stop();
  });

  it('is logged at warn, as the outage it is, not as an error', async () => {
    fakes.script('*', { chunks: Array.from({ length: 10 }, (_, i) => `word${i} `), chunkDelayMs: 40 });
    const lines: string[] = [];
    const t = await createTestApp(
      { ...fakes.env, JUDGE_MODEL: 'local' },
      { onConnectionError: () => {} },
      { logLines: lines },
    );
    try {
      const port = await listen(t);
      const { sessionId } = await visitor(t.db);
      let closing: Promise<void> | undefined;
      const outcome = await askOverSocket(port, { sessionId, selectedModels: ['chatgpt'] }, (events) => {
        if (!closing && events.some((e) => e.type === 'delta')) closing = t.closeDatabase();
        return false;
      });
      await closing;
      expect(outcome.events.at(-1)).toEqual({ type: 'error', message: serverMessages.serviceUnavailable });
      const failed = parsed(lines).filter((l) => l.msg === 'question failed after the stream opened');
      expect(failed.map((l) => l.level)).toEqual([WARN]);
      expect(parsed(lines).filter((l) => l.level >= ERROR)).toEqual([]);
    } finally {
      await t.app.close();
    }
  });
});

describe('a background task that fails because the database is away', () => {
  it('is logged at warn, as the outage it is, not as an error', async () => {
    const lines: string[] = [];
    const t = await createTestApp({}, { onConnectionError: () => {} }, { logLines: lines });
    try {
      await t.closeDatabase();
      // Answered at once; the address is looked up afterwards, in the background (decision 0060).
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/forgot-password',
        payload: { email: 'someone@example.com' },
      });
      expect(res.statusCode, res.body).toBe(200);
      await t.app.background.drain();
      const failed = parsed(lines).filter((l) => l.msg === 'background task failed');
      expect(failed.map((l) => l.level)).toEqual([WARN]);
      expect(parsed(lines).filter((l) => l.level >= ERROR)).toEqual([]);
    } finally {
      await t.app.close();
    }
  });
});
