import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyServerOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emergencyMessages } from '../../common/emergency-messages';
import { serverMessages } from '../../common/messages';
import { buildApp, type App } from '../app';
import { createOrPromoteAdmin } from '../cli/create-admin';
import { loadConfig } from '../config';
import { auditLog } from '../db/schema';
import { loggerOptions } from '../http/logger';
import { createTestDatabase, type TestDatabase } from '../../../tests/helpers/test-app';

// The switch and the lock of the break-glass access (docs/architecture.md, "Security rules"): one database, served by
// an app started without EMERGENCY_ADMIN_TOKEN and one started with it, both serving a built client.
const TOKEN = 'break-glass-token-for-tests-0123456789';
const COMPARE_PASSWORD = 'Compare-me-42';

let database: TestDatabase;
let clientDir: string;
let off: App;
let on: App;
let adminId: number;
const logLines: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  clientDir = mkdtempSync(path.join(tmpdir(), 'parallax-client-'));
  writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>');
  const env = {
    NODE_ENV: 'test',
    DATA_DIR: database.dataDir,
    APP_SECRET: 'test-secret-test-secret-test-secret-0123',
    APP_URL: 'http://parallax.test',
    LOG_LEVEL: 'warn',
  } as const;
  off = await buildApp({ config: loadConfig(env), db: database.db, logger: false, clientDir });
  const onConfig = loadConfig({ ...env, EMERGENCY_ADMIN_TOKEN: TOKEN });
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      callback();
    },
  });
  const logger = { ...(loggerOptions(onConfig) as object), stream } as FastifyServerOptions['logger'];
  on = await buildApp({ config: onConfig, db: database.db, logger, clientDir });
  await Promise.all([off.ready(), on.ready()]);
  adminId = (await createOrPromoteAdmin(database.db, 33, {
    email: 'lock.admin@parallax.test',
    username: 'lock_admin',
    password: COMPARE_PASSWORD,
  }))!.id;
});

afterAll(async () => {
  await off?.close();
  await on?.close();
  await database?.close();
  if (clientDir) rmSync(clientDir, { recursive: true, force: true });
});

const calls = () =>
  [
    { method: 'GET', url: '/api/list-all-admins' },
    { method: 'GET', url: `/api/list-all-admins?details=${adminId}` },
    { method: 'POST', url: '/api/debug-password-compare', payload: { password: COMPARE_PASSWORD, userId: adminId } },
    { method: 'POST', url: `/api/force-admin-login/${adminId}` },
    {
      method: 'POST',
      url: '/api/create-emergency-admin',
      payload: { username: 'sneaky_admin', password: 'sneaky-pass' },
    },
  ] as const;

function send(app: App, call: ReturnType<typeof calls>[number], ip: string, token?: string) {
  return app.inject({
    method: call.method,
    url: call.url,
    remoteAddress: ip,
    headers: token === undefined ? {} : { 'x-emergency-token': token },
    ...('payload' in call && { payload: call.payload }),
  });
}

const auditRows = (action: string) => database.db.select().from(auditLog).where(eq(auditLog.action, action));

function expectLimited(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ message: 'Too many attempts. Please wait 15 minutes and try again.' });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

describe('without EMERGENCY_ADMIN_TOKEN', () => {
  it('answers every call 404 as an unknown path, even with a token, and changes nothing', async () => {
    for (const call of calls()) {
      for (const token of [undefined, TOKEN]) {
        const res = await send(off, call, '10.50.0.1', token);
        expect(res.statusCode, `${call.method} ${call.url}`).toBe(404);
        expect(res.json()).toEqual({ message: serverMessages.notFound });
        expect(res.cookies).toHaveLength(0);
      }
    }
    const list = await send(on, calls()[0], '10.50.0.2', TOKEN);
    expect(list.json().adminUsers.map((a: { username: string }) => a.username)).not.toContain('sneaky_admin');
  });

  it('serves both pages with HTTP status 404, while other client routes stay 200', async () => {
    for (const page of ['/admin-debug', '/backdoor-admin', '/admin-debug/']) {
      const res = await off.inject({ method: 'GET', url: page });
      expect(res.statusCode, page).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
    }
    expect((await off.inject({ method: 'GET', url: '/admin' })).statusCode).toBe(200);
  });
});

