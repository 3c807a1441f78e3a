import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { serverMessages } from '../../common/messages';
import { sessions, users } from '../db/schema';
import {
  getMe,
  login,
  registerAccount,
  relaxedRateLimits,
  sessionCookie,
  sessionCookieFor,
  sessionHeaders,
  sessionToken,
  uniqueAccount,
} from '../../../tests/helpers/accounts';
import { useTestApp } from '../../../tests/helpers/test-app';

const t = useTestApp(relaxedRateLimits);

const logout = (cookie?: string) =>
  t.app.inject({ method: 'POST', url: '/api/logout', headers: sessionHeaders(cookie) });

describe('GET /api/me', () => {
  it('answers 401 to an anonymous caller', async () => {
    const res = await getMe(t.app);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Not authenticated' });
  });

  it('answers 200 with the signed-in user', async () => {
    const { account, user, cookie } = await registerAccount(t.app, uniqueAccount('me'));
    const res = await getMe(t.app, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: user.id,
      username: account.username,
      email: account.email,
      role: 'user',
      isAdmin: false,
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 401 to a made-up cookie', async () => {
    const res = await getMe(t.app, sessionCookieFor('A'.repeat(43)));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: serverMessages.notAuthenticated });
  });

  it('does not accept the stored session id (the hash) as a cookie', async () => {
    const { user } = await registerAccount(t.app, uniqueAccount('hashcookie'));
    const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect((await getMe(t.app, sessionCookieFor(row!.id))).statusCode).toBe(401);
  });
});

describe('POST /api/logout', () => {
  it('ends the session: the old cookie then gets 401, and the browser is told to drop it', async () => {
    const { user, cookie } = await registerAccount(t.app, uniqueAccount('logout'));
    expect((await getMe(t.app, cookie)).statusCode).toBe(200);

    const res = await logout(cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: serverMessages.loggedOut });
    const cleared = res.cookies.find((c) => c.name === 'parallax_session');
    expect(cleared).toBeDefined();
    expect(cleared!.value).toBe('');
    expect(cleared!.expires!.getTime()).toBeLessThanOrEqual(Date.now());

    expect((await getMe(t.app, cookie)).statusCode).toBe(401);
    const left = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(left).toHaveLength(0);
  });

  it('ends only that session, not the user\u2019s others', async () => {
    const { account, cookie } = await registerAccount(t.app, uniqueAccount('logoutone'));
    const other = sessionCookie(await login(t.app, account.email, account.password));

    await logout(cookie);
    expect((await getMe(t.app, cookie)).statusCode).toBe(401);
    expect((await getMe(t.app, other)).statusCode).toBe(200);
  });

  it('answers 200 to an anonymous caller too', async () => {
    const res = await logout();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: serverMessages.loggedOut });
  });
});

describe('sessions', () => {
  it('stores only the SHA-256 of the cookie token, never the token itself', async () => {
    const { user, signIn } = await registerAccount(t.app, uniqueAccount('sha'));
    const token = sessionToken(signIn);
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).not.toBe(token);
    expect(rows[0]!.id).toBe(createHash('sha256').update(token).digest('hex'));
    expect(await t.db.select().from(sessions).where(eq(sessions.id, token))).toHaveLength(0);
  });

  it('expires 30 days after sign-in', async () => {
    const { user } = await registerAccount(t.app, uniqueAccount('ttl'));
    const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    const days = (row!.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });

  it('answers 401 once the session has expired, and removes it', async () => {
    const { user, cookie } = await registerAccount(t.app, uniqueAccount('expired'));
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    const res = await getMe(t.app, cookie);
    expect(res.statusCode).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });

  it('slides the expiry forward when a session in its second half is used', async () => {
    const { user, cookie } = await registerAccount(t.app, uniqueAccount('sliding'));
    const soon = new Date(Date.now() + 2 * 86_400_000);
    await t.db.update(sessions).set({ expiresAt: soon }).where(eq(sessions.userId, user.id));
    expect((await getMe(t.app, cookie)).statusCode).toBe(200);
    const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
  });

  it('ends with the account: a deleted user\u2019s cookie gets 401', async () => {
    const { user, cookie } = await registerAccount(t.app, uniqueAccount('deleted'));
    await t.db.delete(users).where(eq(users.id, user.id));
    expect((await getMe(t.app, cookie)).statusCode).toBe(401);
  });
});
