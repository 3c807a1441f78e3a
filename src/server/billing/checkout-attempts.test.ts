import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AbandonedCheckout } from '../../common/admin-billing-schemas';
import { billingMessages } from '../../common/billing-messages';
import { subscriptionEvents, users } from '../db/schema';
import { FAKE_STRIPE_KEY, startFakeStripe, type FakeStripe } from '../../../tests/fakes/stripe';
import { getMe, registerAccount, relaxedRateLimits, uniqueAccount } from '../../../tests/helpers/accounts';
import { adminCall, signInAdmin, type SignedInAdmin } from '../../../tests/helpers/admins';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { deliverWebhooksTo, fakeStripeEnv } from '../../../tests/helpers/fake-stripe-app';

// Checkout attempts: the incomplete subscription that opening /checkout/:plan creates at Stripe
// before anything is paid. It is never the user's plan, a user has at most one, repeat visits reuse
// it, and the abandoned ones reach the admin console. Real routes, the real stripe SDK, the fake
// Stripe delivering signed webhooks over HTTP.

const WEBHOOK_SECRET = 'whsec_test_attempts';
const HOUR = 60 * 60 * 1000;
let fake: FakeStripe;
let t: TestApp;
let admin: SignedInAdmin;
let webhookUrl: string;
/** The test's own view of Stripe, for what the app must not be asked to do. */
let stripe: Stripe;

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp({
    ...relaxedRateLimits,
    ...fakeStripeEnv(fake, WEBHOOK_SECRET),
  });
  webhookUrl = await deliverWebhooksTo(fake, t.app, WEBHOOK_SECRET);
  const { host, port, protocol } = fake.address;
  stripe = new Stripe(FAKE_STRIPE_KEY, { host, port, protocol, maxNetworkRetries: 0 });
  admin = await signInAdmin(t.app, t.db);
});
afterAll(async () => {
  await t?.close();
  await fake?.stop();
});
afterEach(() => {
  vi.useRealTimers();
});

const as = (cookie: string) => ({ headers: { cookie } });
const userRow = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;

function openCheckout(cookie: string, planId: string) {
  return t.app.inject({ method: 'POST', url: '/api/stripe/create-subscription', payload: { planId }, ...as(cookie) });
}

async function visitCheckout(cookie: string, planId: string) {
  const res = await openCheckout(cookie, planId);
  expect(res.statusCode, res.body).toBe(200);
  await fake.settled();
  return res.json() as { clientSecret: string; subscriptionId: string };
}

