import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../db/schema';
import { startFakeAiVendors, type FakeAiVendors } from '../../../tests/fakes/ai-vendors';
import { registerAccount, relaxedRateLimits, sessionCookie, uniqueAccount } from '../../../tests/helpers/accounts';
import { adminCall, signInAdmin } from '../../../tests/helpers/admins';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

// What an administrator does as a user is audited as theirs (issue 32, item 6): every state-changing
// call of an impersonation, whichever route, with both ids, the route and the answer's status.

let vendors: FakeAiVendors;
let t: TestApp;

beforeAll(async () => {
  vendors = await startFakeAiVendors();
  t = await createTestApp({ ...relaxedRateLimits, ...vendors.env, JUDGE_MODEL: 'local' });
});
afterAll(async () => {
  await t.close();
  await vendors.stop();
});

const actionsOn = (userId: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'impersonation.action'), eq(auditLog.targetUserId, userId)))
    .orderBy(auditLog.id);

async function verifiedUser(prefix: string) {
  const registered = await registerAccount(t.app, uniqueAccount(prefix));
  await t.db.update(users).set({ emailVerified: true }).where(eq(users.id, registered.user.id));
  return registered;
}

function ask(cookie: string, url = '/api/query') {
  return adminCall(t.app, cookie, 'POST', url, {
    text: 'Which is larger, 7 or 9?',
    selectedModels: ['chatgpt'],
  });
}

describe('an impersonating administrator', () => {
  it('is the actor of every change made as the user, the user its target, with the route and the status', async () => {
    const admin = await signInAdmin(t.app, t.db);
    const { user } = await verifiedUser('actedupon');
    const started = await adminCall(t.app, admin.cookie, 'POST', `/api/admin/login-as/${user.id}`);
    expect(started.statusCode, started.body).toBe(200);
    const cookie = sessionCookie(started);

    const asked = await ask(cookie);
    expect(asked.statusCode, asked.body).toBe(200);
    // A streamed answer goes around Fastify's reply (hijacked): it is recorded when it ends.
    const streamed = await ask(cookie, '/api/query/stream');
    expect(streamed.statusCode, streamed.body).toBe(200);
    expect(streamed.headers['content-type']).toContain('text/event-stream');
    const switched = await adminCall(t.app, cookie, 'PUT', '/api/profile/leaderboard', { contributes: false });
    expect(switched.statusCode, switched.body).toBe(200);
    const refused = await adminCall(t.app, cookie, 'PUT', '/api/profile/leaderboard', { contributes: 'no' });
    expect(refused.statusCode).toBe(400);
    // Reads are not actions.
    expect((await adminCall(t.app, cookie, 'GET', '/api/me')).statusCode).toBe(200);
    const ended = await adminCall(t.app, cookie, 'POST', '/api/admin/end-impersonation');
    expect(ended.statusCode, ended.body).toBe(200);
    await t.app.background.drain();

    const rows = await actionsOn(user.id);
    expect(rows.map((row) => [row.actorUserId, row.targetUserId, row.details])).toEqual([
      [admin.user.id, user.id, { method: 'POST', route: '/api/query', path: '/api/query', status: 200 }],
      [admin.user.id, user.id, { method: 'POST', route: '/api/query/stream', path: '/api/query/stream', status: 200 }],
      [
        admin.user.id,
        user.id,
        { method: 'PUT', route: '/api/profile/leaderboard', path: '/api/profile/leaderboard', status: 200 },
      ],
      [
        admin.user.id,
        user.id,
        { method: 'PUT', route: '/api/profile/leaderboard', path: '/api/profile/leaderboard', status: 400 },
      ],
      [
        admin.user.id,
        user.id,
        { method: 'POST', route: '/api/admin/end-impersonation', path: '/api/admin/end-impersonation', status: 200 },
      ],
    ]);
    expect(rows.every((row) => row.ipAddress)).toBe(true);

    // Back in their own session, the administrator's calls are not impersonated ones.
    await adminCall(t.app, sessionCookie(ended), 'POST', `/api/admin/users/${user.id}/reset-password`);
    expect(await actionsOn(user.id)).toHaveLength(5);
  }, 120_000);

  it("leaves a user's own changes out of it", async () => {
    const { user, cookie } = await verifiedUser('ownacts');
    expect((await ask(cookie)).statusCode).toBe(200);
    expect((await adminCall(t.app, cookie, 'PUT', '/api/profile/leaderboard', { contributes: false })).statusCode).toBe(
      200,
    );
    await t.app.background.drain();
    expect(await actionsOn(user.id)).toEqual([]);
    const anyone = await t.db.select().from(auditLog).where(eq(auditLog.actorUserId, user.id));
    expect(anyone).toEqual([]);
  }, 120_000);
});
