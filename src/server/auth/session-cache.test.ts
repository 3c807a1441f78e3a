import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CACHED_READ_MAX_AGE_MS } from '../db/read-cache';
import { queries, users } from '../db/schema';
import { findOrCreateSessionUser } from '../users/repository';
import {
  getMe,
  registerAccount,
  relaxedRateLimits,
  sessionCookie,
  uniqueAccount,
  login,
} from '../../../tests/helpers/accounts';
import { adminCall, signInAdmin } from '../../../tests/helpers/admins';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

// Signed-in calls read the session and its user from a cache of at most a second (decision 0029).
// What this instance changes shows at once: a session that has ended never answers again, a user
// whose row changed is never shown as before. What another instance changes shows within a second.
// The history and the anonymous visitor's user are cached the same way.

let t: TestApp;
let statements: string[] = [];
beforeAll(async () => {
  t = await createTestApp(relaxedRateLimits, { onStatement: (statement) => statements.push(statement) });
});
afterAll(() => t.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Calls /api/me until it has come from the cache: the first call fills it, the next one sends nothing. */
async function cached(cookie: string) {
  expect((await getMe(t.app, cookie)).statusCode).toBe(200);
  statements = [];
  const me = await getMe(t.app, cookie);
  expect(me.statusCode).toBe(200);
  return { me: me.json() as { id: number; freeQuestionsRemaining: number }, statements: [...statements] };
}

describe('the session cache', () => {
  it('answers a repeated call without reading the database', async () => {
    const { cookie } = await registerAccount(t.app, uniqueAccount('cached'));
    const first = await cached(cookie);
    expect(first.statements).toEqual([]);
  });

  it('ends a session at once on logout', async () => {
    const { cookie } = await registerAccount(t.app, uniqueAccount('leaving'));
    await cached(cookie);
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect((await getMe(t.app, cookie)).statusCode).toBe(401);
  });

  it('ends the other sessions at once when the password changes', async () => {
    const { account, cookie } = await registerAccount(t.app, uniqueAccount('changing'));
    const elsewhere = sessionCookie(await login(t.app, account.username, account.password));
    await cached(elsewhere);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/change-password',
      headers: { cookie },
      payload: { currentPassword: account.password, newPassword: 'a-brand-new-password-9' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await getMe(t.app, elsewhere)).statusCode).toBe(401);
    expect((await getMe(t.app, cookie)).statusCode).toBe(200);
  });

  it('takes the admin console away at once from an admin who is demoted', async () => {
    const chief = await signInAdmin(t.app, t.db);
    const deputy = await signInAdmin(t.app, t.db);
    expect((await adminCall(t.app, deputy.cookie, 'GET', '/api/admin/users')).statusCode).toBe(200);
    expect((await adminCall(t.app, deputy.cookie, 'GET', '/api/admin/users')).statusCode).toBe(200);
    const demoted = await adminCall(t.app, chief.cookie, 'POST', `/api/admin/users/${deputy.user.id}/toggle-admin`, {
      isAdmin: false,
    });
    expect(demoted.statusCode, demoted.body).toBe(200);
    expect((await adminCall(t.app, deputy.cookie, 'GET', '/api/admin/users')).statusCode).toBe(403);
    expect((await getMe(t.app, deputy.cookie)).json()).toMatchObject({ isAdmin: false });
  });

  it('ends an impersonation at once, for the cookie that carried it', async () => {
    const admin = await signInAdmin(t.app, t.db);
    const { user } = await registerAccount(t.app, uniqueAccount('visited'));
    const impersonation = sessionCookie(await adminCall(t.app, admin.cookie, 'POST', `/api/admin/login-as/${user.id}`));
    expect((await cached(impersonation)).me.id).toBe(user.id);
    const ended = await adminCall(t.app, impersonation, 'POST', '/api/admin/end-impersonation');
    expect(ended.statusCode, ended.body).toBe(200);
    expect((await getMe(t.app, impersonation)).statusCode).toBe(401);
    expect((await getMe(t.app, sessionCookie(ended))).json()).toMatchObject({ id: admin.user.id });
  });

  it('shows a change to the user at once, whoever made it in this instance', async () => {
    const { user, cookie } = await registerAccount(t.app, uniqueAccount('counted'));
    expect((await cached(cookie)).me.freeQuestionsRemaining).toBe(33);
    // A write that goes around every service (as a test, a script or a future writer might).
    await t.db.update(users).set({ freeQuestionsRemaining: 7 }).where(eq(users.id, user.id));
    expect((await getMe(t.app, cookie)).json()).toMatchObject({ freeQuestionsRemaining: 7 });
    const status = await t.app.inject({ method: 'POST', url: '/api/subscription-check', headers: { cookie } });
    expect(status.json()).toMatchObject({ freeQuestionsRemaining: 7 });
  });

  it('shows a change made by another instance within a second', async () => {
    const { user, cookie } = await registerAccount(t.app, uniqueAccount('remote'));
    await cached(cookie);
    await t.writeFromAnotherInstance('UPDATE users SET free_questions_remaining = 4 WHERE id = $1', [user.id]);
    await sleep(CACHED_READ_MAX_AGE_MS + 5);
    expect((await getMe(t.app, cookie)).json()).toMatchObject({ freeQuestionsRemaining: 4 });

    await cached(cookie);
    await t.writeFromAnotherInstance('DELETE FROM sessions WHERE user_id = $1', [user.id]);
    await sleep(CACHED_READ_MAX_AGE_MS + 5);
    expect((await getMe(t.app, cookie)).statusCode).toBe(401);
  });

  it('never keeps a read that ran while this instance was writing', async () => {
    const { user, cookie } = await registerAccount(t.app, uniqueAccount('racing'));
    await cached(cookie);
    // Reads of /api/me race a transaction that changes the user and commits later (on PostgreSQL
    // they read the row as it was; PGlite runs them after the commit): whatever they saw, the first
    // read after the commit shows the change.
    let reads: Promise<unknown>[] = [];
    await t.db.transaction(async (tx) => {
      await tx.update(users).set({ freeQuestionsRemaining: 2 }).where(eq(users.id, user.id));
      reads = Array.from({ length: 5 }, () => getMe(t.app, cookie));
      await sleep(50);
    });
    await Promise.all(reads);
    expect((await getMe(t.app, cookie)).json()).toMatchObject({ freeQuestionsRemaining: 2 });
  });
});

