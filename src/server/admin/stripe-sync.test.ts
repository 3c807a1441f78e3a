import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminServerMessages } from '../../common/admin-messages';
import { adminJobMessages } from '../../common/admin-job-messages';
import type { SyncJob } from '../../common/admin-job-schemas';
import { auditLog, payments, users } from '../db/schema';
import { FAKE_STRIPE_KEY, startFakeStripe, type FakeStripe } from '../../../tests/fakes/stripe';
import { registerAccount, relaxedRateLimits, uniqueAccount } from '../../../tests/helpers/accounts';
import { adminCall, signInAdmin, type SignedInAdmin } from '../../../tests/helpers/admins';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { syncEnded } from './stripe-sync-test-support';

// 'Sync with Stripe' and deleting a paying user, against the stateful fake Stripe. No webhook
// endpoint is set, so the app hears of payments only when it asks: exactly the case sync is for.

let stripe: FakeStripe;
let t: TestApp;
let admin: SignedInAdmin;

beforeAll(async () => {
  stripe = await startFakeStripe();
  const prices = stripe.seedPlans();
  t = await createTestApp({
    ...relaxedRateLimits,
    STRIPE_MODE: 'test',
    STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
    STRIPE_PUBLISHABLE_KEY: 'pk_test_parallax',
    STRIPE_WEBHOOK_SECRET: 'whsec_test_sync',
    STRIPE_API_BASE: stripe.address.url,
    STRIPE_PRICE_BASIC: prices.basic!,
    STRIPE_PRICE_STANDARD: prices.standard!,
  });
  admin = await signInAdmin(t.app, t.db);
});
afterAll(async () => {
  await t.close();
  await stripe.stop();
});
beforeEach(async () => {
  // Each test counts only its own customers.
  await t.db.update(users).set({ stripeCustomerId: null, stripeSubscriptionId: null });
});

const userRow = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;

