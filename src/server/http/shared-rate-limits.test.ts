import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { EMERGENCY_TOKEN_HEADER } from '../../common/emergency-schemas';
import { getMe, login, registerAccount, uniqueAccount } from '../../../tests/helpers/accounts';
import { TEST_APP_SECRET, testDatabasePrefix, withDatabase } from '../../../tests/helpers/global-setup';
import { createTestApp } from '../../../tests/helpers/test-app';
import { buildApp, type App } from '../app';
import { loadConfig, type Env } from '../config';
import { openDatabase, type Database } from '../db/client';
import { auditLog, rateLimitCounts } from '../db/schema';
import { rateLimitNamespace } from './rate-limit-store';

// Issue 18, item 8: every instance of a deployment counts the same attempts (decision 0038). Two apps
// on one PostgreSQL database stand for two instances; each has its own pool, so its own read cache.

const postgresUrl = inject('postgresUrl');
const REDIS_URL = 'redis://127.0.0.1:6379';
/** Nothing listens here (a port of this test's range): Redis as it is during an outage. */
const REDIS_DOWN_URL = 'redis://127.0.0.1:4199';
const LOGIN_PER_IP = 30;

const failedLogin = (app: App, i: number, remoteAddress: string) =>
  // A different unknown account each time, so only the per-address limit counts.
  login(app, `nobody-${i}-${randomBytes(3).toString('hex')}@example.com`, 'wrong-password', { remoteAddress });

function expectLimited(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(429);
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(15 * 60);
}

/**
 * 40 failed logins from one address, sent at once and alternating between the instances: exactly the
 * configured 30 are answered (401) and the other 10 refused (429), so no two hits were counted as one.
 */
async function expectSharedLoginLimit(apps: [App, App], remoteAddress: string) {
  const answers = await Promise.all(
    Array.from({ length: LOGIN_PER_IP + 10 }, (_, i) => failedLogin(apps[i % 2]!, i, remoteAddress)),
  );
  const statuses = answers.map((a) => a.statusCode);
  expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_PER_IP);
  expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  for (const app of apps) expectLimited(await failedLogin(app, 99, remoteAddress));
  // Another address has its own count on both.
  for (const app of apps) expect((await failedLogin(app, 100, `${remoteAddress}0`)).statusCode).toBe(401);
}