describe('the history and anonymous-visitor caches', () => {
  it('shows a question in the history at once, and a cleared history at once', async () => {
    const sessionId = 'cache-history-session-1';
    const { user, cookie } = await registerAccount(t.app, uniqueAccount('historian'), { sessionId });
    const history = () =>
      t.app.inject({ method: 'GET', url: `/api/history/${sessionId}`, headers: { cookie } }).then((r) => r.json());
    expect(await history()).toEqual([]);
    expect(await history()).toEqual([]);
    await t.db
      .insert(queries)
      .values({ userId: user.id, text: 'Is the cache fresh?', selectedModels: ['chatgpt'], chargedTo: 'free' });
    expect((await history()).map((q: { text: string }) => q.text)).toEqual(['Is the cache fresh?']);
    const cleared = await t.app.inject({ method: 'DELETE', url: `/api/history/${sessionId}`, headers: { cookie } });
    expect(cleared.statusCode).toBe(200);
    expect(await history()).toEqual([]);
  });

  it('finds an anonymous visitor at once once their first question has made them', async () => {
    const sessionId = 'cache-anonymous-session-1';
    const status = () =>
      t.app.inject({ method: 'GET', url: `/api/subscription-status-by-session/${sessionId}` }).then((r) => r.json());
    expect(await status()).toMatchObject({ userId: null });
    expect(await status()).toMatchObject({ userId: null });
    const made = await findOrCreateSessionUser(t.db, sessionId, 33);
    expect(await status()).toMatchObject({ userId: made.id, freeQuestionsRemaining: 33 });
  });
});
