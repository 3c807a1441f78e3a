import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { serverMessages } from '../../common/messages';
import { startFakeAiVendors, type FakeAiVendors } from '../../../tests/fakes/ai-vendors';
import { eventually, freeLeft, visitor } from '../../../tests/faults/asking';
import { withDatabase } from '../../../tests/helpers/global-setup';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

// Issue 32, H1: a PostgreSQL connection lost while a request holds it inside a transaction (a restart,
// a failover, pg_terminate_backend) fails that request with the 503 of docs/operations.md ("When the
// database is unreachable") and nothing else: the process lives on and the next request is served.
// Only a database server has backends to terminate; this runs in the PostgreSQL run (npm run test:pg).

const postgresUrl = inject('postgresUrl');

describe.runIf(postgresUrl)('a connection terminated while a request is inside a transaction', () => {
  let fakes: FakeAiVendors;
  let t: TestApp;
  const connectionErrors: string[] = [];
  const uncaught: unknown[] = [];
  const noteUncaught = (error: unknown) => uncaught.push(error);

  beforeAll(async () => {
    fakes = await startFakeAiVendors();
    t = await createTestApp(
      { ...fakes.env, JUDGE_MODEL: 'local' },
      { onConnectionError: (error) => connectionErrors.push(error.message) },
    );
    // Seen before any handler (vitest's included): an error event nobody listened for lands here.
    process.on('uncaughtExceptionMonitor', noteUncaught);
  });
  afterEach(() => fakes.reset());
  afterAll(async () => {
    process.off('uncaughtExceptionMonitor', noteUncaught);
    await t?.close();
    await fakes?.stop();
  });

  it('answers that request 503 with Retry-After, charges nothing, and serves the next one', async () => {
    fakes.script('*', { chunks: ['Paris ', 'is ', 'the capital.'] });
    const { sessionId, userId } = await visitor(t.db);
    const current = await t.db.execute(sql`select current_database() as name`);
    const database = (current as unknown as { rows: { name: string }[] }).rows[0]!.name;
    const admin = new pg.Client({ connectionString: withDatabase(postgresUrl, database) });
    const locker = new pg.Client({ connectionString: withDatabase(postgresUrl, database) });
    await admin.connect();
    await locker.connect();
    try {
      // Taking a question is one transaction: it takes the question from the user's row, then records
      // the reservation. With the reservations table locked it waits there, its first change made.
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE question_reservations IN SHARE ROW EXCLUSIVE MODE');
      const asking = t.app.inject({
        method: 'POST',
        url: '/api/query',
        payload: { text: 'Capital of France?', sessionId, selectedModels: ['chatgpt'] },
      });
      let waiting: number | undefined;
      await eventually('the question to wait inside its transaction', 5000, async () => {
        const { rows } = await admin.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock' AND state = 'active'
              AND xact_start IS NOT NULL AND query ILIKE 'insert into "question_reservations"%'`,
        );
        waiting = rows[0]?.pid;
        return waiting !== undefined;
      });
      await admin.query('SELECT pg_terminate_backend($1)', [waiting]);
      await locker.query('ROLLBACK');

      const res = await asking;
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toEqual({ message: serverMessages.serviceUnavailable });
      expect(res.headers['retry-after']).toBe('5');
      // The transaction died with its connection: the question was not taken.
      expect(await freeLeft(t.db, userId)).toBe(33);
      // The loss was reported, and nothing was thrown past the app (which would end a real process).
      await eventually(
        'the lost connection to be told',
        2000,
        async () => connectionErrors.length + uncaught.length > 0,
      );
      expect(uncaught).toEqual([]);
      expect(connectionErrors).toHaveLength(1);

      const again = await t.app.inject({
        method: 'POST',
        url: '/api/query',
        payload: { text: 'Capital of France?', sessionId, selectedModels: ['chatgpt'] },
      });
      expect(again.statusCode, again.body).toBe(200);
      expect(await freeLeft(t.db, userId)).toBe(32);
      expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
      expect(uncaught).toEqual([]);
    } finally {
      await locker.end();
      await admin.end();
    }
  });
});