describe('on one instance without a shared store', () => {
  it('counts in its own memory: the limit holds and nothing is written to the database', async () => {
    const t = await createTestApp();
    try {
      for (let i = 0; i < LOGIN_PER_IP; i++) expect((await failedLogin(t.app, i, '10.80.0.1')).statusCode).toBe(401);
      expectLimited(await failedLogin(t.app, 30, '10.80.0.1'));
      expect(await t.db.select().from(rateLimitCounts)).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('with Redis unreachable, still limits (in its own memory) and answers no 5xx', async () => {
    const t = await createTestApp({ REDIS_URL: REDIS_DOWN_URL });
    try {
      for (let i = 0; i < LOGIN_PER_IP; i++) expect((await failedLogin(t.app, i, '10.81.0.1')).statusCode).toBe(401);
      expectLimited(await failedLogin(t.app, 30, '10.81.0.1'));
      const account = await registerAccount(t.app, uniqueAccount('redisdown'), { remoteAddress: '10.81.0.2' });
      expect((await getMe(t.app, account.cookie)).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

interface Instances {
  apps: [App, App];
  /** The first instance's database handle, for looking at what the instances wrote. */
  db: Database;
  databaseName: string;
}

const opened: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const close of opened.reverse()) await close();
});

/** Two instances of the app on one fresh PostgreSQL database (a copy of the run's template), as main.ts starts them. */
async function twoInstances(env: Partial<Env> = {}): Promise<Instances> {
  const template = inject('postgresTemplate');
  const databaseName = `${testDatabasePrefix(template)}${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${databaseName} TEMPLATE ${template}`);
  const databaseUrl = withDatabase(postgresUrl, databaseName);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parallax-two-'));
  const closers: Array<() => Promise<void>> = [];
  opened.push(async () => {
    for (const close of closers.reverse()) await close();
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    APP_SECRET: TEST_APP_SECRET,
    APP_URL: 'http://parallax.test',
    LOG_LEVEL: 'silent',
    ...(env as Record<string, string>),
  });
  const handles = [];
  const apps: App[] = [];
  for (let i = 0; i < 2; i++) {
    const handle = await openDatabase({ databaseUrl, dataDir, migrate: false });
    closers.push(() => handle.close());
    const app = await buildApp({ config, db: handle.db, logger: false, clientDir: null });
    closers.push(() => app.close());
    await app.ready();
    handles.push(handle);
    apps.push(app);
  }
  return { apps: apps as [App, App], db: handles[0]!.db, databaseName };
}

/** Removes the Redis keys of one test's namespace. */
async function clearRedisNamespace(databaseName: string) {
  const redis = new Redis(REDIS_URL);
  try {
    const prefix = rateLimitNamespace({ databaseUrl: `postgres://x/${databaseName}`, dataDir: '' });
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    return keys;
  } finally {
    redis.disconnect();
  }
}

if (postgresUrl) {
  describe('two instances on PostgreSQL', () => {
    it('share the login limit through the rate_limit_counts table (no REDIS_URL)', async () => {
      const { apps, db } = await twoInstances();
      await expectSharedLoginLimit(apps, '10.82.0.1');
      const rows = await db.select().from(rateLimitCounts);
      // Counted under keyed hashes: no address is stored.
      expect(JSON.stringify(rows)).not.toContain('10.82.0.1');
      // Every hit landed: the 40 sent at once and one more on each instance.
      expect(rows.map((r) => r.count)).toContain(LOGIN_PER_IP + 12);
    });

    it('start a new window in the table once the old one has ended', async () => {
      const { apps, db } = await twoInstances({ RATE_LIMIT_LOGIN_PER_IP: '2' });
      for (const app of apps) expect((await failedLogin(app, 0, '10.83.0.1')).statusCode).toBe(401);
      expectLimited(await failedLogin(apps[0], 1, '10.83.0.1'));
      // The window ends (as 15 minutes later); both instances count afresh.
      await db.update(rateLimitCounts).set({ expiresAt: sql`now() - interval '1 second'` });
      for (const app of apps) expect((await failedLogin(app, 2, '10.83.0.1')).statusCode).toBe(401);
      expectLimited(await failedLogin(apps[1], 3, '10.83.0.1'));
    });

    it('share the login limit through Redis when REDIS_URL is set, and write nothing to the table', async () => {
      const { apps, db, databaseName } = await twoInstances({ REDIS_URL });
      try {
        await expectSharedLoginLimit(apps, '10.84.0.1');
        expect(await db.select().from(rateLimitCounts)).toEqual([]);
      } finally {
        // The keys were there, under this database's namespace, and are gone now.
        expect((await clearRedisNamespace(databaseName)).length).toBeGreaterThan(0);
      }
    });

    it.each([
      ['the table', {}],
      ['Redis', { REDIS_URL }],
    ])('audit the break-glass lockout once across both (%s)', async (_, env) => {
      const token = 'emergency-token-for-two-instances-0123456789';
      const { apps, db, databaseName } = await twoInstances({ ...env, EMERGENCY_ADMIN_TOKEN: token });
      const ip = '10.85.0.1';
      const guess = (app: App) =>
        app.inject({
          method: 'GET',
          url: '/api/list-all-admins',
          remoteAddress: ip,
          headers: { [EMERGENCY_TOKEN_HEADER]: 'not-the-token' },
        });
      try {
        for (let i = 0; i < 10; i++) expect((await guess(apps[i % 2]!)).statusCode).toBe(401);
        for (let i = 0; i < 4; i++) expectLimited(await guess(apps[i % 2]!));
        const lockouts = await db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, 'emergency.bad_token'), sql`(${auditLog.details} ->> 'lockedOut')::boolean`));
        expect(lockouts).toHaveLength(1);
      } finally {
        await clearRedisNamespace(databaseName);
      }
    });

    it('honour a sign-in made on the other, and a logout on both within a second (read cache, decision 0029)', async () => {
      const { apps } = await twoInstances();
      const [a, b] = apps;
      // Signed in on a.
      const { cookie } = await registerAccount(a, uniqueAccount('twoinst'), { remoteAddress: '10.86.0.1' });
      expect((await getMe(b, cookie)).statusCode).toBe(200);
      // b has just read the session: its cache holds it for at most one second.
      expect((await getMe(b, cookie)).statusCode).toBe(200);
      const logout = await a.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
      expect(logout.statusCode).toBe(200);
      const loggedOutAt = Date.now();
      expect((await getMe(a, cookie)).statusCode).toBe(401);
      let answer = await getMe(b, cookie);
      while (answer.statusCode === 200 && Date.now() - loggedOutAt < 3000) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        answer = await getMe(b, cookie);
      }
      expect(answer.statusCode).toBe(401);
      expect(Date.now() - loggedOutAt).toBeLessThanOrEqual(1100);
    });
  });
}