/** The fake's HTTP test controls, as an e2e run drives them. */
async function control(path: string, body: object = {}) {
  const res = await fetch(`${fake.address.url}/__fake/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  await fake.settled();
  return (await res.json()) as Stripe.Subscription;
}

/** Every subscription the customer has at Stripe, ended ones included. */
async function subscriptionsAtStripe(customer: string) {
  return (await stripe.subscriptions.list({ customer, status: 'all', limit: 100 })).data;
}

const billingSubscription = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/billing/subscription?t=1', ...as(cookie) })).json();

const FREE = {
  subscriptionStatus: null,
  subscriptionTier: 'free',
  stripeSubscriptionId: null,
  paidQuestionsRemaining: 0,
};

describe('an unpaid checkout attempt', () => {
  it('is not the user plan: Billing has none, /api/me and the status calls say free', async () => {
    const { cookie, user } = await registerAccount(t.app, uniqueAccount('browser'));
    const attempt = await visitCheckout(cookie, 'basic');
    // The app has heard of the attempt from Stripe, as it would in production.
    const created = fake.deliveries.filter(
      (d) => d.type === 'customer.subscription.created' && d.eventId && d.status === 200,
    );
    expect(created.length).toBeGreaterThan(0);
    expect((await subscriptionsAtStripe((await userRow(user.id)).stripeCustomerId!))[0]).toMatchObject({
      id: attempt.subscriptionId,
      status: 'incomplete',
    });

    expect(await billingSubscription(cookie)).toBeNull();
    expect((await getMe(t.app, cookie)).json()).toMatchObject(FREE);
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/subscription-status-by-session/browser-session-1?forceRefresh=true',
      ...as(cookie),
    });
    expect(status.json()).toMatchObject({ hasActiveSubscription: false, ...FREE });
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/stripe/refresh-subscription', ...as(cookie) });
    expect(refreshed.json()).toMatchObject({ refreshed: false, hasSubscription: false });
    expect((await getMe(t.app, cookie)).json()).toMatchObject(FREE);
    // The admin's event list still learns that an attempt was made.
    const events = await t.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.userId, user.id));
    expect(events).toContainEqual(
      expect.objectContaining({
        stripeSubscriptionId: attempt.subscriptionId,
        newStatus: 'incomplete',
        newTier: 'free',
      }),
    );
  });

  it("leaves a subscriber's live plan alone when another subscription of theirs starts unpaid at Stripe", async () => {
    const { cookie, user } = await registerAccount(t.app, uniqueAccount('subscriber'));
    const live = await visitCheckout(cookie, 'basic');
    fake.payInvoice(live.subscriptionId);
    await fake.settled();
    // Started elsewhere (the Stripe dashboard, an old tab): only Stripe and its webhook know of it.
    await stripe.subscriptions.create({
      customer: (await userRow(user.id)).stripeCustomerId!,
      items: [{ price: 'price_fake_standard' }],
      payment_behavior: 'default_incomplete',
      metadata: { userId: String(user.id), planId: 'standard' },
    });
    await fake.settled();
    expect((await getMe(t.app, cookie)).json()).toMatchObject({
      subscriptionStatus: 'active',
      subscriptionTier: 'basic',
      stripeSubscriptionId: live.subscriptionId,
      paidQuestionsRemaining: 333,
    });
    expect(await billingSubscription(cookie)).toMatchObject({ id: live.subscriptionId, status: 'active' });
  });

  it('held by an account from before the fix shows as no subscription, and the account is free again', async () => {
    const { cookie, user } = await registerAccount(t.app, uniqueAccount('legacy'));
    const attempt = await visitCheckout(cookie, 'standard');
    // What the webhook used to write for an unpaid attempt.
    await t.db
      .update(users)
      .set({
        stripeSubscriptionId: attempt.subscriptionId,
        subscriptionStatus: 'incomplete',
        subscriptionTier: 'standard',
      })
      .where(eq(users.id, user.id));

    expect(await billingSubscription(cookie)).toBeNull();
    expect((await getMe(t.app, cookie)).json()).toMatchObject(FREE);
    // It is still a pending attempt: the next visit continues it.
    expect((await visitCheckout(cookie, 'standard')).subscriptionId).toBe(attempt.subscriptionId);
  });

  it('becomes the plan once paid', async () => {
    const { cookie, user } = await registerAccount(t.app, uniqueAccount('payer'));
    const first = await visitCheckout(cookie, 'standard');
    const again = await visitCheckout(cookie, 'standard');
    expect(again.subscriptionId).toBe(first.subscriptionId);
    fake.payInvoice(again.subscriptionId);
    await fake.settled();
    expect((await getMe(t.app, cookie)).json()).toMatchObject({
      subscriptionStatus: 'active',
      subscriptionTier: 'standard',
      stripeSubscriptionId: first.subscriptionId,
      paidQuestionsRemaining: 2001,
    });
    expect(await billingSubscription(cookie)).toMatchObject({
      id: first.subscriptionId,
      status: 'active',
      plan: { nickname: 'Standard', amount: 1999 },
    });
    expect(await subscriptionsAtStripe((await userRow(user.id)).stripeCustomerId!)).toHaveLength(1);
  });
});

describe('repeat visits', () => {
  it('reuse one pending attempt per user and plan, however far apart within its life', async () => {
    const { cookie, user } = await registerAccount(t.app, uniqueAccount('returner'));
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const first = await visitCheckout(cookie, 'basic');
    vi.setSystemTime(Date.now() + 5 * 60_000);
    const second = await visitCheckout(cookie, 'basic');
    vi.setSystemTime(Date.now() + 3 * HOUR);
    const third = await visitCheckout(cookie, 'basic');
    expect([second.subscriptionId, third.subscriptionId]).toEqual([first.subscriptionId, first.subscriptionId]);
    expect([second.clientSecret, third.clientSecret]).toEqual([first.clientSecret, first.clientSecret]);
    expect(await subscriptionsAtStripe((await userRow(user.id)).stripeCustomerId!)).toHaveLength(1);
  });

  it('for another plan cancel the first attempt at Stripe: at most one pending attempt per user', async () => {
    const { cookie, user } = await registerAccount(t.app, uniqueAccount('switcher'));
    const basic = await visitCheckout(cookie, 'basic');
    const standard = await visitCheckout(cookie, 'standard');
    expect(standard.subscriptionId).not.toBe(basic.subscriptionId);
    const atStripe = await subscriptionsAtStripe((await userRow(user.id)).stripeCustomerId!);
    expect(atStripe.map((s) => [s.id, s.status, s.metadata.planId])).toEqual([
      [standard.subscriptionId, 'incomplete', 'standard'],
      [basic.subscriptionId, 'canceled', 'basic'],
    ]);
    // Back to the first plan: a fresh attempt, the standard one cancelled in turn.
    const basicAgain = await visitCheckout(cookie, 'basic');
    expect(basicAgain.subscriptionId).not.toBe(basic.subscriptionId);
    const after = await subscriptionsAtStripe((await userRow(user.id)).stripeCustomerId!);
    expect(after.filter((s) => s.status === 'incomplete').map((s) => s.id)).toEqual([basicAgain.subscriptionId]);
    expect((await getMe(t.app, cookie)).json()).toMatchObject(FREE);
  });

  it('at the same moment (a double click, two tabs) still leave one attempt', async () => {
    const { cookie, user } = await registerAccount(t.app, uniqueAccount('double'));
    const clicks = await Promise.all([openCheckout(cookie, 'basic'), openCheckout(cookie, 'basic')]);
    expect(clicks.map((r) => r.statusCode)).toEqual([200, 200]);
    const [a, b] = clicks.map((r) => r.json().subscriptionId as string);
    expect(b).toBe(a);
    await fake.settled();
    const customer = (await userRow(user.id)).stripeCustomerId!;
    expect(await subscriptionsAtStripe(customer)).toHaveLength(1);

    // Two tabs moving to another plan at once: both cancel the basic attempt, one standard attempt.
    const tabs = await Promise.all([openCheckout(cookie, 'standard'), openCheckout(cookie, 'standard')]);
    expect(tabs.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(tabs[1]!.json().subscriptionId).toBe(tabs[0]!.json().subscriptionId);
    // Two tabs on different plans at once: whichever comes last wins, the other attempt is cancelled.
    const mixed = await Promise.all([openCheckout(cookie, 'unlimited'), openCheckout(cookie, 'basic')]);
    expect(mixed.map((r) => r.statusCode)).toEqual([200, 200]);
    await fake.settled();
    const pending = (await subscriptionsAtStripe(customer)).filter((s) => s.status === 'incomplete');
    expect(pending).toHaveLength(1);
  });

  it('after an attempt expired start a new one', async () => {
    const { cookie } = await registerAccount(t.app, uniqueAccount('late'));
    const first = await visitCheckout(cookie, 'basic');
    await control(`subscriptions/${first.subscriptionId}/expire`);
    const next = await visitCheckout(cookie, 'basic');
    expect(next.subscriptionId).not.toBe(first.subscriptionId);
    expect(next.clientSecret).not.toBe(first.clientSecret);
  });
});

describe('abandoned attempts', () => {
  it('expire at Stripe without touching the user, and an attempt older than a day is cancelled by the app', async () => {
    const { cookie, user } = await registerAccount(t.app, uniqueAccount('walker'));
    const attempt = await visitCheckout(cookie, 'basic');
    const expired = await control(`subscriptions/${attempt.subscriptionId}/expire`);
    expect(expired.status).toBe('incomplete_expired');
    const update = fake.eventsOfType('customer.subscription.updated').at(-1)!;
    expect(update.data).toMatchObject({
      object: { id: attempt.subscriptionId, status: 'incomplete_expired' },
      previous_attributes: { status: 'incomplete' },
    });
    expect(fake.deliveries.find((d) => d.eventId === update.id)?.status).toBe(200);
    expect((await getMe(t.app, cookie)).json()).toMatchObject(FREE);

    // Stripe has not expired this one yet (it would after 23 hours): the app cancels it when it next looks.
    const stale = await visitCheckout(cookie, 'standard');
    await control(`subscriptions/${stale.subscriptionId}/backdate`, { hours: 25 });
    await t.app.inject({ method: 'POST', url: '/api/stripe/refresh-subscription', ...as(cookie) });
    await fake.settled();
    const atStripe = await subscriptionsAtStripe((await userRow(user.id)).stripeCustomerId!);
    expect(atStripe.find((s) => s.id === stale.subscriptionId)?.status).toBe('canceled');
    expect((await getMe(t.app, cookie)).json()).toMatchObject(FREE);
  });

  it('appear in the admin console with email, plan, amount, status and dates; fresh ones do not', async () => {
    const expiredUser = await registerAccount(t.app, uniqueAccount('expired'));
    const expired = await visitCheckout(expiredUser.cookie, 'basic');
    await control(`subscriptions/${expired.subscriptionId}/expire`);

    const switcher = await registerAccount(t.app, uniqueAccount('cancelled'));
    const cancelled = await visitCheckout(switcher.cookie, 'unlimited');
    const current = await visitCheckout(switcher.cookie, 'standard');

    const idle = await registerAccount(t.app, uniqueAccount('idle'));
    const idling = await visitCheckout(idle.cookie, 'standard');
    await control(`subscriptions/${idling.subscriptionId}/backdate`, { hours: 2 });

    const res = await adminCall(t.app, admin.cookie, 'GET', '/api/admin/abandoned-checkouts');
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as AbandonedCheckout[];
    const byId = (id: string) => list.find((c) => c.id === id);
    const expiredSub = await stripe.subscriptions.retrieve(expired.subscriptionId);
    expect(byId(expired.subscriptionId)).toEqual({
      id: expired.subscriptionId,
      kind: 'subscription',
      customerEmail: expiredUser.account.email,
      customerName: expiredUser.account.username,
      plan: 'Basic',
      amount: 499,
      currency: 'usd',
      status: 'expired',
      createdAt: new Date(expiredSub.created * 1000).toISOString(),
      expiresAt: new Date(expiredSub.ended_at! * 1000).toISOString(),
    });
    expect(byId(cancelled.subscriptionId)).toMatchObject({
      customerEmail: switcher.account.email,
      plan: 'Unlimited',
      amount: 4444,
      status: 'canceled',
    });
    const idleSub = await stripe.subscriptions.retrieve(idling.subscriptionId);
    expect(byId(idling.subscriptionId)).toMatchObject({
      customerEmail: idle.account.email,
      plan: 'Standard',
      amount: 1999,
      status: 'incomplete',
      // Stripe ends an unpaid attempt 23 hours after it began.
      expiresAt: new Date((idleSub.created + 23 * 60 * 60) * 1000).toISOString(),
    });
    // Someone on the checkout page right now has not abandoned anything.
    expect(byId(current.subscriptionId)).toBeUndefined();
    expect(list.map((c) => c.createdAt)).toEqual([...list.map((c) => c.createdAt)].sort().reverse());
  });
});

describe('a subscriber on POST /api/stripe/create-subscription', () => {
  it('gets 409 and nothing changes at Stripe: a plan change is confirmed on the checkout page', async () => {
    const { cookie, user } = await registerAccount(t.app, uniqueAccount('member'));
    const live = await visitCheckout(cookie, 'basic');
    fake.payInvoice(live.subscriptionId);
    await fake.settled();
    const before = await userRow(user.id);
    const changesBefore = fake.requests.filter((r) => r.method !== 'GET').length;

    const other = await openCheckout(cookie, 'standard');
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({ message: billingMessages.confirmPlanChange });
    const same = await openCheckout(cookie, 'basic');
    expect(same.statusCode).toBe(409);
    expect(same.json()).toEqual({ message: billingMessages.alreadyOnPlan });

    expect(fake.requests.filter((r) => r.method !== 'GET')).toHaveLength(changesBefore);
    expect(await subscriptionsAtStripe(before.stripeCustomerId!)).toEqual([
      expect.objectContaining({ id: live.subscriptionId, status: 'active' }),
    ]);
    expect(await userRow(user.id)).toEqual(before);
  });

  it('gets 409 too when only Stripe knows of the live subscription (its webhook has not arrived)', async () => {
    const { cookie, user } = await registerAccount(t.app, uniqueAccount('unheard'));
    const live = await visitCheckout(cookie, 'basic');
    fake.setWebhook(null);
    try {
      fake.payInvoice(live.subscriptionId);
      const res = await openCheckout(cookie, 'standard');
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: billingMessages.confirmPlanChange });
      expect(await subscriptionsAtStripe((await userRow(user.id)).stripeCustomerId!)).toHaveLength(1);
    } finally {
      fake.setWebhook({ url: webhookUrl, secret: WEBHOOK_SECRET });
    }
  });
});
