// Budget 1 of the performance issue: authenticated JSON calls against a bare Fastify route answering
// the same JSON, in one run, 50 connections on loopback (autocannon, in a child process). Each call is measured between two
// baseline runs and compared with their mean, so the machine's drift falls on both sides alike.
// PGlite in memory by default; DATABASE_URL measures on PostgreSQL (a scratch database, dropped after).
// Run: npm run bench -- api-overhead    (or: npx tsx bench/api-overhead.bench.ts)

import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import type { Result } from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { queries } from '../src/server/db/schema';
import { benchEnv } from './support/app-process';
import { scratchDatabase } from './support/scratch-database';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const BUDGET = 0.6;
const HISTORY_ITEMS = 50;
const SESSION_ID = 'bench-session-0001';

interface Measure {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

const run = promisify(execFile);

/** The load comes from a process of its own, so the server under test keeps its core to itself. */
async function load(url: string, headers: Record<string, string>): Promise<Measure> {
  const args = ['node_modules/autocannon/autocannon.js', '--json', '-c', String(CONNECTIONS), '-d', String(SECONDS)];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  const { stdout } = await run(process.execPath, [...args, url], { maxBuffer: 16 * 1024 * 1024 });
  const result = JSON.parse(stdout) as Result;
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function main() {
  const database = await scratchDatabase();
  const config = loadConfig(benchEnv());
  const app = await buildApp({ config, db: database.db, logger: false, clientDir: null });
  const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });

  // A signed-in user whose browser session asked 50 questions.
  const registered = await app.inject({
    method: 'POST',
    url: '/api/register',
    payload: {
      username: 'bench_user',
      email: 'bench@example.com',
      password: 'bench-password-1',
      termsAccepted: true,
      privacyPolicyAccepted: true,
      sessionId: SESSION_ID,
    },
  });
  if (registered.statusCode !== 201) throw new Error(`register: ${registered.statusCode} ${registered.body}`);
  const cookie = String(registered.headers['set-cookie']).split(';')[0]!;
  const userId = (registered.json() as { user: { id: number } }).user.id;
  await database.db.insert(queries).values(
    Array.from({ length: HISTORY_ITEMS }, (_, i) => ({
      userId,
      text: `Benchmark question ${i}: how far is the Moon from the Earth?`,
      selectedModels: ['chatgpt', 'claude'],
      chargedTo: 'free' as const,
    })),
  );

  const calls = [
    { name: 'GET /api/me', path: '/api/me' },
    { name: 'GET /api/subscription-status-by-session/:id', path: `/api/subscription-status-by-session/${SESSION_ID}` },
    { name: `GET /api/history/:id (${HISTORY_ITEMS} items)`, path: `/api/history/${SESSION_ID}` },
  ];

  // The bare route answers each call's own JSON, so both sides serialize the same bytes.
  const bodies = new Map<string, string>();
  for (const call of calls) {
    const res = await app.inject({ method: 'GET', url: call.path, headers: { cookie } });
    if (res.statusCode !== 200) throw new Error(`${call.name}: ${res.statusCode} ${res.body}`);
    if (call.path.startsWith('/api/history') && (res.json() as unknown[]).length !== HISTORY_ITEMS) {
      throw new Error(`${call.name}: expected ${HISTORY_ITEMS} items`);
    }
    bodies.set(call.path, res.body);
  }
  const bare = Fastify({ logger: false });
  bare.get('/bare/*', async (request, reply) => {
    reply.header('content-type', 'application/json; charset=utf-8');
    return bodies.get(request.url.slice('/bare'.length));
  });
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}/bare`;

  console.log(
    `API overhead: ${CONNECTIONS} connections, ${SECONDS} s per run, ${database.engine}, ` +
      `budget ${Math.round(BUDGET * 100)} % of a bare Fastify route\n`,
  );
  let failed = false;
  for (const call of calls) {
    const before = await load(`${bareUrl}${call.path}`, {});
    const measured = await load(`${appUrl}${call.path}`, { cookie });
    const after = await load(`${bareUrl}${call.path}`, {});
    const baseline = (before.requestsPerSecond + after.requestsPerSecond) / 2;
    const ratio = measured.requestsPerSecond / baseline;
    const pass = ratio >= BUDGET && measured.errors === 0;
    failed ||= !pass;
    console.log(
      `${pass ? 'PASS' : 'FAIL'}  ${call.name}: ${(ratio * 100).toFixed(0)} % ` +
        `(${measured.requestsPerSecond.toFixed(0)} req/s against ${baseline.toFixed(0)}; ` +
        `p50 ${measured.p50} ms, p99 ${measured.p99} ms against ${before.p50}/${before.p99} ms; ` +
        `${measured.errors} errors)`,
    );
  }

  await bare.close();
  await app.close();
  await database.dispose();
  process.exitCode = failed ? 1 : 0;
}

void main();
