import { Writable } from 'node:stream';
import type { FastifyServerOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { loadConfig } from '../config';
import { loggerOptions } from '../http/logger';
import { createTestDatabase, type TestDatabase } from '../../../tests/helpers/test-app';

// The app with its production logger options, writing JSON lines into memory.
let app: App;
let database: TestDatabase;
const lines: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: database.dataDir,
    APP_SECRET: 'test-secret-test-secret-test-secret-0123',
    APP_URL: 'http://parallax.test',
    LOG_LEVEL: 'info',
  });
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      callback();
    },
  });
  const logger = { ...(loggerOptions(config) as object), stream } as FastifyServerOptions['logger'];
  app = await buildApp({ config, db: database.db, logger, clientDir: null });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});
beforeEach(() => {
  lines.length = 0;
});

/** Log entries for one request, after the response hooks have run. */
async function logsOf(requestId: string) {
  await new Promise((resolve) => setImmediate(resolve));
  return lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.reqId === requestId);
}

describe('request logging', () => {
  it('keeps the token of /api/verify-email/:token out of the log', async () => {
    const token = 'SecretVerifyToken_0123456789abcdefghijklmnopq';
    const res = await app.inject({
      method: 'GET',
      url: `/api/verify-email/${token}`,
      headers: { 'x-request-id': 'verify-log-1' },
    });
    expect(res.statusCode).toBe(400);

    const entries = await logsOf('verify-log-1');
    expect(entries.length).toBeGreaterThan(0);
    const completed = entries.find((e) => e.msg === 'request completed') as
      { req: { url: string; method: string } } | undefined;
    expect(completed?.req).toMatchObject({ method: 'GET', url: '/api/verify-email/[redacted]' });
    expect(lines.join('\n')).not.toContain(token);
  });

  it('keeps ?token= query values out of the log', async () => {
    const token = 'SecretResetToken_zyxwvutsrqponmlkjihgfedcba98';
    const res = await app.inject({
      method: 'GET',
      url: `/reset-password?token=${token}&from=mail`,
      headers: { 'x-request-id': 'reset-log-1' },
    });
    expect(res.statusCode).toBe(404);
    const entries = await logsOf('reset-log-1');
    const completed = entries.find((e) => e.msg === 'request completed') as { req: { url: string } } | undefined;
    expect(completed?.req.url).toBe('/reset-password?token=[redacted]&from=mail');
    expect(lines.join('\n')).not.toContain(token);
  });

  it('does not log cookies or passwords', async () => {
    await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'x-request-id': 'login-log-1' },
      cookies: { parallax_session: 'CookieValueThatMustNotBeLogged' },
      payload: { email: 'nobody@example.com', password: 'PasswordThatMustNotBeLogged' },
    });
    const all = lines.join('\n');
    expect((await logsOf('login-log-1')).length).toBeGreaterThan(0);
    expect(all).not.toContain('CookieValueThatMustNotBeLogged');
    expect(all).not.toContain('PasswordThatMustNotBeLogged');
  });
});

describe('one line per request', () => {
  it('logs a change and a failed read at info, a read answered well only at debug', async () => {
    const read = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'read-ok-1' } });
    expect(read.statusCode).toBe(200);
    expect(await logsOf('read-ok-1')).toEqual([]);
    const failed = await app.inject({ method: 'GET', url: '/api/me', headers: { 'x-request-id': 'read-401-1' } });
    expect(failed.statusCode).toBe(401);
    expect(await logsOf('read-401-1')).toMatchObject([{ level: 30, res: { statusCode: 401 } }]);

    const debugLines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        debugLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        callback();
      },
    });
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: database.dataDir,
      APP_SECRET: 'test-secret-test-secret-test-secret-0123',
      APP_URL: 'http://parallax.test',
      LOG_LEVEL: 'debug',
    });
    const logger = { ...(loggerOptions(config) as object), stream } as FastifyServerOptions['logger'];
    const verbose = await buildApp({ config, db: database.db, logger, clientDir: null });
    try {
      await verbose.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'read-ok-2' } });
      await new Promise((resolve) => setImmediate(resolve));
      const entries = debugLines.map((line) => JSON.parse(line)).filter((entry) => entry.reqId === 'read-ok-2');
      expect(entries).toMatchObject([{ level: 20, msg: 'request completed', res: { statusCode: 200 } }]);
    } finally {
      await verbose.close();
    }
  });
});

describe('request ids', () => {
  it('gives each response an x-request-id, and uses it in the log', async () => {
    const first = await app.inject({ method: 'POST', url: '/api/logout' });
    const second = await app.inject({ method: 'POST', url: '/api/logout' });
    const id = first.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(second.headers['x-request-id']).not.toBe(id);
    const [line, ...more] = await logsOf(String(id));
    expect(more).toEqual([]);
    expect(line).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { method: 'POST', url: '/api/logout' },
      res: { statusCode: 200 },
    });
    expect(typeof line!.responseTime).toBe('number');
  });

  it('honours the caller\u2019s x-request-id, on errors too', async () => {
    const ok = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'lb-trace.42_A-b' } });
    expect(ok.headers['x-request-id']).toBe('lb-trace.42_A-b');
    const unauthorized = await app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { 'x-request-id': 'lb-trace-401' },
    });
    expect(unauthorized.statusCode).toBe(401);
    expect(unauthorized.headers['x-request-id']).toBe('lb-trace-401');
    const missing = await app.inject({
      method: 'GET',
      url: '/api/nothing-here',
      headers: { 'x-request-id': 'lb-trace-404' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-request-id']).toBe('lb-trace-404');
  });

  it('replaces a given id that could forge log lines', async () => {
    for (const given of ['has spaces', 'a'.repeat(101), 'line\\nbreak', '<script>']) {
      const res = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': given } });
      expect(res.headers['x-request-id']).not.toBe(given);
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});
