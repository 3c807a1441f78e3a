import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Plan } from '../../common/billing-schemas';
import { billingMessages } from '../../common/billing-messages';
import { createOrPromoteAdmin } from '../cli/create-admin';
import { emailLogs, payments, stripeEvents, subscriptionEvents, users } from '../db/schema';
import { startFakeAiVendors, type FakeAiVendors } from '../../../tests/fakes/ai-vendors';
import { deliver, signedEvent, startFakeStripe, type FakeStripe } from '../../../tests/fakes/stripe';
import { getMe, registerAccount, relaxedRateLimits, uniqueAccount } from '../../../tests/helpers/accounts';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { deliverWebhooksTo, fakeStripeEnv } from '../../../tests/helpers/fake-stripe-app';

// Subscriptions end to end: our routes, the real stripe SDK, the stateful fake Stripe delivering
// signed webhooks to the app over HTTP, as Stripe would.

const WEBHOOK_SECRET = 'whsec_test_parallax';
let stripe: FakeStripe;
let vendors: FakeAiVendors;
let t: TestApp;
let webhookUrl: string;

beforeAll(async () => {
  stripe = await startFakeStripe();
  vendors = await startFakeAiVendors();
  t = await createTestApp({
    ...relaxedRateLimits,
    ...vendors.env,
    JUDGE_MODEL: 'local',
    ...fakeStripeEnv(stripe, WEBHOOK_SECRET),
    STRIPE_PAYMENT_LINK_BASIC: 'https://buy.stripe.com/test_basic',
  });
  webhookUrl = await deliverWebhooksTo(stripe, t.app, WEBHOOK_SECRET);
  await createOrPromoteAdmin(t.db, 33, { email: 'owner@example.com', username: 'owner', password: 'owner-password' });
});
afterAll(async () => {
  await t.close();
  await stripe.stop();
  await vendors.stop();
});

const as = (cookie: string) => ({ headers: { cookie } });
const userRow = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;

async function subscribe(planId: string) {
  const { cookie, user } = await registerAccount(t.app, uniqueAccount('payer'));
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/stripe/create-subscription',
    payload: { planId },
    ...as(cookie),
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { clientSecret: string; subscriptionId: string; successUrl: string };
  return { cookie, user, ...body };
}

describe('plans and configuration', () => {
  it('offers the seeded plans with their prices and limits, the test plan in test mode', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/subscription-plans' });
    const plans = res.json() as Plan[];
    expect(plans.map((p) => [p.id, p.price, p.limits.queries, p.isPopular])).toEqual([
      ['basic', 499, 333, false],
      ['standard', 1999, 2001, true],
      ['unlimited', 4444, -1, false],
      ['test', 99, 10, false],
    ]);
    expect(plans[0]!.stripePriceId).toBe('price_fake_basic');
    // Direct checkout: the environment's link, and an admin's saved link winning over it.
    expect(plans.map((p) => p.paymentLink)).toEqual(['https://buy.stripe.com/test_basic', null, null, null]);
    await t.app.services.settings.set('stripe.test.paymentLink.standard', 'https://buy.stripe.com/test_standard');
    const relisted = (await t.app.inject({ method: 'GET', url: '/api/subscription-plans' })).json() as Plan[];
    expect(relisted[1]!.paymentLink).toBe('https://buy.stripe.com/test_standard');
    expect((await t.app.inject({ method: 'GET', url: '/api/subscription-plans/standard' })).json().displayName).toBe(
      'Standard',
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/subscription-plans/nope' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/stripe/config' })).json()).toEqual({
      mode: 'test',
      publishableKey: 'pk_test_parallax',
      configured: true,
    });
  });

  it('answers Invalid Request to a payment verification without both parameters', async () => {
    const { cookie } = await registerAccount(t.app, uniqueAccount('verifier'));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/verify-payment',
      payload: { paymentIntentId: 'pi_1' },
      ...as(cookie),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(billingMessages.invalidRequest);
  });
});

