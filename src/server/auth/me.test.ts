import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMessages } from '../../common/messages';
import { sessions, users } from '../db/schema';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_REGISTER_PER_IP: '1000', RATE_LIMIT_LOGIN_PER_IP: '1000' });
});
afterAll(() => t.close());

let counter = 0;
/** Registers a fresh account and returns its session cookie value and user id. */
async function signUp(prefix: string) {
  counter += 1;
  const account = {
    username: `${prefix}_${counter}`,
    email: `${prefix}.${counter}@example.com`,
    password: 'secret-pass',
  };
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/register',
    payload: { ...account, termsAccepted: true, privacyPolicyAccepted: true },
  });
  expect(res.statusCode).toBe(201);
  const token = res.cookies.find((c) => c.name === 'parallax_session')!.value;
  return { ...account, token, id: res.json().user.id as number };
}

const me = (token?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/me',
    ...(token === undefined ? {} : { cookies: { parallax_session: token } }),
  });

describe('GET /api/me', () => {
  it('answers 401 to an anonymous caller', async () => {
    const res = await me();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Not authenticated' });
  });

  it('answers 200 with the signed-in user', async () => {
    const user = await signUp('me');
    const res = await me(user.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: user.id,
      username: user.username,
      email: user.email,
      role: 'user',
      isAdmin: false,
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 401 to a made-up cookie', async () => {
    const res = await me('A'.repeat(43));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: serverMessages.notAuthenticated });
  });

  it('does not accept the stored session id (the hash) as a cookie', async () => {
    const user = await signUp('hashcookie');
    const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect((await me(row!.id)).statusCode).toBe(401);
  });
});

describe('POST /api/logout', () => {
  it('ends the session: the old cookie then gets 401, and the browser is told to drop it', async () => {
    const user = await signUp('logout');
    expect((await me(user.token)).statusCode).toBe(200);

    const res = await t.app.inject({ method: 'POST', url: '/api/logout', cookies: { parallax_session: user.token } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: serverMessages.loggedOut });
    const cleared = res.cookies.find((c) => c.name === 'parallax_session');
    expect(cleared).toBeDefined();
    expect(cleared!.value).toBe('');
    expect(cleared!.expires!.getTime()).toBeLessThanOrEqual(Date.now());

    expect((await me(user.token)).statusCode).toBe(401);
    const left = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(left).toHaveLength(0);
  });

  it('ends only that session, not the user\u2019s others', async () => {
    const user = await signUp('logoutone');
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: user.password },
    });
    const otherToken = other.cookies.find((c) => c.name === 'parallax_session')!.value;

    await t.app.inject({ method: 'POST', url: '/api/logout', cookies: { parallax_session: user.token } });
    expect((await me(user.token)).statusCode).toBe(401);
    expect((await me(otherToken)).statusCode).toBe(200);
  });

  it('answers 200 to an anonymous caller too', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/logout' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: serverMessages.loggedOut });
  });
});

describe('sessions', () => {
  it('stores only the SHA-256 of the cookie token, never the token itself', async () => {
    const user = await signUp('sha');
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).not.toBe(user.token);
    expect(rows[0]!.id).toBe(createHash('sha256').update(user.token).digest('hex'));
    expect(await t.db.select().from(sessions).where(eq(sessions.id, user.token))).toHaveLength(0);
  });

  it('expires 30 days after sign-in', async () => {
    const user = await signUp('ttl');
    const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    const days = (row!.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });

  it('answers 401 once the session has expired, and removes it', async () => {
    const user = await signUp('expired');
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    const res = await me(user.token);
    expect(res.statusCode).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });

  it('slides the expiry forward when a session in its second half is used', async () => {
    const user = await signUp('sliding');
    const soon = new Date(Date.now() + 2 * 86_400_000);
    await t.db.update(sessions).set({ expiresAt: soon }).where(eq(sessions.userId, user.id));
    expect((await me(user.token)).statusCode).toBe(200);
    const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
  });

  it('ends with the account: a deleted user\u2019s cookie gets 401', async () => {
    const user = await signUp('deleted');
    await t.db.delete(users).where(eq(users.id, user.id));
    expect((await me(user.token)).statusCode).toBe(401);
  });
});