/** A user who paid for `planId` at Stripe while the app was not told. */
async function paidSilently(planId: string) {
  const { cookie, user } = await registerAccount(t.app, uniqueAccount('payer'));
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/stripe/create-subscription',
    payload: { planId },
    headers: { cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  const { subscriptionId } = res.json() as { subscriptionId: string };
  stripe.payInvoice(subscriptionId);
  return { user, subscriptionId };
}

/** Starts a sync as the console does (202 and the job at once), then follows it until it ends. */
const sync = async () => {
  const res = await adminCall(t.app, admin.cookie, 'POST', '/api/admin/sync-stripe-subscriptions');
  expect(res.statusCode, res.body).toBe(202);
  const started = res.json() as SyncJob;
  const job = await syncEnded(t.app, admin.cookie, started.id);
  expect(job.status, job.error ?? '').toBe('succeeded');
  return job;
};

/** The spec's sync result (docs/product.md, "Admin calls"), as the job reports it. */
const resultOf = ({ processed, syncedCount, updatedCount, errors }: SyncJob) => ({
  processed,
  syncedCount,
  updatedCount,
  errors,
});

describe('POST /api/admin/sync-stripe-subscriptions', () => {
  it('brings every customer up to date with Stripe, the paid allowance included', async () => {
    const first = await paidSilently('basic');
    const second = await paidSilently('standard');
    expect((await userRow(first.user.id)).subscriptionStatus).not.toBe('active');

    const result = await sync();
    expect(resultOf(result)).toEqual({ processed: 2, syncedCount: 2, updatedCount: 2, errors: [] });
    expect(result).toMatchObject({ total: 2, unchangedCount: 0, failedCount: 0, requestedBy: admin.user.id });
    expect(await userRow(first.user.id)).toMatchObject({
      subscriptionStatus: 'active',
      subscriptionTier: 'basic',
      paidQuestionsRemaining: 333,
      stripeSubscriptionId: first.subscriptionId,
    });
    expect(await userRow(second.user.id)).toMatchObject({ subscriptionTier: 'standard', paidQuestionsRemaining: 2001 });
    const recorded = await t.db.select().from(payments).where(eq(payments.userId, first.user.id));
    expect(recorded).toMatchObject([{ amount: 499, status: 'succeeded' }]);

    // A second sync finds nothing new, and grants nothing twice.
    await t.db.update(users).set({ paidQuestionsRemaining: 100 }).where(eq(users.id, first.user.id));
    expect(resultOf(await sync())).toEqual({ processed: 2, syncedCount: 2, updatedCount: 0, errors: [] });
    expect((await userRow(first.user.id)).paidQuestionsRemaining).toBe(100);
  });

  it('reports a customer Stripe does not know, and goes on with the others', async () => {
    const good = await paidSilently('basic');
    const { user: ghost } = await registerAccount(t.app, uniqueAccount('ghost'));
    await t.db
      .update(users)
      .set({ stripeCustomerId: 'cus_missing', stripeSubscriptionId: 'sub_missing' })
      .where(eq(users.id, ghost.id));

    const result = await sync();
    expect(result.processed).toBe(2);
    expect(result.syncedCount).toBe(1);
    expect(result.errors).toHaveLength(1);
    expect(result.failedCount).toBe(1);
    expect(result.errors[0]).toContain(`User #${ghost.id}`);
    expect((await userRow(good.user.id)).subscriptionStatus).toBe('active');
  });

  it('answers 503 when payments are not configured, and queues nothing', async () => {
    const bare = await createTestApp(relaxedRateLimits);
    try {
      const owner = await signInAdmin(bare.app, bare.db);
      const res = await adminCall(bare.app, owner.cookie, 'POST', '/api/admin/sync-stripe-subscriptions');
      expect(res.statusCode).toBe(503);
      const latest = await adminCall(bare.app, owner.cookie, 'GET', '/api/admin/sync-stripe-subscriptions/latest');
      expect(latest.json()).toEqual({ job: null });
    } finally {
      await bare.close();
    }
  });

  it('shows the latest sync, answers 404 for an unknown one, and audits who started it', async () => {
    const done = await sync();
    const latest = await adminCall(t.app, admin.cookie, 'GET', '/api/admin/sync-stripe-subscriptions/latest');
    expect(latest.json()).toEqual({ job: done });
    const missing = await adminCall(t.app, admin.cookie, 'GET', '/api/admin/sync-stripe-subscriptions/987654');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(adminJobMessages.syncJobNotFound);
    const audited = await t.db.select().from(auditLog).where(eq(auditLog.action, 'admin.stripe_sync'));
    expect(audited.at(-1)).toMatchObject({ actorUserId: admin.user.id, details: { jobId: done.id } });
  });
});

describe('deleting a paying user', () => {
  it('cancels their subscription at Stripe first, so a deleted account is never billed again', async () => {
    const { user, subscriptionId } = await paidSilently('basic');
    await sync();
    const res = await adminCall(t.app, admin.cookie, 'DELETE', `/api/admin/users/${user.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const fromStripe = stripe.requests.filter(
      (r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${subscriptionId}`,
    );
    expect(fromStripe).toHaveLength(1);
    expect(await t.db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
  });

  it("asks Stripe, not the user's local status, whether the subscription still bills", async () => {
    const { user, subscriptionId } = await paidSilently('basic');
    await sync();
    // An admin marked the user cancelled by hand; Stripe still bills them.
    await t.db.update(users).set({ subscriptionStatus: 'cancelled' }).where(eq(users.id, user.id));
    const res = await adminCall(t.app, admin.cookie, 'DELETE', `/api/admin/users/${user.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const cancels = stripe.requests.filter(
      (r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${subscriptionId}`,
    );
    expect(cancels).toHaveLength(1);
  });

  it('keeps the account when Stripe cannot cancel the subscription', async () => {
    const { user } = await registerAccount(t.app, uniqueAccount('stuck'));
    await t.db
      .update(users)
      .set({ stripeCustomerId: 'cus_x', stripeSubscriptionId: 'sub_x', subscriptionStatus: 'active' })
      .where(eq(users.id, user.id));
    await stripe.stop();
    try {
      const res = await adminCall(t.app, admin.cookie, 'DELETE', `/api/admin/users/${user.id}`);
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toBe(adminServerMessages.subscriptionCancelFailed);
      expect(await t.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(1);
    } finally {
      await stripe.start();
    }
  });
});