describe('the subscription lifecycle', () => {
  it('subscribes, is paid, uses the allowance, cancels at period end, resumes and terminates', async () => {
    const { cookie, user, clientSecret, subscriptionId, successUrl } = await subscribe('basic');
    expect(clientSecret).toMatch(/_secret_/);
    expect(successUrl).toBe('http://parallax.test/checkout/success');
    const customer = (await userRow(user.id)).stripeCustomerId!;
    expect(customer).toMatch(/^cus_/);
    // The creating calls carried idempotency keys.
    expect(
      stripe.requests
        .filter((r) => r.method === 'POST' && /\/v1\/(customers|subscriptions)$/.test(r.path))
        .every((r) => r.headers['idempotency-key']),
    ).toBe(true);

    stripe.payInvoice(subscriptionId);
    await stripe.settled();
    // Choosing the same plan again changes nothing.
    const same = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/create-subscription',
      payload: { planId: 'basic' },
      ...as(cookie),
    });
    expect(same.statusCode).toBe(409);
    expect(same.json().message).toBe(billingMessages.alreadyOnPlan);
    let me = (await getMe(t.app, cookie)).json();
    expect(me).toMatchObject({
      subscriptionStatus: 'active',
      subscriptionTier: 'basic',
      paidQuestionsRemaining: 333,
      stripeSubscriptionId: subscriptionId,
    });
    const [payment] = await t.db.select().from(payments).where(eq(payments.userId, user.id));
    expect(payment).toMatchObject({ amount: 499, status: 'succeeded', planId: 'basic' });

    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/query',
      payload: { text: 'paid question', selectedModels: ['chatgpt'] },
      ...as(cookie),
    });
    expect(asked.json().subscriptionInfo).toMatchObject({ paidQuestionsRemaining: 332, freeQuestionsRemaining: 33 });

    const billing = await t.app.inject({ method: 'GET', url: '/api/billing/subscription?t=1', ...as(cookie) });
    expect(billing.json()).toMatchObject({
      id: subscriptionId,
      status: 'active',
      cancelAtPeriodEnd: false,
      plan: { nickname: 'Basic', amount: 499, interval: 'month' },
    });
    expect(billing.json().currentPeriodEnd).toBeGreaterThan(Date.now() / 1000);

    const cancel = await t.app.inject({ method: 'POST', url: '/api/billing/cancel-subscription', ...as(cookie) });
    expect(cancel.json()).toEqual({ success: true, message: billingMessages.cancelScheduled });
    await stripe.settled();
    me = (await getMe(t.app, cookie)).json();
    expect(me.subscriptionStatus).toBe('pending_cancellation');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/billing/subscription', ...as(cookie) })).json(),
    ).toMatchObject({ status: 'pending_cancellation', cancelAtPeriodEnd: true });
    await t.app.background.drain();
    const notices = await t.db.select().from(emailLogs).where(eq(emailLogs.kind, 'subscription_cancellation'));
    expect(notices.map((n) => n.to)).toContain('owner@example.com');
    // The client's own notice right after adds no second email.
    await t.app.inject({
      method: 'POST',
      url: '/api/send-admin-notification',
      payload: { type: 'subscription_cancellation', data: {} },
      ...as(cookie),
    });
    expect(await t.db.select().from(emailLogs).where(eq(emailLogs.kind, 'subscription_cancellation'))).toHaveLength(
      notices.length,
    );

    const resume = await t.app.inject({ method: 'POST', url: '/api/billing/resume-subscription', ...as(cookie) });
    expect(resume.json()).toEqual({ success: true, message: billingMessages.resumed });
    await stripe.settled();
    expect((await getMe(t.app, cookie)).json().subscriptionStatus).toBe('active');

    const terminate = await t.app.inject({
      method: 'POST',
      url: '/api/billing/terminate-subscription',
      payload: { force: true },
      ...as(cookie),
    });
    expect(terminate.json()).toEqual({ success: true, message: billingMessages.terminated });
    await stripe.settled();
    me = (await getMe(t.app, cookie)).json();
    expect(me).toMatchObject({ subscriptionStatus: 'canceled', subscriptionTier: 'free', paidQuestionsRemaining: 0 });
    expect((await t.app.inject({ method: 'GET', url: '/api/billing/subscription', ...as(cookie) })).json()).toBeNull();
    const events = await t.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.userId, user.id));
    expect(events.map((e) => e.newStatus)).toEqual(
      expect.arrayContaining(['active', 'pending_cancellation', 'canceled']),
    );
  });

  it('grants the allowance again at each paid renewal', async () => {
    const { cookie, subscriptionId } = await subscribe('test');
    stripe.payInvoice(subscriptionId);
    await stripe.settled();
    await t.app.inject({
      method: 'POST',
      url: '/api/query',
      payload: { text: 'use one', selectedModels: ['chatgpt'] },
      ...as(cookie),
    });
    expect((await getMe(t.app, cookie)).json().paidQuestionsRemaining).toBe(9);
    stripe.advancePeriod(subscriptionId);
    await stripe.settled();
    expect((await getMe(t.app, cookie)).json().paidQuestionsRemaining).toBe(10);
  });

  it("lists the saved card and sets a default among the user's own cards only", async () => {
    const { cookie, user, subscriptionId } = await subscribe('basic');
    stripe.payInvoice(subscriptionId);
    await stripe.settled();
    const customer = (await userRow(user.id)).stripeCustomerId!;
    const second = stripe.addCard(customer, { brand: 'mastercard', last4: '4444' });
    const list = (await t.app.inject({ method: 'GET', url: '/api/billing/payment-methods', ...as(cookie) })).json();
    expect(list).toHaveLength(2);
    expect(list.find((m: { isDefault: boolean }) => m.isDefault)).toMatchObject({
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2030,
    });
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/billing/update-default-payment',
      payload: { paymentMethodId: second.id },
      ...as(cookie),
    });
    expect(set.statusCode).toBe(200);
    const after = (await t.app.inject({ method: 'GET', url: '/api/billing/payment-methods', ...as(cookie) })).json();
    expect(after.find((m: { isDefault: boolean }) => m.isDefault).last4).toBe('4444');
    const stranger = await registerAccount(t.app, uniqueAccount('stranger'));
    const steal = await t.app.inject({
      method: 'POST',
      url: '/api/billing/update-default-payment',
      payload: { paymentMethodId: second.id },
      ...as(stranger.cookie),
    });
    expect(steal.statusCode).toBe(404);
  });
});

