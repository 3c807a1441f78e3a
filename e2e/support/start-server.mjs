// Starts the built server for the end-to-end run on a fresh embedded database, with every AI vendor
// pointed at the loopback fakes (tests/fakes/ai-vendors.ts), and keeps the server's log in a file
// the tests read: with no email provider configured, the outbox prints each email's links there
// (docs/architecture.md, "Outside services"), which is how a test follows a verification link.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import {
  E2E_ADMIN,
  E2E_FREE_QUESTIONS,
  E2E_WEBHOOK_SECRET,
  e2eDataDir,
  e2eLogFile,
  FAKE_STRIPE_PORT,
  FAKE_VENDOR_PORT,
} from './paths.mjs';

const port = process.argv[2] ?? '4319';
rmSync(e2eDataDir, { recursive: true, force: true });
mkdirSync(e2eDataDir, { recursive: true });
mkdirSync(path.dirname(e2eLogFile), { recursive: true });
const log = createWriteStream(e2eLogFile);
const children = [];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

const fakes = spawn(
  process.execPath,
  ['--import', 'tsx', 'tests/fakes/ai-vendors.ts', '--port', String(FAKE_VENDOR_PORT), '--chunk-delay', '40'],
  {
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
children.push(fakes);
const vendorEnv = await new Promise((resolve, reject) => {
  const env = {};
  const lines = createInterface({ input: fakes.stdout });
  lines.on('line', (line) => {
    const match = /^([A-Z_]+)=(\S+)$/.exec(line);
    if (match) env[match[1]] = match[2];
    if (Object.keys(env).length === 14) resolve(env);
  });
  fakes.on('exit', () => reject(new Error('the AI vendor fakes exited before listening')));
});

// Stripe: the stateful fake, signing and delivering its events to the app's webhook as Stripe would.
const stripe = spawn(
  process.execPath,
  [
    '--import',
    'tsx',
    'tests/fakes/stripe.ts',
    '--port',
    String(FAKE_STRIPE_PORT),
    '--webhook-url',
    `http://127.0.0.1:${port}/stripe-webhook`,
    '--webhook-secret',
    E2E_WEBHOOK_SECRET,
  ],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
children.push(stripe);
await new Promise((resolve, reject) => {
  createInterface({ input: stripe.stdout }).on('line', (line) => line.includes('listening on') && resolve());
  stripe.on('exit', () => reject(new Error('the Stripe fake exited before listening')));
});
const stripeEnv = {
  STRIPE_MODE: 'test',
  STRIPE_API_BASE: `http://127.0.0.1:${FAKE_STRIPE_PORT}`,
  STRIPE_SECRET_KEY: 'sk_test_fake',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
  STRIPE_WEBHOOK_SECRET: E2E_WEBHOOK_SECRET,
  STRIPE_PRICE_BASIC: 'price_fake_basic',
  STRIPE_PRICE_STANDARD: 'price_fake_standard',
  STRIPE_PRICE_UNLIMITED: 'price_fake_unlimited',
  STRIPE_PRICE_TEST: 'price_fake_test',
};

// The first administrator, made as an operator would (npm run admin:create) while no server holds the database.
const created = spawnSync(
  process.execPath,
  [
    'dist/server/create-admin.js',
    '--email',
    E2E_ADMIN.email,
    '--username',
    E2E_ADMIN.username,
    '--password',
    E2E_ADMIN.password,
  ],
  {
    env: { PATH: process.env.PATH, NODE_ENV: 'production', DATA_DIR: e2eDataDir, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  },
);
if (created.status !== 0) throw new Error(`admin:create failed: ${created.stderr || created.stdout}`);

const server = spawn(process.execPath, ['dist/server/main.js'], {
  env: {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    PORT: port,
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: e2eDataDir,
    LOG_LEVEL: 'info',
    FREE_QUESTIONS: String(E2E_FREE_QUESTIONS),
    // Every test's anonymous visitor comes from 127.0.0.1: the per-network daily caps (decision 0022) would
    // otherwise let only the first few tests that ask as a visitor start a session and use up its free questions.
    ANONYMOUS_QUESTIONS_PER_ADDRESS_PER_DAY: String(E2E_FREE_QUESTIONS * 100),
    ANONYMOUS_SESSIONS_PER_ADDRESS_PER_DAY: '100',
    // Every test registers from 127.0.0.1 too: each new account opens with its free questions (decision 0060).
    NEW_ACCOUNTS_WITH_FREE_QUESTIONS_PER_ADDRESS_PER_DAY: '0',
    // The leaderboard shows each test's questions at once rather than a minute later (its keeping is tested
    // in src/server/leaderboard/leaderboard.test.ts).
    LEADERBOARD_CACHE_SECONDS: '0',
    ...vendorEnv,
    ...stripeEnv,
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
children.push(server);
server.stdout.pipe(log);
server.stderr.pipe(process.stderr);
server.on('exit', (code) => {
  stop();
  process.exit(code ?? 0);
});
