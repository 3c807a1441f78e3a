import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { serverMessages } from '../../src/common/messages';
import { startFakeAiVendors, type FakeAiVendors } from '../fakes/ai-vendors';
import { parseSse } from '../helpers/sse';
import { startPrivatePostgres, type PrivatePostgres } from '../helpers/private-postgres';
import { eventually } from './asking';
import { stopChildren } from '../helpers/child-processes';

// The fault-injection suite, part 3 (issue 32, H1): the database restarts, or has its connections
// killed again and again, while two instances of the real server process stream answers to many
// askers at once. Every instance must live through it (a connection lost inside a transaction used to
// be an uncaught exception), every question must end as an answer or as the 503 of
// docs/operations.md (never a cut connection), and once the database is back both instances serve
// again without being restarted. The database is a cluster of the test's own
// (tests/helpers/private-postgres.ts): the shared one cannot be restarted under other tests. It runs
// with the other PostgreSQL tests (npm run test:pg); PostgreSQL's server binaries must be installed.

const postgresUrl = inject('postgresUrl');

const ASKERS = 30;
const ANSWER = Array.from({ length: 8 }, (_, i) => `part${i} `);

interface Instance {
  name: string;
  child: ChildProcess;
  output(): string;
  port: number;
}

type Outcome = 'answered' | 'unavailable' | `other: ${string}`;

describe.runIf(postgresUrl)('PostgreSQL restarted under load, two instances', () => {
  let database: PrivatePostgres;
  let fakes: FakeAiVendors;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parallax-restart-'));
  const instances: Instance[] = [];
  /** Every process started, for the clean-up: also one that never came to listen. */
  const children: ChildProcess[] = [];

  function start(name: string): Promise<Instance> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        // info: the line that names the port; a request's line too, which is what a failure should show.
        LOG_LEVEL: 'info',
        HOST: '127.0.0.1',
        PORT: '0',
        APP_URL: 'http://127.0.0.1',
        DATA_DIR: path.join(dataDir, name),
        DATABASE_URL: database.url,
        APP_SECRET: 'restart-test-secret-0123456789abcdef0123',
        JUDGE_MODEL: 'local',
        MODEL_TIMEOUT_SECONDS: '10',
        DATABASE_CONNECT_TIMEOUT_SECONDS: '2',
        DATABASE_STATEMENT_TIMEOUT_SECONDS: '3',
        // Every asker comes from 127.0.0.1: the per-address caps would refuse them, not the outage.
        ANONYMOUS_QUESTIONS_PER_ADDRESS_PER_DAY: '0',
        ANONYMOUS_SESSIONS_PER_ADDRESS_PER_DAY: '0',
        ANONYMOUS_QUESTIONS_PER_HOUR: '0',
        ...fakes.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    return (async () => {
      const deadline = Date.now() + 45_000;
      for (;;) {
        const port = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output)?.[1];
        if (port) return { name, child, output: () => output, port: Number(port) };
        if (child.exitCode !== null || Date.now() > deadline) throw new Error(`${name} did not start:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
  }

  beforeAll(async () => {
    [database, fakes] = await Promise.all([startPrivatePostgres(), startFakeAiVendors()]);
    // Both migrate at start-up, one after the other under the migration lock (db/client.ts).
    instances.push(...(await Promise.all([start('a'), start('b')])));
  }, 90_000);

  afterAll(async () => {
    await stopChildren(children);
    await database?.stop();
    await fakes?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  let asked = 0;
  /** One streamed question from a new visitor, read to its end: how it ended. */
  async function ask(instance: Instance): Promise<Outcome> {
    let response: Response;
    try {
      response = await fetch(`http://127.0.0.1:${instance.port}/api/query/stream`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          text: 'What is the capital of France?',
          sessionId: `restart-visitor-${++asked}`,
          selectedModels: ['chatgpt'],
        }),
        signal: AbortSignal.timeout(30_000),
      });
    } catch (error) {
      return `other: ${instance.name} refused the connection (${(error as Error).message})`;
    }
    let body: string;
    try {
      body = await response.text();
    } catch (error) {
      return `other: ${instance.name} cut the stream (${(error as Error).message})`;
    }
    if (response.status === 503 && response.headers.get('retry-after') === '5') return 'unavailable';
    if (response.status !== 200) return `other: ${instance.name} answered ${response.status} ${body}`;
    const last = parseSse(body).at(-1);
    if (last?.type === 'query') return 'answered';
    if (last?.type === 'error' && last.message === serverMessages.serviceUnavailable) return 'unavailable';
    return `other: ${instance.name} ended the stream with ${JSON.stringify(last)}`;
  }

  const statusOf = async (instance: Instance, url: string) =>
    (await fetch(`http://127.0.0.1:${instance.port}${url}`, { signal: AbortSignal.timeout(5000) })).status;

  it('no instance exits; every question ends as an answer or a 503; both serve again once it is back', async () => {
    fakes.script('*', { chunks: ANSWER, chunkDelayMs: 100 });
    const killer = new pg.Client({ connectionString: database.url.replace(/\/parallax$/, '/postgres') });
    // The killer's own connection is cut by the restart too.
    killer.on('error', () => {});
    await killer.connect();

    let disrupting = true;
    const outcomes: Outcome[] = [];
    const askers = Array.from({ length: ASKERS }, async (_, i) => {
      const instance = instances[i % 2]!;
      // An instance that died refuses at once: one such answer says enough.
      while (disrupting && instance.child.exitCode === null) outcomes.push(await ask(instance));
    });

    await new Promise((resolve) => setTimeout(resolve, 1500));
    // Every connection of both instances killed, every 250 ms for 2.5 s: some inside a transaction.
    for (let round = 0; round < 10; round++) {
      await killer.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = 'parallax' AND backend_type = 'client backend'`,
      );
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await killer.end();
    await database.restart();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    disrupting = false;
    await Promise.all(askers);

    const report = () => instances.map((i) => `--- ${i.name}:\n${i.output().slice(-4000)}`).join('\n');
    for (const instance of instances) {
      expect(instance.child.exitCode, `${instance.name} exited\n${report()}`).toBeNull();
      expect(await statusOf(instance, '/api/health/live')).toBe(200);
    }
    const others = outcomes.filter((o) => o !== 'answered' && o !== 'unavailable');
    expect(others, report()).toEqual([]);
    // The disruption reached questions in flight; between and after the cuts, questions were answered.
    expect(outcomes.filter((o) => o === 'unavailable').length).toBeGreaterThan(0);
    expect(outcomes.filter((o) => o === 'answered').length).toBeGreaterThan(0);

    for (const instance of instances) {
      await eventually(`${instance.name} to be ready again`, 10_000, async () => {
        return (await statusOf(instance, '/api/health/ready')) === 200;
      });
      expect(await ask(instance)).toBe('answered');
    }
  }, 60_000);
});