describe('with EMERGENCY_ADMIN_TOKEN', () => {
  it('serves both pages with status 200', async () => {
    for (const page of ['/admin-debug', '/backdoor-admin']) {
      expect((await on.inject({ method: 'GET', url: page })).statusCode, page).toBe(200);
    }
    expect((await on.inject({ method: 'GET', url: '/no-such-page' })).statusCode).toBe(404);
  });

  it('answers 401 to every call without the token or with a wrong one, and audits each refusal', async () => {
    const before = (await auditRows('emergency.bad_token')).length;
    const wrongTokens = [TOKEN.slice(0, -1), `${TOKEN}x`, 'short'];
    let ip = 0;
    for (const call of calls()) {
      const missing = await send(on, call, `10.51.0.${++ip}`);
      expect(missing.statusCode).toBe(401);
      expect(missing.json()).toEqual({ message: emergencyMessages.tokenMissing });
      for (const token of wrongTokens) {
        const wrong = await send(on, call, `10.51.0.${++ip}`, token);
        expect(wrong.statusCode).toBe(401);
        expect(wrong.json()).toEqual({ message: emergencyMessages.tokenInvalid });
        expect(wrong.cookies).toHaveLength(0);
      }
    }
    const rows = await auditRows('emergency.bad_token');
    expect(rows.length - before).toBe(calls().length * (1 + wrongTokens.length));
    const last = rows.at(-1)!;
    expect(last).toMatchObject({
      actorUserId: null,
      details: { method: 'POST', path: '/api/create-emergency-admin', reason: 'wrong' },
      ipAddress: `10.51.0.${ip}`,
    });
    expect(JSON.stringify(rows)).not.toContain(TOKEN.slice(0, 20));
  });

  it('refuses bad tokens from an address with 429 after 10, but never the right token (issue item 8)', async () => {
    const ip = '10.52.0.1';
    const list = calls()[0];
    for (let i = 0; i < 10; i++) expect((await send(on, list, ip, 'not-the-token')).statusCode).toBe(401);
    expectLimited(await send(on, list, ip, 'not-the-token'));
    expectLimited(await send(on, list, ip));
    // Everyone behind one proxy shares this address: their guesses must not lock the operator out.
    expect((await send(on, list, ip, TOKEN)).statusCode).toBe(200);
    const forced = await send(on, calls()[3], ip, TOKEN);
    expect(forced.statusCode).toBe(200);
    expect(forced.cookies).toHaveLength(1);
    expectLimited(await send(on, list, ip, 'still-not-the-token'));
    expect((await send(on, list, '10.52.0.2', 'not-the-token')).statusCode).toBe(401);

    // Ten refusals and the first 429 are audited; the flood after it is not.
    const refused = (await auditRows('emergency.bad_token')).filter((r) => r.ipAddress === ip);
    expect(refused).toHaveLength(11);
    expect(refused.at(-1)!.details).toMatchObject({ lockedOut: true });
  });

  it('rations password comparisons to 10 per address', async () => {
    const compare = calls()[2];
    const ip = '10.53.0.1';
    for (let i = 0; i < 10; i++) expect((await send(on, compare, ip, TOKEN)).statusCode).toBe(200);
    expectLimited(await send(on, compare, ip, TOKEN));
    expect((await send(on, compare, '10.53.0.2', TOKEN)).statusCode).toBe(200);
  });

  it('logs a warning for each use, without the token or the password', async () => {
    logLines.length = 0;
    await send(on, calls()[2], '10.54.0.1', TOKEN);
    await send(on, calls()[0], '10.54.0.2', 'wrong-token');
    const warnings = logLines.map((line) => JSON.parse(line)).filter((entry) => entry.level === 40);
    expect(warnings.map((w) => w.emergencyAction)).toEqual(['emergency.password_compare', 'emergency.bad_token']);
    expect(warnings[0]).toMatchObject({ targetUserId: adminId });
    const all = logLines.join('\n');
    expect(all).not.toContain(TOKEN);
    expect(all).not.toContain(COMPARE_PASSWORD);
  });
});
