import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import pg from 'pg';
import { startFakeAiVendors, type FakeAiVendors } from '../fakes/ai-vendors';
import { deliver, startFakeStripe, type FakeStripe } from '../fakes/stripe';
import { rateLimitNamespace } from '../../src/server/http/rate-limit-store';
import { fakeStripeEnv } from '../helpers/fake-stripe-app';

// Issue 18, item 9: the deployment of docs/operations.md ("Running several instances") on one
// machine - nginx with deploy/nginx.conf in front of two instances of the built server
// (dist/server/main.js) on PostgreSQL and Redis, the AI vendor and Stripe fakes behind them - and
// what a user must see through it. Run by .ci/run after `npm run build`:
//   node --import tsx tests/deployment/two-instances.ts [--check-reconciliation]
// Needs nginx (Debian's package), PostgreSQL (DATABASE_URL_FOR_TESTS, default
// postgres://postgres@127.0.0.1:5432/test) and Redis (REDIS_URL, default redis://127.0.0.1:6379).
// Ports 4160-4173. Exits 0 when every check passed, 1 with the failed check otherwise.

const { values: flags } = parseArgs({ options: { 'check-reconciliation': { type: 'boolean', default: false } } });
const ROOT = path.resolve(import.meta.dirname, '../..');
const PORTS = { nginx: 4160, a: 4161, b: 4162, ai: 4170, stripe: 4173 };
const PUBLIC = `http://127.0.0.1:${PORTS.nginx}`;
const DIRECT = { a: `http://127.0.0.1:${PORTS.a}`, b: `http://127.0.0.1:${PORTS.b}` };
const POSTGRES = process.env.DATABASE_URL_FOR_TESTS ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const WEBHOOK_SECRET = 'whsec_deployment_test';
const LOGIN_PER_IP = 30;

const started = Date.now();
const work = mkdtempSync(path.join(tmpdir(), 'parallax-deploy-'));
const databaseName = `parallax_deploy_${randomBytes(5).toString('hex')}`;
const databaseUrl = withDatabase(POSTGRES, databaseName);
const cleanups: Array<() => Promise<void> | void> = [];

function log(message: string) {
  console.log(`[deploy ${((Date.now() - started) / 1000).toFixed(1)}s] ${message}`);
}

class CheckFailed extends Error {}
function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new CheckFailed(message);
  log(`ok: ${message}`);
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// The deployment

interface Instance {
  name: 'a' | 'b';
  process: ChildProcess;
  logFile: string;
  exited: Promise<number | null>;
}

function instanceEnv(port: number, vendors: FakeAiVendors, stripe: FakeStripe): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    APP_URL: PUBLIC,
    LOG_LEVEL: 'warn',
    DATA_DIR: path.join(work, `data-${port}`),
    DATABASE_URL: databaseUrl,
    REDIS_URL: REDIS,
    // The same on every instance (docs/operations.md).
    APP_SECRET: 'deployment-test-secret-0123456789abcdef',
    TRUST_PROXY: 'true',
    JUDGE_MODEL: 'local',
    // Every member here registers from 127.0.0.1: each opens with its free questions (decision 0060).
    NEW_ACCOUNTS_WITH_FREE_QUESTIONS_PER_ADDRESS_PER_DAY: '0',
    MODEL_TIMEOUT_SECONDS: '10',
    DATABASE_STATEMENT_TIMEOUT_SECONDS: '5',
    ...vendors.env,
    ...fakeStripeEnv(stripe, WEBHOOK_SECRET),
  };
}

function startInstance(name: 'a' | 'b', env: NodeJS.ProcessEnv): Instance {
  const logFile = path.join(work, `instance-${name}.log`);
  const out: Buffer[] = [];
  const child = spawn(process.execPath, [path.join(ROOT, 'dist/server/main.js')], { cwd: ROOT, env });
  child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => out.push(chunk));
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      writeFileSync(logFile, Buffer.concat(out));
      resolve(code);
    }),
  );
  const flush = () => writeFileSync(logFile, Buffer.concat(out));
  cleanups.push(async () => {
    flush();
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(5000)]);
    }
  });
  return { name, process: child, logFile, exited };
}

