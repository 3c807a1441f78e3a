import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMessages } from '../../common/messages';
import { testToolsMessages } from '../../common/test-tools-messages';
import { auditLog, users } from '../db/schema';
import { startFakeStripe, type FakeStripe } from '../../../tests/fakes/stripe';
import { getMe, registerAccount, relaxedRateLimits, uniqueAccount } from '../../../tests/helpers/accounts';
import { signInAdmin } from '../../../tests/helpers/admins';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { deliverWebhooksTo, fakeStripeEnv } from '../../../tests/helpers/fake-stripe-app';

// POST /api/reset-user, the /test-tools reset (issue item 4, decision 0021): only in payment test
// mode, only the caller's own account, a few times an hour, and never leaving a subscription billing
// at Stripe that the account forgets.

const WEBHOOK_SECRET = 'whsec_test_reset';
const reset = (t: TestApp, cookie?: string, payload?: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/reset-user',
    headers: cookie === undefined ? {} : { cookie },
    ...(payload !== undefined && { payload }),
  });
const userRow = async (t: TestApp, id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;
const useUp = (t: TestApp, id: number) => t.db.update(users).set({ freeQuestionsRemaining: 0 }).where(eq(users.id, id));

describe('outside payment test mode', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  it.each([
    ['live mode', { STRIPE_MODE: 'live', STRIPE_SECRET_KEY: 'sk_live_parallax', STRIPE_PUBLISHABLE_KEY: 'pk_live_x' }],
    ['live keys without a mode', { STRIPE_SECRET_KEY: 'sk_live_parallax' }],
    ['payments not set up', {}],
  ] as const)('answers the ordinary 404 in %s, to users and admins alike, and resets nothing', async (_name, env) => {
    const t = await createTestApp({ ...relaxedRateLimits, ...env });
    apps.push(t);
    const { cookie, user } = await registerAccount(t.app, uniqueAccount('live'));
    await useUp(t, user.id);
    const admin = await signInAdmin(t.app, t.db);
    for (const caller of [undefined, cookie, admin.cookie]) {
      for (const body of [undefined, { userId: user.id }]) {
        const res = await reset(t, caller, body);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: serverMessages.notFound });
      }
    }
    expect((await userRow(t, user.id)).freeQuestionsRemaining).toBe(0);
  });
});

describe('in payment test mode', () => {
  let stripe: FakeStripe;
  let t: TestApp;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await createTestApp({
      ...relaxedRateLimits,
      ...fakeStripeEnv(stripe, WEBHOOK_SECRET),
    });
    await deliverWebhooksTo(stripe, t.app, WEBHOOK_SECRET);
  });
  afterAll(async () => {
    await t.close();
    await stripe.stop();
  });

  async function subscribe(cookie: string, planId = 'basic') {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/create-subscription',
      headers: { cookie },
      payload: { planId },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { subscriptionId: string }).subscriptionId;
  }

  it('needs a signed-in caller', async () => {
    const res = await reset(t);
    expect(res.statusCode).toBe(401);
  });

  it("gives the caller's own account a fresh free allowance", async () => {
    const { cookie, user } = await registerAccount(t.app, uniqueAccount('tester'));
    await useUp(t, user.id);
    const res = await reset(t, cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: `Account ${user.username} has been reset.`,
      cancelledSubscriptions: [],
    });
    expect((await getMe(t.app, cookie)).json()).toMatchObject({ freeQuestionsRemaining: 33, subscriptionTier: 'free' });
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.targetUserId, user.id));
    expect(audit).toMatchObject({ action: 'user.reset', actorUserId: user.id });
  });

  it('refuses to reset anyone else, an admin included, and changes nothing', async () => {
    const other = await registerAccount(t.app, uniqueAccount('other'));
    await useUp(t, other.user.id);
    const { cookie } = await registerAccount(t.app, uniqueAccount('meddler'));
    const admin = await signInAdmin(t.app, t.db);
    for (const caller of [cookie, admin.cookie]) {
      const res = await reset(t, caller, { userId: other.user.id });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(testToolsMessages.ownAccountOnly);
    }
    expect((await userRow(t, other.user.id)).freeQuestionsRemaining).toBe(0);
  });

  it('allows 3 resets an hour per account, then 429 with the wait', async () => {
    const { cookie, user } = await registerAccount(t.app, uniqueAccount('again'));
    for (let i = 0; i < 3; i++) expect((await reset(t, cookie)).statusCode).toBe(200);
    await useUp(t, user.id);
    const limited = await reset(t, cookie);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('Too many attempts. Please wait 60 minutes and try again.');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await userRow(t, user.id)).freeQuestionsRemaining).toBe(0);
    // Another account has its own count.
    const second = await registerAccount(t.app, uniqueAccount('again'));
    expect((await reset(t, second.cookie)).statusCode).toBe(200);
  });

  it('cancels the paid subscription at Stripe before forgetting it, so nothing bills any more', async () => {
    const { cookie, user } = await registerAccount(t.app, uniqueAccount('payer'));
    const subscriptionId = await subscribe(cookie);
    stripe.payInvoice(subscriptionId);
    await stripe.settled();
    expect((await userRow(t, user.id)).subscriptionStatus).toBe('active');

    const res = await reset(t, cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: `Account ${user.username} has been reset, and its subscription was cancelled at Stripe.`,
      cancelledSubscriptions: [subscriptionId],
    });
    expect(stripe.state.subscriptions.get(subscriptionId)?.status).toBe('canceled');
    // Stripe's cancellation webhook arrives after the reset and does not bring the plan back.
    await stripe.settled();
    expect(await userRow(t, user.id)).toMatchObject({
      stripeSubscriptionId: null,
      subscriptionStatus: null,
      subscriptionTier: 'free',
      paidQuestionsRemaining: 0,
      freeQuestionsRemaining: 33,
    });
  });

  it('also cancels checkout attempts the customer left open at Stripe', async () => {
    const { cookie, user } = await registerAccount(t.app, uniqueAccount('attempt'));
    const attempt = await subscribe(cookie, 'standard');
    expect(stripe.state.subscriptions.get(attempt)?.status).toBe('incomplete');
    const res = await reset(t, cookie);
    expect(res.json().cancelledSubscriptions).toEqual([attempt]);
    expect(stripe.state.subscriptions.get(attempt)?.status).toBe('canceled');
    await stripe.settled();
    expect((await userRow(t, user.id)).stripeSubscriptionId).toBeNull();
  });
});