describe('adding a card', () => {
  it('makes the first card the default', async () => {
    const { cookie, user } = await registerAccount(t.app, uniqueAccount('carder'));
    const intent = await t.app.inject({ method: 'POST', url: '/api/billing/setup-intent', ...as(cookie) });
    expect(intent.json().clientSecret).toMatch(/^seti_.*_secret_/);
    const setupIntentId = intent.json().clientSecret.split('_secret_')[0];
    stripe.confirmSetupIntent(setupIntentId, 'mastercard');
    expect((await userRow(user.id)).stripeCustomerId).toMatch(/^cus_/);
    const list = (await t.app.inject({ method: 'GET', url: '/api/billing/payment-methods', ...as(cookie) })).json();
    expect(list).toEqual([expect.objectContaining({ brand: 'mastercard', isDefault: true })]);
  });
});

describe('POST /stripe-webhook', () => {
  it('applies a duplicate delivery once', async () => {
    const { cookie, user, subscriptionId } = await subscribe('basic');
    stripe.payInvoice(subscriptionId);
    await stripe.settled();
    await t.app.inject({
      method: 'POST',
      url: '/api/query',
      payload: { text: 'spend one', selectedModels: ['chatgpt'] },
      ...as(cookie),
    });
    const paid = stripe.eventsOfType('invoice.paid').at(-1)!;
    const again = await deliver(paid, webhookUrl, WEBHOOK_SECRET);
    expect(again.status).toBe(200);
    expect(JSON.parse(again.responseBody)).toEqual({ received: true, duplicate: true });
    expect((await getMe(t.app, cookie)).json().paidQuestionsRemaining).toBe(332);
    expect(await t.db.select().from(payments).where(eq(payments.userId, user.id))).toHaveLength(1);
  });

  it('is safe against out-of-order delivery: a stale update after the deletion leaves it cancelled', async () => {
    const { cookie, subscriptionId } = await subscribe('standard');
    stripe.payInvoice(subscriptionId);
    await stripe.settled();
    const staleUpdate = stripe
      .eventsOfType('customer.subscription.updated')
      .filter((e) => (e.data.object as { id: string }).id === subscriptionId)
      .at(-1)!;
    await t.app.inject({ method: 'POST', url: '/api/billing/terminate-subscription', ...as(cookie) });
    await stripe.settled();
    // The old 'active' update arrives late, under a new delivery id as a retry would not, but its content is stale.
    const late = await deliver({ ...staleUpdate, id: `${staleUpdate.id}_late` }, webhookUrl, WEBHOOK_SECRET);
    expect(late.status).toBe(200);
    expect((await getMe(t.app, cookie)).json()).toMatchObject({
      subscriptionStatus: 'canceled',
      subscriptionTier: 'free',
    });
  });

  it('refuses a bad signature with 400 and changes nothing', async () => {
    const { cookie, subscriptionId } = await subscribe('basic');
    await stripe.settled();
    // Stripe's own deliveries are off, so only the forged ones below reach the app.
    stripe.setWebhook(null);
    stripe.payInvoice(subscriptionId);
    const paid = stripe.eventsOfType('invoice.paid').at(-1)!;
    const before = (await t.db.select().from(stripeEvents)).length;
    const { payload } = signedEvent(paid, WEBHOOK_SECRET);
    const forged = signedEvent(paid, 'whsec_wrong');
    const res = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': forged.header },
      body: payload,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: billingMessages.invalidSignature });
    const unsigned = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: payload,
    });
    expect(unsigned.status).toBe(400);
    expect((await t.db.select().from(stripeEvents)).length).toBe(before);
    expect((await getMe(t.app, cookie)).json().paidQuestionsRemaining).toBe(0);
    stripe.setWebhook({ url: webhookUrl, secret: WEBHOOK_SECRET });
  });

  it('acknowledges an unknown event with 200 and ignores it', async () => {
    const event = {
      id: 'evt_unknown_1',
      object: 'event',
      type: 'product.created',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      api_version: '2026-10-28.endive',
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: { id: 'prod_x', object: 'product' } },
    };
    const res = await deliver(event as never, webhookUrl, WEBHOOK_SECRET);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.responseBody)).toEqual({ received: true, ignored: true });
  });
});

describe('GET /api/billing/verify-subscription/:subscriptionId', () => {
  it("confirms the caller's own paid subscription and answers 404 for any other id", async () => {
    const { cookie, subscriptionId } = await subscribe('basic');
    const verify = (id: string) =>
      t.app.inject({ method: 'GET', url: `/api/billing/verify-subscription/${id}`, ...as(cookie) });

    // Until its first invoice is paid the subscription is a checkout attempt, not the user's (decision 0019).
    const unpaid = await verify(subscriptionId);
    expect(unpaid.statusCode).toBe(404);
    expect(unpaid.json().message).toBe(billingMessages.subscriptionNotFound);

    stripe.payInvoice(subscriptionId);
    await stripe.settled();
    const paid = await verify(subscriptionId);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toEqual({ verified: true, status: 'active', message: 'Subscription verified' });

    const someoneElses = await subscribe('standard');
    const other = await verify(someoneElses.subscriptionId);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(billingMessages.subscriptionNotFound);
  });
});