async function waitReady(url: string, what: string) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/api/health/ready`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new CheckFailed(`${what} did not become ready within 30 s`);
}

/** deploy/nginx.conf with this test's ports, inside a main configuration nginx can run unprivileged files with. */
function startNginx(): ChildProcess {
  const site = readFileSync(path.join(ROOT, 'deploy/nginx.conf'), 'utf8');
  let templated = site.replace(/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${PORTS.nginx};`);
  templated = templated.replace(/^(\s*)server 127\.0\.0\.1:3001 /m, `$1server 127.0.0.1:${PORTS.a} `);
  templated = templated.replace(/^(\s*)server 127\.0\.0\.1:3002 /m, `$1server 127.0.0.1:${PORTS.b} `);
  for (const port of [PORTS.nginx, PORTS.a, PORTS.b]) {
    if (!templated.includes(`127.0.0.1:${port}`))
      throw new Error(`deploy/nginx.conf no longer has the line for port ${port}`);
  }
  const dir = path.join(work, 'nginx');
  mkdirSync(dir);
  for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(dir, temp));
  // Started as root (CI), nginx's workers run as nobody: they must reach their temp folders.
  chmodSync(work, 0o755);
  for (const temp of ['', 'body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) chmodSync(path.join(dir, temp), 0o777);
  writeFileSync(path.join(dir, 'parallax.conf'), templated);
  writeFileSync(
    path.join(dir, 'main.conf'),
    [
      'daemon off;',
      // One worker: round robin then alternates strictly between the two instances.
      'worker_processes 1;',
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      'events { worker_connections 256; }',
      'http {',
      `  access_log ${dir}/access.log;`,
      ...['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (temp) => `  ${temp === 'body' ? 'client_body' : temp}_temp_path ${dir}/${temp};`,
      ),
      `  include ${dir}/parallax.conf;`,
      '}',
    ].join('\n'),
  );
  const child = spawn('nginx', ['-c', path.join(dir, 'main.conf'), '-p', dir, '-e', path.join(dir, 'error.log')], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  cleanups.push(async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.on('exit', resolve));
      child.kill('SIGQUIT');
      await Promise.race([exited, sleep(5000)]);
    }
  });
  return child;
}

// ---------------------------------------------------------------------------------------------
// A user's calls

interface Caller {
  cookie?: string;
}

async function call(base: string, method: string, url: string, caller: Caller = {}, body?: unknown) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(caller.cookie && { cookie: caller.cookie }),
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(20_000),
  });
  const text = await response.text();
  return { status: response.status, text, json: () => JSON.parse(text) as Record<string, unknown>, response };
}

function sessionCookieOf(response: Response): string {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('parallax_session='));
  if (!cookie) throw new CheckFailed(`no session cookie in the answer (${response.status})`);
  return cookie.split(';')[0]!;
}

async function signUpAndIn(base: string, prefix: string): Promise<Caller & { email: string; password: string }> {
  const id = `${prefix}${randomBytes(3).toString('hex')}`;
  const account = { email: `${id}@example.com`, username: id, password: 'deployment-pass-1' };
  const registered = await call(
    PUBLIC,
    'POST',
    '/api/register',
    {},
    {
      ...account,
      termsAccepted: true,
      privacyPolicyAccepted: true,
    },
  );
  check(registered.status === 201, `registration of ${prefix} through nginx answers 201 (${registered.text})`);
  const signIn = await call(base, 'POST', '/api/login', {}, { email: account.email, password: account.password });
  check(signIn.status === 200, `sign-in of ${prefix} answers 200`);
  return { ...account, cookie: sessionCookieOf(signIn.response) };
}

const me = (base: string, caller: Caller) => call(base, 'GET', '/api/me', caller);

interface StreamRun {
  deltas: number[];
  events: Array<{ type: string }>;
  /** Set when the connection broke before the stream's end. */
  broken?: string;
}

/** Asks through `base` and reads the stream as it comes, noting when each delta arrived. */
async function askStreaming(base: string, caller: Caller, text: string, onDelta?: (run: StreamRun) => void) {
  const run: StreamRun = { deltas: [], events: [] };
  const response = await fetch(`${base}/api/query/stream`, {
    method: 'POST',
    headers: { cookie: caller.cookie!, 'content-type': 'application/json' },
    body: JSON.stringify({ text, selectedModels: ['chatgpt'] }),
    signal: AbortSignal.timeout(30_000),
  });
  if (response.status !== 200)
    throw new CheckFailed(`the stream answered ${response.status}: ${await response.text()}`);
  const decoder = new TextDecoder();
  let buffered = '';
  try {
    const reader = response.body!.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      buffered += decoder.decode(read.value, { stream: true });
      let end: number;
      while ((end = buffered.indexOf('\n\n')) >= 0) {
        const frame = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        const data = frame
          .split('\n')
          .filter((line) => line.startsWith('data: '))
          .map((line) => line.slice(6))
          .join('\n');
        if (!data) continue;
        const event = JSON.parse(data) as { type: string };
        run.events.push(event);
        if (event.type === 'delta') {
          run.deltas.push(Date.now());
          onDelta?.(run);
        }
      }
    }
  } catch (error) {
    run.broken =
      error instanceof Error ? `${error.message} ${String((error.cause as Error)?.message ?? '')}` : String(error);
  }
  if (!run.broken && !run.events.some((e) => e.type === 'query' || e.type === 'error')) run.broken = 'ended early';
  return run;
}

