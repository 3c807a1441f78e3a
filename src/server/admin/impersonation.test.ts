import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminServerMessages } from '../../common/admin-messages';
import { auditLog, emailLogs, sessions, users } from '../db/schema';
import { findOrCreateSessionUser } from '../users/repository';
import {
  getMe,
  registerAccount,
  relaxedRateLimits,
  sessionCookie,
  uniqueAccount,
} from '../../../tests/helpers/accounts';
import { adminCall, signInAdmin, type SignedInAdmin } from '../../../tests/helpers/admins';
import { useTestApp } from '../../../tests/helpers/test-app';

// 'Login As': the admin becomes the user in a new session that remembers them, the admin's own
// session ends, and ending the impersonation signs the admin back in. Both ends are audited.

const t = useTestApp(relaxedRateLimits);
let admin: SignedInAdmin;

beforeAll(async () => {
  admin = await signInAdmin(t.app, t.db);
});

async function loginAs(adminCookie: string, userId: number) {
  return adminCall(t.app, adminCookie, 'POST', `/api/admin/login-as/${userId}`);
}

describe('POST /api/admin/login-as/:id', () => {
  it('signs the browser in as the user, remembering the admin, and ends the admin session', async () => {
    const current = await signInAdmin(t.app, t.db);
    const { user } = await registerAccount(t.app, uniqueAccount('watched'));
    const res = await loginAs(current.cookie, user.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      originalAdminId: current.user.id,
      user: { id: user.id, impersonatedBy: current.user.id, isAdmin: false },
    });

    const impersonation = sessionCookie(res);
    const me = await getMe(t.app, impersonation);
    expect(me.json()).toMatchObject({ id: user.id, impersonatedBy: current.user.id });
    // The impersonated session is the user's: no admin powers come with it.
    expect((await adminCall(t.app, impersonation, 'GET', '/api/admin/users')).statusCode).toBe(403);
    // The admin's own cookie no longer works: one browser, one identity at a time.
    expect((await getMe(t.app, current.cookie)).statusCode).toBe(401);

    const [started] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'impersonation.start'), eq(auditLog.targetUserId, user.id)));
    expect(started).toMatchObject({ actorUserId: current.user.id });
  });

  it('never impersonates an administrator or an anonymous session', async () => {
    const other = await signInAdmin(t.app, t.db);
    const toAdmin = await loginAs(admin.cookie, other.user.id);
    expect(toAdmin.statusCode).toBe(403);
    expect(toAdmin.json().message).toBe(adminServerMessages.adminCannotBeImpersonated);

    const session = await findOrCreateSessionUser(t.db, 'impsession0001', 33);
    const toSession = await loginAs(admin.cookie, session.id);
    expect(toSession.statusCode).toBe(400);
    expect(toSession.json().message).toBe(adminServerMessages.sessionCannotBeImpersonated);
    // Refused attempts leave the admin signed in.
    expect((await getMe(t.app, admin.cookie)).json()).toMatchObject({ id: admin.user.id, impersonatedBy: null });
  });

  it('answers 404 for an unknown user', async () => {
    const res = await loginAs(admin.cookie, 987654);
    expect(res.statusCode).toBe(404);
  });
});

describe('POST /api/admin/end-impersonation', () => {
  it('returns the browser to the admin and ends the impersonated session', async () => {
    const current = await signInAdmin(t.app, t.db);
    const { user } = await registerAccount(t.app, uniqueAccount('visited'));
    const impersonation = sessionCookie(await loginAs(current.cookie, user.id));

    const res = await adminCall(t.app, impersonation, 'POST', '/api/admin/end-impersonation');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({ id: current.user.id, isAdmin: true, impersonatedBy: null });

    const back = sessionCookie(res);
    expect((await getMe(t.app, back)).json()).toMatchObject({ id: current.user.id, impersonatedBy: null });
    expect((await adminCall(t.app, back, 'GET', '/api/admin/users')).statusCode).toBe(200);
    expect((await getMe(t.app, impersonation)).statusCode).toBe(401);

    const [ended] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'impersonation.end'), eq(auditLog.targetUserId, user.id)));
    expect(ended).toMatchObject({ actorUserId: current.user.id });
  });

  it('does not hand admin powers back to someone whose admin role was removed meanwhile', async () => {
    const demoted = await signInAdmin(t.app, t.db);
    const { user } = await registerAccount(t.app, uniqueAccount('target'));
    const impersonation = sessionCookie(await loginAs(demoted.cookie, user.id));
    // Demoted around the app (SQL by hand): the impersonation is over with the role.
    await t.db.update(users).set({ role: 'user', isAdmin: false }).where(eq(users.id, demoted.user.id));

    const res = await adminCall(t.app, impersonation, 'POST', '/api/admin/end-impersonation');
    expect(res.statusCode).toBe(401);
    // No new session was made for the former admin.
    expect((await getMe(t.app, impersonation)).statusCode).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, demoted.user.id))).toEqual([]);
  });
});

