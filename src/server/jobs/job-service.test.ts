import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { FaultyTcpProxy } from '../../../tests/fakes/tcp-proxy';
import { eventually } from '../../../tests/faults/asking';
import { capturedLogger, ERROR, WARN } from '../../../tests/helpers/captured-log';
import { createTestDatabase } from '../../../tests/helpers/test-app';
import { JobService } from './job-service';

// Issue 32, lows: while the database is away the job runner fails every poll. The operator's log says
// so once, as a warning (an outage, not a defect), and once more when the database answers again;
// not a line with a stack at error level every poll.

const POLL_MS = 20;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const running: JobService[] = [];
afterEach(async () => {
  for (const jobs of running.splice(0)) await jobs.stop();
});

function startRunner(db: Awaited<ReturnType<typeof createTestDatabase>>['db'], log: FastifyBaseLogger) {
  const jobs = new JobService(db, log, { pollMs: POLL_MS });
  jobs.register('nothing-to-do', async () => null);
  jobs.start();
  running.push(jobs);
  return jobs;
}

describe('the job runner while the database is away', () => {
  it('warns once, without a stack, however many polls fail', async () => {
    const database = await createTestDatabase({ onConnectionError: () => {} });
    const { log, lines } = capturedLogger();
    startRunner(database.db, log);
    await wait(5 * POLL_MS);
    await database.close();
    // About 25 polls, each failing.
    await wait(25 * POLL_MS);
    expect(lines.filter((l) => l.level >= ERROR)).toEqual([]);
    const warnings = lines.filter((l) => l.level === WARN);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.msg).toMatch(/background jobs: the database is unreachable/);
    expect(warnings[0]!.reason).toEqual(expect.any(String));
    expect(warnings[0]!.err).toBeUndefined();
  });

  const postgresUrl = inject('postgresUrl');
  // Only a database on the network can go away and come back (tests/fakes/tcp-proxy.ts).
  it.runIf(postgresUrl)('says when the database answers again, once', async () => {
    const target = new URL(postgresUrl);
    const proxy = new FaultyTcpProxy(target.hostname, Number(target.port || 5432));
    const port = await proxy.start();
    const database = await createTestDatabase({
      connectVia: { host: '127.0.0.1', port },
      timeouts: { connectMs: 500, statementMs: 1000 },
      onConnectionError: () => {},
    });
    try {
      const { log, lines } = capturedLogger();
      startRunner(database.db, log);
      await wait(5 * POLL_MS);
      proxy.down();
      await wait(25 * POLL_MS);
      proxy.flow();
      await eventually('the runner to say the database is back', 5000, async () =>
        lines.some((l) => l.msg === 'background jobs: the database answers again'),
      );
      await wait(10 * POLL_MS);
      expect(lines.filter((l) => l.level >= ERROR)).toEqual([]);
      expect(lines.map((l) => l.msg)).toEqual([
        expect.stringMatching(/background jobs: the database is unreachable/),
        'background jobs: the database answers again',
      ]);
    } finally {
      for (const jobs of running.splice(0)) await jobs.stop();
      await database.close();
      await proxy.stop();
    }
  });
});