const words = (count: number) => Array.from({ length: count }, (_, i) => `word${i + 1} `);

// ---------------------------------------------------------------------------------------------
// The checks

async function main() {
  if (!existsSync(path.join(ROOT, 'dist/server/main.js'))) throw new CheckFailed('run `npm run build` first');

  const admin = new pg.Client({ connectionString: POSTGRES });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${databaseName}`);
  cleanups.push(async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin.end();
  });
  cleanups.push(async () => {
    // The run's rate-limit counts would otherwise stay in Redis until their windows end.
    const redis = new Redis(REDIS);
    const keys = await redis.keys(`${rateLimitNamespace({ databaseUrl, dataDir: '' })}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });
  // What the instances wrote, read as an operator would.
  const data = new pg.Client({ connectionString: databaseUrl });
  await data.connect();
  cleanups.push(() => data.end());

  const vendors = await startFakeAiVendors({ port: PORTS.ai });
  cleanups.push(() => vendors.stop());
  const stripe = await startFakeStripe({ port: PORTS.stripe });
  cleanups.push(() => stripe.stop());

  // Both start at once on the new database: they migrate one at a time (db/client.ts, advisory lock).
  const instances = {
    a: startInstance('a', instanceEnv(PORTS.a, vendors, stripe)),
    b: startInstance('b', instanceEnv(PORTS.b, vendors, stripe)),
  } as Record<'a' | 'b', Instance>;
  await Promise.all([waitReady(DIRECT.a, 'instance a'), waitReady(DIRECT.b, 'instance b')]);
  startNginx();
  await waitReady(PUBLIC, 'nginx');
  log('nginx and two instances are up');

  // 1. Sign-in on one instance is honoured by the other; logout on both within a second.
  const alice = await signUpAndIn(DIRECT.a, 'alice');
  check((await me(DIRECT.b, alice)).status === 200, 'a session made on instance a is honoured on instance b');
  check((await me(PUBLIC, alice)).status === 200, 'and through nginx');
  const logout = await call(DIRECT.a, 'POST', '/api/logout', alice);
  const loggedOutAt = Date.now();
  check(logout.status === 200, 'logout on instance a answers 200');
  check((await me(DIRECT.a, alice)).status === 401, 'instance a refuses the session at once');
  let onB = await me(DIRECT.b, alice);
  while (onB.status === 200 && Date.now() - loggedOutAt < 3000) {
    await sleep(50);
    onB = await me(DIRECT.b, alice);
  }
  const seenAfter = Date.now() - loggedOutAt;
  check(onB.status === 401 && seenAfter <= 1100, `instance b refuses it ${seenAfter} ms after the logout (<= 1 s)`);

  // 2. The login limit is one count for both instances. Through nginx every caller here is
  // 127.0.0.1 (nginx sets X-Forwarded-For; a client's own is not believed), so the instances are
  // called directly, as nginx would, with an address of their own.
  const attacker = '203.0.113.7';
  const statuses: number[] = [];
  for (let i = 0; i <= LOGIN_PER_IP; i++) {
    const base = i % 2 === 0 ? DIRECT.a : DIRECT.b;
    const response = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': attacker },
      body: JSON.stringify({ email: `nobody${i}@example.com`, password: 'wrong-password' }),
    });
    statuses.push(response.status);
  }
  check(
    statuses.slice(0, LOGIN_PER_IP).every((s) => s === 401) && statuses[LOGIN_PER_IP] === 429,
    `${LOGIN_PER_IP} failed logins spread over both instances pass to the password check, the next is refused (${statuses.at(-1)})`,
  );
  const spoofed = await fetch(`${PUBLIC}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': attacker },
    body: JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password' }),
  });
  check(
    spoofed.status === 401,
    'through nginx a forged X-Forwarded-For is not the caller: that address is not refused',
  );

  // 3. A question streams token by token through nginx.
  vendors.script('*', { chunks: words(10), chunkDelayMs: 120, initialDelayMs: 0 });
  const bob = await signUpAndIn(PUBLIC, 'bob');
  const streamed = await askStreaming(PUBLIC, bob, 'Does the stream flow through nginx?');
  check(!streamed.broken && streamed.events.some((e) => e.type === 'query'), 'the streamed question completes');
  const spread = streamed.deltas.at(-1)! - streamed.deltas[0]!;
  const gaps = streamed.deltas.slice(1).map((t, i) => t - streamed.deltas[i]!);
  check(streamed.deltas.length >= 10, `the answer came as ${streamed.deltas.length} deltas`);
  check(
    spread >= 800 && gaps.filter((gap) => gap >= 60).length >= 7,
    `deltas arrive spread out (${spread} ms from first to last; gaps ${gaps.join(', ')} ms), not in one burst`,
  );

  // 3b. Stop reaches the instance that holds the stream (issue 20, item 1): asked on A, stopped on B.
  vendors.reset();
  vendors.script('*', { chunks: words(40), chunkDelayMs: 100, initialDelayMs: 0 });
  let stopCall: ReturnType<typeof call> | undefined;
  const stoppedRun = await askStreaming(DIRECT.a, bob, 'Can another instance stop this?', (run) => {
    const start = run.events.find((e) => e.type === 'start') as { streamId?: string } | undefined;
    if (run.deltas.length === 3 && start?.streamId) {
      stopCall = call(DIRECT.b, 'POST', `/api/query/stream/${start.streamId}/stop`, bob, { model: 'chatgpt' });
    }
  });
  const stopAnswer = await stopCall;
  check(
    stopAnswer?.status === 202,
    `the stop sent to instance B is relayed (${stopAnswer?.status} ${stopAnswer?.text})`,
  );
  const stoppedDone = stoppedRun.events.find((e) => e.type === 'model-done') as { failure?: string } | undefined;
  check(
    stoppedDone?.failure === 'stopped' && stoppedRun.deltas.length < 40,
    `instance A stopped the answer after ${stoppedRun.deltas.length} of 40 pieces`,
  );
  const stoppedRequest = await vendors.openai.waitFor(() => vendors.openai.requests.find((r) => r.aborted));
  check(stoppedRequest.outcome === 'client-aborted', 'the vendor call was aborted');

  // 4. A webhook delivered to both instances at once applies once.
  const carol = await signUpAndIn(PUBLIC, 'carol');
  const subscribed = await call(PUBLIC, 'POST', '/api/stripe/create-subscription', carol, { planId: 'basic' });
  check(subscribed.status === 200, `carol starts a basic subscription (${subscribed.status})`);
  const subscriptionId = subscribed.json().subscriptionId as string;
  stripe.payInvoice(subscriptionId);
  const events = stripe.state.events.filter((event) => JSON.stringify(event.data.object).includes(subscriptionId));
  check(events.length > 0, `the fake Stripe has ${events.length} events for the subscription`);
  for (const event of events) {
    const answers = await Promise.all([
      deliver(event, `${DIRECT.a}/stripe-webhook`, WEBHOOK_SECRET),
      deliver(event, `${DIRECT.b}/stripe-webhook`, WEBHOOK_SECRET),
    ]);
    check(
      answers.every((answer) => answer.status === 200),
      `${event.type} delivered to both instances at once: both answer 200 (${answers.map((a) => a.responseBody).join(' | ')})`,
    );
  }
  const processed = await data.query(`SELECT count(*)::int AS n FROM stripe_events WHERE id = ANY($1)`, [
    events.map((e) => e.id),
  ]);
  check(processed.rows[0].n === events.length, 'each event is recorded once');
  const carolNow = (await me(PUBLIC, carol)).json();
  check(
    carolNow.subscriptionTier === 'basic' && carolNow.paidQuestionsRemaining === 333,
    `carol has the basic plan's 333 questions once (${String(carolNow.subscriptionTier)}, ${String(carolNow.paidQuestionsRemaining)})`,
  );
  const paid = await data.query(
    `SELECT count(*)::int AS n FROM payments p JOIN users u ON u.id = p.user_id WHERE u.email = $1`,
    [carol.email],
  );
  check(paid.rows[0].n === 1, 'and one payment');

  // 5. An instance killed mid-stream: the other keeps serving through nginx.
  vendors.script('*', { chunks: words(25), chunkDelayMs: 150, initialDelayMs: 0 });
  const dave = await signUpAndIn(PUBLIC, 'dave');
  const erin = await signUpAndIn(PUBLIC, 'erin');
  const before = {
    dave: (await me(PUBLIC, dave)).json().freeQuestionsRemaining as number,
    erin: (await me(PUBLIC, erin)).json().freeQuestionsRemaining as number,
  };
  let bothFlowing: () => void = () => {};
  const flowing = new Promise<void>((resolve) => (bothFlowing = resolve));
  const seen = new Set<StreamRun>();
  const noteDelta = (run: StreamRun) => {
    if (run.deltas.length >= 3) seen.add(run);
    if (seen.size === 2) bothFlowing();
  };
  // Two at once: nginx's round robin gives one to each instance.
  const runs = Promise.all([
    askStreaming(PUBLIC, dave, 'Who survives the kill?', noteDelta),
    askStreaming(PUBLIC, erin, 'Who survives the kill, too?', noteDelta),
  ]);
  await Promise.race([flowing, sleep(10_000)]);
  check(seen.size === 2, 'both streams are flowing');
  instances.a.process.kill('SIGKILL');
  await instances.a.exited;
  log('instance a killed (SIGKILL)');
  const [daveRun, erinRun] = await runs;
  const cut = [daveRun, erinRun].filter((run) => run.broken);
  const finished = [daveRun, erinRun].filter((run) => !run.broken && run.events.some((e) => e.type === 'query'));
  check(cut.length === 1 && finished.length === 1, "the killed instance's stream was cut, the other one finished");

  for (let i = 0; i < 6; i++) {
    check((await me(PUBLIC, bob)).status === 200, `request ${i + 1} through nginx after the kill is served`);
  }
  vendors.script('*', { chunks: words(4), chunkDelayMs: 20, initialDelayMs: 0 });
  const after = await askStreaming(PUBLIC, bob, 'Still there?');
  check(!after.broken && after.events.some((e) => e.type === 'query'), 'a new question through nginx is answered');

  const survivor = finished[0] === daveRun ? 'dave' : 'erin';
  const victim = survivor === 'dave' ? 'erin' : 'dave';
  const callers = { dave, erin };
  const remaining = async (who: 'dave' | 'erin') =>
    (await me(PUBLIC, callers[who])).json().freeQuestionsRemaining as number;
  check((await remaining(survivor)) === before[survivor] - 1, `${survivor}'s answered question is charged once`);
  const victimNow = await remaining(victim);
  check(
    victimNow === before[victim] - 1 || victimNow === before[victim],
    `${victim}'s cut question is charged at most once (${before[victim]} -> ${victimNow})`,
  );

  if (flags['check-reconciliation']) {
    // Issue 18, items 4 and 9: the question cut off by the kill produced text but its
    // result was never saved, so reconciliation gives it back, exactly once, even with both
    // instances reconciling. A restarted instance reconciles at start-up what is old enough
    // (allowance/reconciler.ts, longestQuestionMs: 3 x MODEL_TIMEOUT_SECONDS + 4 x the statement
    // timeout + 30 s), so this waits that long. .ci/run turns it on.
    const waitMs = 3 * 10_000 + 4 * 5_000 + 30_000 + 2_000;
    log(`waiting ${waitMs / 1000} s for the cut question's reservation to age, then restarting instance a`);
    await sleep(waitMs);
    instances.a = startInstance('a', instanceEnv(PORTS.a, vendors, stripe));
    await waitReady(DIRECT.a, 'instance a (restarted)');
    let given = await remaining(victim);
    for (let i = 0; i < 50 && given !== before[victim]; i++) {
      await sleep(200);
      given = await remaining(victim);
    }
    check(given === before[victim], `${victim}'s cut question is given back (${given} of ${before[victim]})`);
    await sleep(2000);
    check((await remaining(victim)) === before[victim], 'exactly once');
  }
}

let failed = false;
try {
  await main();
  log('all checks passed');
} catch (error) {
  failed = true;
  console.error(`[deploy] FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
} finally {
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup();
    } catch (error) {
      console.error('[deploy] cleanup:', error);
    }
  }
  if (failed) {
    for (const name of ['instance-a.log', 'instance-b.log', 'nginx/error.log']) {
      const file = path.join(work, name);
      if (existsSync(file)) console.error(`--- ${name}\n${readFileSync(file, 'utf8').slice(-4000)}`);
    }
  }
  rmSync(work, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