describe('an impersonation never becomes a way into admin powers', () => {
  it('lasts two hours at most and is not renewed', async () => {
    const current = await signInAdmin(t.app, t.db);
    const { user } = await registerAccount(t.app, uniqueAccount('brief'));
    await loginAs(current.cookie, user.id);
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, user.id), eq(sessions.impersonatorId, current.user.id)));
    const left = row!.expiresAt.getTime() - Date.now();
    expect(left).toBeGreaterThan(119 * 60_000);
    expect(left).toBeLessThanOrEqual(120 * 60_000);
  });

  it('gets no admin calls even if the impersonated account is made an admin behind its back', async () => {
    const current = await signInAdmin(t.app, t.db);
    const { user } = await registerAccount(t.app, uniqueAccount('climber'));
    const impersonation = sessionCookie(await loginAs(current.cookie, user.id));
    await t.db.update(users).set({ role: 'admin', isAdmin: true }).where(eq(users.id, user.id));
    expect((await adminCall(t.app, impersonation, 'GET', '/api/admin/users')).statusCode).toBe(403);
  });

  it('ends when another admin makes the impersonated user an admin', async () => {
    const current = await signInAdmin(t.app, t.db);
    const { user } = await registerAccount(t.app, uniqueAccount('promotee'));
    const impersonation = sessionCookie(await loginAs(current.cookie, user.id));
    const promoted = await adminCall(t.app, admin.cookie, 'POST', `/api/admin/users/${user.id}/toggle-admin`, {
      isAdmin: true,
    });
    expect(promoted.statusCode).toBe(200);
    expect((await getMe(t.app, impersonation)).statusCode).toBe(401);
  });

  it("ends when the administrator's password is reset", async () => {
    const current = await signInAdmin(t.app, t.db);
    const { user } = await registerAccount(t.app, uniqueAccount('observed'));
    const impersonation = sessionCookie(await loginAs(current.cookie, user.id));
    await t.app.services.auth.sendPasswordReset(
      (await t.db.select().from(users).where(eq(users.id, current.user.id)))[0]!,
    );
    await t.app.background.drain();
    const [mail] = await t.db
      .select()
      .from(emailLogs)
      .where(and(eq(emailLogs.to, current.account.email), eq(emailLogs.kind, 'reset_password')));
    const token = /token=([\w-]+)/.exec(mail!.body!)![1]!;
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/reset-password',
      payload: { token, password: 'fresh-pass-2' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await getMe(t.app, impersonation)).statusCode).toBe(401);
    expect((await adminCall(t.app, impersonation, 'POST', '/api/admin/end-impersonation')).statusCode).toBe(401);
  });
});

describe("an administrator's impersonations end with their admin role", () => {
  async function impersonating() {
    const impersonator = await signInAdmin(t.app, t.db);
    const { user } = await registerAccount(t.app, uniqueAccount('actedas'));
    const cookie = sessionCookie(await loginAs(impersonator.cookie, user.id));
    // Read once, so the session cache holds it: the removal must not be hidden behind it.
    expect((await getMe(t.app, cookie)).json()).toMatchObject({ id: user.id, impersonatedBy: impersonator.user.id });
    return { impersonator, user, cookie };
  }

  const endRows = (userId: number) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'impersonation.end'), eq(auditLog.targetUserId, userId)));

  it('ends at once, audited, when another administrator removes their admin role', async () => {
    const { impersonator, user, cookie } = await impersonating();
    const demoted = await adminCall(
      t.app,
      admin.cookie,
      'POST',
      `/api/admin/users/${impersonator.user.id}/toggle-admin`,
      {
        isAdmin: false,
      },
    );
    expect(demoted.statusCode, demoted.body).toBe(200);

    expect((await getMe(t.app, cookie)).statusCode).toBe(401);
    const changed = await adminCall(t.app, cookie, 'PUT', '/api/profile/leaderboard', { contributes: false });
    expect(changed.statusCode).toBe(401);
    expect(await endRows(user.id)).toEqual([
      expect.objectContaining({
        actorUserId: impersonator.user.id,
        details: { reason: 'admin_role_removed', impersonatorId: impersonator.user.id, endedBy: admin.user.id },
      }),
    ]);
  });

  it("ends when the administrator is removed from the console's Administrators list", async () => {
    const { impersonator, user, cookie } = await impersonating();
    const removed = await adminCall(t.app, admin.cookie, 'DELETE', `/api/admin/admin-users/${impersonator.user.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await getMe(t.app, cookie)).statusCode).toBe(401);
    expect(await endRows(user.id)).toHaveLength(1);
  });

  it("ends, audited, when the administrator's account is deleted", async () => {
    const { impersonator, user, cookie } = await impersonating();
    const deleted = await adminCall(t.app, admin.cookie, 'DELETE', `/api/admin/users/${impersonator.user.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await getMe(t.app, cookie)).statusCode).toBe(401);
    expect(await endRows(user.id)).toEqual([
      expect.objectContaining({
        actorUserId: null,
        details: { reason: 'account_deleted', impersonatorId: impersonator.user.id, endedBy: admin.user.id },
      }),
    ]);
  });
});
