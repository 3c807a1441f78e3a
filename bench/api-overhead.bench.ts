// Budget 1 of the performance issue: authenticated JSON calls against a bare Fastify route answering
// the same JSON, in one run, 50 connections on loopback (autocannon, in a child process). Each call
// is measured ROUNDS times, each run between two baseline runs and compared with their mean, so the
// machine's drift falls on both sides alike; the median of the rounds is the figure.
// PGlite in memory by default; DATABASE_URL measures on PostgreSQL (a scratch database, dropped after).
// Run: npm run bench -- api-overhead    (or: npx tsx bench/api-overhead.bench.ts)

import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import type { Result } from 'autocannon';
import Fastify from 'fastify';
import pino from 'pino';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { loggerOptions } from '../src/server/http/logger';
import { queries } from '../src/server/db/schema';
import { benchEnv } from './support/app-process';
import { scratchDatabase } from './support/scratch-database';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
/** Each call is measured this many times, each between two baseline runs; the median ratio counts. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
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
  // The app as it runs in production, its request log included (at the default level, into
  // /dev/null as a synchronous file, as pino writes stdout).
  const config = loadConfig({ ...benchEnv(), LOG_LEVEL: 'info' });
  const logger = { ...(loggerOptions(config) as object), stream: pino.destination({ dest: '/dev/null', sync: true }) };
  const app = await buildApp({ config, db: database.db, logger, clientDir: null });
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
  // Registering signs nobody in (decision 0035): the new user signs in with the password.
  const signedIn = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: 'bench@example.com', password: 'bench-password-1' },
  });
  if (signedIn.statusCode !== 200) throw new Error(`login: ${signedIn.statusCode} ${signedIn.body}`);
  const cookie = String(signedIn.headers['set-cookie']).split(';')[0]!;
  const userId = (signedIn.json() as { id: number }).id;
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
    // bare, call, bare, call, ... bare: each call run is set against the baseline runs either side.
    let before = await load(`${bareUrl}${call.path}`, {});
    const rounds: { ratio: number; measured: Measure; baseline: Measure }[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const measured = await load(`${appUrl}${call.path}`, { cookie });
      const after = await load(`${bareUrl}${call.path}`, {});
      const baseline = (before.requestsPerSecond + after.requestsPerSecond) / 2;
      rounds.push({
        ratio: measured.requestsPerSecond / baseline,
        measured,
        baseline: { ...before, requestsPerSecond: baseline },
      });
      before = after;
    }
    rounds.sort((a, b) => a.ratio - b.ratio);
    const { ratio, measured, baseline } = rounds[Math.floor(rounds.length / 2)]!;
    const errors = rounds.reduce((sum, r) => sum + r.measured.errors, 0);
    const pass = ratio >= BUDGET && errors === 0;
    failed ||= !pass;
    console.log(
      `${pass ? 'PASS' : 'FAIL'}  ${call.name}: ${(ratio * 100).toFixed(0)} % ` +
        `(median of ${ROUNDS}: ${rounds.map((r) => `${(r.ratio * 100).toFixed(0)} %`).join(', ')}; ` +
        `${measured.requestsPerSecond.toFixed(0)} req/s against ${baseline.requestsPerSecond.toFixed(0)}; ` +
        `p50 ${measured.p50} ms, p99 ${measured.p99} ms against ${baseline.p50}/${baseline.p99} ms; ` +
        `${errors} errors)`,
    );
  }

  await bare.close();
  await app.close();
  await database.dispose();
  process.exitCode = failed ? 1 : 0;
}

void main();
