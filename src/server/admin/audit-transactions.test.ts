import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { allowanceLedger, auditLog, sessions, subscriptionPlans, users } from '../db/schema';
import {
  getMe,
  registerAccount,
  relaxedRateLimits,
  sessionCookie,
  uniqueAccount,
} from '../../../tests/helpers/accounts';
import { adminCall, signInAdmin } from '../../../tests/helpers/admins';
import { useTestApp } from '../../../tests/helpers/test-app';

// An administrator's change and its audit row are one transaction (docs/architecture.md, "Admin
// console"): impersonation start and end, a change of a user's plan or allowance, a change of a plan.
// The database itself refuses one of the two writes here (a CHECK constraint added for the test, as
// queries/charging.test.ts does), and then neither may be left.

const t = useTestApp(relaxedRateLimits);

/** Makes `table` refuse rows for which `check` is false, for the duration of `run`. */
async function withDatabaseRefusing<T>(table: string, check: string, run: () => Promise<T>): Promise<T> {
  await t.db.execute(sql.raw(`ALTER TABLE ${table} ADD CONSTRAINT refused_in_test CHECK (${check}) NOT VALID`));
  try {
    return await run();
  } finally {
    await t.db.execute(sql.raw(`ALTER TABLE ${table} DROP CONSTRAINT refused_in_test`));
  }
}

const audited = async (action: string, targetUserId: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetUserId, targetUserId)));

async function setting() {
  const admin = await signInAdmin(t.app, t.db);
  const { user } = await registerAccount(t.app, uniqueAccount('audited'));
  return { admin, user };
}

const loginAs = (cookie: string, id: number) => adminCall(t.app, cookie, 'POST', `/api/admin/login-as/${id}`);

describe('impersonation and its audit rows', () => {
  it('does not start when its audit row cannot be written', async () => {
    const { admin, user } = await setting();
    const res = await withDatabaseRefusing('audit_log', "action <> 'impersonation.start'", () =>
      loginAs(admin.cookie, user.id),
    );
    expect(res.statusCode).toBe(500);
    expect(res.headers['set-cookie']).toBeUndefined();
    // No impersonating session, and the admin's own session was not ended.
    const impersonating = await t.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, user.id), isNotNull(sessions.impersonatorId)));
    expect(impersonating).toEqual([]);
    expect((await getMe(t.app, admin.cookie)).json()).toMatchObject({ id: admin.user.id, impersonatedBy: null });
  });

  it('writes no audit row when the impersonating session cannot be made', async () => {
    const { admin, user } = await setting();
    const res = await withDatabaseRefusing('sessions', 'impersonator_id is null', () => loginAs(admin.cookie, user.id));
    expect(res.statusCode).toBe(500);
    expect(await audited('impersonation.start', user.id)).toEqual([]);
    expect((await getMe(t.app, admin.cookie)).statusCode).toBe(200);
  });

  it('does not end when its audit row cannot be written', async () => {
    const { admin, user } = await setting();
    const impersonation = sessionCookie(await loginAs(admin.cookie, user.id));
    const res = await withDatabaseRefusing('audit_log', "action <> 'impersonation.end'", () =>
      adminCall(t.app, impersonation, 'POST', '/api/admin/end-impersonation'),
    );
    expect(res.statusCode).toBe(500);
    expect((await getMe(t.app, impersonation)).json()).toMatchObject({ id: user.id, impersonatedBy: admin.user.id });
    // Tried again once the database takes audit rows, it ends, recorded once.
    const ended = await adminCall(t.app, impersonation, 'POST', '/api/admin/end-impersonation');
    expect(ended.statusCode, ended.body).toBe(200);
    expect(await audited('impersonation.end', user.id)).toHaveLength(1);
  });

  it('writes no end row when the administrator cannot be signed back in', async () => {
    const { admin, user } = await setting();
    const impersonation = sessionCookie(await loginAs(admin.cookie, user.id));
    // Only impersonating sessions may be made: the admin's new one is refused.
    const res = await withDatabaseRefusing('sessions', 'impersonator_id is not null', () =>
      adminCall(t.app, impersonation, 'POST', '/api/admin/end-impersonation'),
    );
    expect(res.statusCode).toBe(500);
    expect(await audited('impersonation.end', user.id)).toEqual([]);
    expect((await getMe(t.app, impersonation)).statusCode).toBe(200);
  });
});

describe("a change of a user's plan or allowance and its audit row", () => {
  const change = { subscriptionStatus: 'active', subscriptionTier: 'standard', paidQuestionsRemaining: 4242 };

  it('is not made when its audit row cannot be written', async () => {
    const { admin, user } = await setting();
    const res = await withDatabaseRefusing('audit_log', "action <> 'admin.user_update'", () =>
      adminCall(t.app, admin.cookie, 'PUT', `/api/admin/users/${user.id}`, change),
    );
    expect(res.statusCode).toBe(500);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ subscriptionTier: 'free', paidQuestionsRemaining: 0 });
    expect(row!.subscriptionStatus).not.toBe('active');
    const ledger = await t.db
      .select()
      .from(allowanceLedger)
      .where(and(eq(allowanceLedger.userId, user.id), eq(allowanceLedger.bucket, 'paid')));
    expect(ledger).toEqual([]);
  });

  it('leaves no audit row when the change itself is refused', async () => {
    const { admin, user } = await setting();
    const res = await withDatabaseRefusing('users', "subscription_tier <> 'standard'", () =>
      adminCall(t.app, admin.cookie, 'PUT', `/api/admin/users/${user.id}`, change),
    );
    expect(res.statusCode).toBe(500);
    expect(await audited('admin.user_update', user.id)).toEqual([]);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ subscriptionTier: 'free', paidQuestionsRemaining: 0 });
  });
});

describe('a change of a subscription plan and its audit row', () => {
  const planAudits = async (action: string, planId: string) =>
    (await t.db.select().from(auditLog).where(eq(auditLog.action, action))).filter(
      (row) => (row.details as { planId?: string } | null)?.planId === planId,
    );

  it('is not made when its audit row cannot be written', async () => {
    const admin = await signInAdmin(t.app, t.db);
    const updated = await withDatabaseRefusing('audit_log', "action <> 'admin.plan_update'", () =>
      adminCall(t.app, admin.cookie, 'PUT', '/api/admin/subscription-plans/basic', { displayName: 'Renamed' }),
    );
    expect(updated.statusCode).toBe(500);
    const [basic] = await t.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, 'basic'));
    expect(basic!.displayName).not.toBe('Renamed');

    const plan = { name: 'audited-plan', displayName: 'Audited', price: 100, limits: { queries: 5 } };
    const created = await withDatabaseRefusing('audit_log', "action <> 'admin.plan_create'", () =>
      adminCall(t.app, admin.cookie, 'POST', '/api/admin/subscription-plans', plan),
    );
    expect(created.statusCode).toBe(500);
    expect(await t.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, 'audited-plan'))).toEqual([]);
  });

  it('leaves no audit row when the change itself is refused', async () => {
    const admin = await signInAdmin(t.app, t.db);
    const res = await withDatabaseRefusing('subscription_plans', "display_name <> 'Refused'", () =>
      adminCall(t.app, admin.cookie, 'PUT', '/api/admin/subscription-plans/standard', { displayName: 'Refused' }),
    );
    expect(res.statusCode).toBe(500);
    expect(await planAudits('admin.plan_update', 'standard')).toEqual([]);

    // Both succeed together once nothing refuses.
    const ok = await adminCall(t.app, admin.cookie, 'PUT', '/api/admin/subscription-plans/standard', {
      displayName: 'Standard Plus',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await planAudits('admin.plan_update', 'standard')).toHaveLength(1);
  });
});
