import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_CHANGE_QUOTE_TTL_SECONDS, type PlanChangePreview } from '../../common/billing-schemas';
import { billingMessages, planChangeMessages } from '../../common/billing-messages';
import { payments, subscriptionEvents, users } from '../db/schema';
import { startFakeAiVendors, type FakeAiVendors } from '../../../tests/fakes/ai-vendors';
import { FAKE_STRIPE_KEY, startFakeStripe, type FakeStripe } from '../../../tests/fakes/stripe';
import { getMe, registerAccount, relaxedRateLimits, uniqueAccount } from '../../../tests/helpers/accounts';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { deliverWebhooksTo, fakeStripeEnv } from '../../../tests/helpers/fake-stripe-app';

// A subscriber's plan change end to end: our routes, the real stripe SDK and the stateful fake
// Stripe (prorations, preview invoices, renewals) delivering signed webhooks to the app. Opening or
// previewing a change changes nothing; only the confirm call does (decision 0020).

const WEBHOOK_SECRET = 'whsec_test_plan_change';
let stripe: FakeStripe;
let vendors: FakeAiVendors;
let t: TestApp;

beforeAll(async () => {
  stripe = await startFakeStripe();
  vendors = await startFakeAiVendors();
  t = await createTestApp({
    ...relaxedRateLimits,
    ...vendors.env,
    JUDGE_MODEL: 'local',
    ...fakeStripeEnv(stripe, WEBHOOK_SECRET),
  });
  await deliverWebhooksTo(stripe, t.app, WEBHOOK_SECRET);
});
afterAll(async () => {
  await t.close();
  await stripe.stop();
  await vendors.stop();
});

const as = (cookie: string) => ({ headers: { cookie } });
const userRow = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;
const stripeSubscription = (id: string) => stripe.state.get(stripe.state.subscriptions, id);

/** A paid subscriber of `planId`, its webhooks applied. */
async function subscriber(planId: string) {
  const { cookie, user } = await registerAccount(t.app, uniqueAccount('changer'));
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/stripe/create-subscription',
    payload: { planId },
    ...as(cookie),
  });
  expect(res.statusCode, res.body).toBe(200);
  const subscriptionId = (res.json() as { subscriptionId: string }).subscriptionId;
  stripe.payInvoice(subscriptionId);
  await stripe.settled();
  expect((await getMe(t.app, cookie)).json()).toMatchObject({ subscriptionTier: planId, subscriptionStatus: 'active' });
  return { cookie, user, subscriptionId };
}

function preview(cookie: string, planId: string, when?: 'now' | 'period_end') {
  const query = new URLSearchParams({ planId, ...(when ? { when } : {}) });
  return t.app.inject({ method: 'GET', url: `/api/stripe/plan-change-preview?${query}`, ...as(cookie) });
}

function confirm(cookie: string, body: { planId: string; when: 'now' | 'period_end'; prorationDate: number }) {
  return t.app.inject({ method: 'POST', url: '/api/stripe/change-plan', payload: body, ...as(cookie) });
}

async function ask(cookie: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/query',
    payload: { text: 'one paid question', selectedModels: ['chatgpt'] },
    ...as(cookie),
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** Stripe's proration of a price change at `at`: the new price's share minus the old one's, each rounded. */
function prorated(subscriptionId: string, from: number, to: number, at: number) {
  const item = stripeSubscription(subscriptionId).items.data[0]!;
  const share = (amount: number) =>
    Math.round((amount * (item.current_period_end - at)) / (item.current_period_end - item.current_period_start));
  return share(to) - share(from);
}

const apiWrites = () => stripe.requests.filter((r) => r.method !== 'GET' && r.path !== '/v1/invoices/create_preview');

describe('previewing a plan change', () => {
  it('shows both plans, the prorated charge for today and when it applies, and changes nothing', async () => {
    const { cookie, user, subscriptionId } = await subscriber('basic');
    await ask(cookie);
    const rowBefore = await userRow(user.id);
    const writesBefore = apiWrites().length;
    const eventsBefore = stripe.state.events.length;

    const res = await preview(cookie, 'standard');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as PlanChangePreview;
    expect(body).toMatchObject({
      current: {
        planId: 'basic',
        displayName: 'Basic',
        price: 499,
        currency: 'usd',
        interval: 'month',
        questions: 333,
      },
      target: { planId: 'standard', displayName: 'Standard', price: 1999, questions: 2001 },
      direction: 'upgrade',
      when: 'now',
      creditToday: 0,
      currency: 'usd',
      keepsCurrentPlan: false,
      scheduledChange: null,
    });
    expect(body.amountDueToday).toBe(prorated(subscriptionId, 499, 1999, body.prorationDate));
    expect(body.amountDueToday).toBeGreaterThan(0);
    expect(Math.abs(body.prorationDate - Date.now() / 1000)).toBeLessThan(30);
    expect(Date.parse(body.effectiveAt)).toBe(body.prorationDate * 1000);
    const periodEnd = stripeSubscription(subscriptionId).items.data[0]!.current_period_end;
    expect(body.periodEnd).toBe(new Date(periodEnd * 1000).toISOString());
    expect(body.nextPayment).toEqual({ amount: 1999, currency: 'usd', date: body.periodEnd });

    // Asking twice, or for another plan, still writes nothing at Stripe or in our rows.
    expect((await preview(cookie, 'unlimited')).statusCode).toBe(200);
    expect((await preview(cookie, 'standard', 'period_end')).json()).toMatchObject({
      when: 'period_end',
      amountDueToday: 0,
    });
    expect(apiWrites().length).toBe(writesBefore);
    expect(stripe.state.events.length).toBe(eventsBefore);
    expect(stripeSubscription(subscriptionId).items.data[0]!.price.id).toBe('price_fake_basic');
    expect(await userRow(user.id)).toEqual(rowBefore);
    expect((await getMe(t.app, cookie)).json()).toMatchObject({
      subscriptionTier: 'basic',
      paidQuestionsRemaining: 332,
    });
  });

  it('answers the plan the user is on with "You are already on this plan."', async () => {
    const { cookie } = await subscriber('basic');
    const res = await preview(cookie, 'basic');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: billingMessages.alreadyOnPlan, reason: 'already_on_plan' });
  });

  it('needs a signed-in subscriber and an offered plan', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/stripe/plan-change-preview?planId=standard' })).statusCode,
    ).toBe(401);
    const free = await registerAccount(t.app, uniqueAccount('free'));
    const none = await preview(free.cookie, 'standard');
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(billingMessages.noSubscription);
    const { cookie } = await subscriber('basic');
    expect((await preview(cookie, 'gold')).statusCode).toBe(404);
    expect((await preview(cookie, 'stan\u0000dard')).statusCode).toBe(400);
    const badWhen = await t.app.inject({
      method: 'GET',
      url: '/api/stripe/plan-change-preview?planId=standard&when=tomorrow',
      ...as(cookie),
    });
    expect(badWhen.statusCode).toBe(400);
    const noDate = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/change-plan',
      payload: { planId: 'standard', when: 'now' },
      ...as(cookie),
    });
    expect(noDate.statusCode).toBe(400);
  });
});

describe('confirming an upgrade', () => {
  it('charges exactly the previewed amount, moves the plan and grants its allowance once', async () => {
    const { cookie, user, subscriptionId } = await subscriber('basic');
    await ask(cookie);
    const shown = (await preview(cookie, 'standard')).json() as PlanChangePreview;

    const res = await confirm(cookie, { planId: 'standard', when: 'now', prorationDate: shown.prorationDate });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: planChangeMessages.changedNow,
      when: 'now',
      amountCharged: shown.amountDueToday,
      currency: 'usd',
      subscriptionTier: 'standard',
    });
    // The question asked on Basic this period counts against Standard's allowance (decision 0020).
    expect((await getMe(t.app, cookie)).json()).toMatchObject({
      subscriptionTier: 'standard',
      subscriptionStatus: 'active',
      paidQuestionsRemaining: 2000,
    });
    const sub = stripeSubscription(subscriptionId);
    expect(sub.items.data[0]!.price.id).toBe('price_fake_standard');
    const invoice = stripe.state.invoices.get(sub.latest_invoice as string)!;
    expect(invoice).toMatchObject({
      billing_reason: 'subscription_update',
      status: 'paid',
      amount_paid: shown.amountDueToday,
    });
    const charged = (await t.db.select().from(payments).where(eq(payments.userId, user.id))).find(
      (p) => p.stripeInvoiceId === invoice.id,
    );
    expect(charged).toMatchObject({ amount: shown.amountDueToday, status: 'succeeded', planId: 'standard' });

    // The change's own invoice.paid webhook arrives after a question was asked: it grants nothing again.
    await ask(cookie);
    await stripe.settled();
    expect((await getMe(t.app, cookie)).json()).toMatchObject({
      subscriptionTier: 'standard',
      paidQuestionsRemaining: 1999,
    });
    const events = await t.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.userId, user.id));
    expect(events.some((e) => e.eventType === 'plan_changed' && e.newTier === 'standard')).toBe(true);
    const billing = (await t.app.inject({ method: 'GET', url: '/api/billing/subscription', ...as(cookie) })).json();
    expect(billing.plan).toMatchObject({ nickname: 'Standard', amount: 1999 });
    expect(billing.scheduledChange).toBeUndefined();
  });

  it('makes one change and records one plan_changed event when the confirm is sent four times at once', async () => {
    const { cookie, user, subscriptionId } = await subscriber('basic');
    const shown = (await preview(cookie, 'standard')).json() as PlanChangePreview;
    const updatesBefore = stripe.requests.length;

    const body = { planId: 'standard', when: 'now' as const, prorationDate: shown.prorationDate };
    const answers = await Promise.all([1, 2, 3, 4].map(() => confirm(cookie, body)));
    await stripe.settled();

    // Each caller hears the change was made, or that they are on that plan already.
    for (const res of answers) expect([200, 409], res.body).toContain(res.statusCode);
    expect(answers.some((res) => res.statusCode === 200)).toBe(true);
    const updates = stripe.requests
      .slice(updatesBefore)
      .filter((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${subscriptionId}`);
    expect(updates.filter((r) => !r.replayed)).toHaveLength(1);
    expect(new Set(updates.map((r) => r.idempotencyKey)).size).toBe(1);
    const changed = (await t.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.userId, user.id))).filter(
      (e) => e.eventType === 'plan_changed',
    );
    expect(changed).toHaveLength(1);
    expect(changed[0]).toMatchObject({ previousTier: 'basic', newTier: 'standard' });
    const charged = (await t.db.select().from(payments).where(eq(payments.userId, user.id))).filter(
      (p) => p.planId === 'standard',
    );
    expect(charged).toHaveLength(1);
    expect((await getMe(t.app, cookie)).json()).toMatchObject({
      subscriptionTier: 'standard',
      paidQuestionsRemaining: 2001,
    });
  });

  it('changes nothing when the card is declined', async () => {
    const { cookie, user, subscriptionId } = await subscriber('basic');
    const customer = (await userRow(user.id)).stripeCustomerId!;
    const declining = stripe.addCard(customer, { last4: '0002' });
    const setDefault = await t.app.inject({
      method: 'POST',
      url: '/api/billing/update-default-payment',
      payload: { paymentMethodId: declining.id },
      ...as(cookie),
    });
    expect(setDefault.statusCode).toBe(200);
    const shown = (await preview(cookie, 'unlimited')).json() as PlanChangePreview;
    const res = await confirm(cookie, { planId: 'unlimited', when: 'now', prorationDate: shown.prorationDate });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: planChangeMessages.cardDeclined, reason: 'card_declined' });
    await stripe.settled();
    expect(stripeSubscription(subscriptionId)).toMatchObject({ status: 'active' });
    expect(stripeSubscription(subscriptionId).items.data[0]!.price.id).toBe('price_fake_basic');
    expect((await getMe(t.app, cookie)).json()).toMatchObject({
      subscriptionTier: 'basic',
      subscriptionStatus: 'active',
      paidQuestionsRemaining: 333,
    });
  });

  it('refuses a proration date that is stale or in the future, so the charge is always the one shown', async () => {
    const { cookie, subscriptionId } = await subscriber('basic');
    const now = Math.floor(Date.now() / 1000);
    for (const prorationDate of [now - PLAN_CHANGE_QUOTE_TTL_SECONDS - 60, now + 3600]) {
      const res = await confirm(cookie, { planId: 'standard', when: 'now', prorationDate });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: planChangeMessages.quoteExpired, reason: 'quote_expired' });
    }
    expect(stripeSubscription(subscriptionId).items.data[0]!.price.id).toBe('price_fake_basic');
  });
});

describe('a cheaper plan', () => {
  it('by default changes at the end of the period: the current plan and allowance last until the renewal', async () => {
    const { cookie, user, subscriptionId } = await subscriber('standard');
    await ask(cookie);
    const shown = (await preview(cookie, 'basic')).json() as PlanChangePreview;
    const periodEnd = stripeSubscription(subscriptionId).items.data[0]!.current_period_end;
    expect(shown).toMatchObject({
      direction: 'downgrade',
      when: 'period_end',
      amountDueToday: 0,
      creditToday: 0,
      effectiveAt: new Date(periodEnd * 1000).toISOString(),
      nextPayment: { amount: 499, date: new Date(periodEnd * 1000).toISOString() },
    });
    const invoicesBefore = stripe.state.invoices.size;

    const res = await confirm(cookie, { planId: 'basic', when: 'period_end', prorationDate: shown.prorationDate });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: planChangeMessages.scheduled,
      when: 'period_end',
      amountCharged: 0,
      subscriptionTier: 'standard',
    });
    await stripe.settled();
    expect(stripe.state.invoices.size).toBe(invoicesBefore);
    expect((await getMe(t.app, cookie)).json()).toMatchObject({
      subscriptionTier: 'standard',
      paidQuestionsRemaining: 2000,
    });
    const billing = (await t.app.inject({ method: 'GET', url: '/api/billing/subscription', ...as(cookie) })).json();
    expect(billing.plan).toMatchObject({ id: 'price_fake_standard', nickname: 'Standard', amount: 1999 });
    expect(billing.scheduledChange).toEqual({
      planId: 'basic',
      nickname: 'Basic',
      amount: 499,
      currency: 'usd',
      startsAt: periodEnd,
    });
    // Asking for the same change again says it is already set.
    expect((await preview(cookie, 'basic')).json().reason).toBe('change_scheduled');

    // The renewal bills the new price and grants the new plan's allowance.
    stripe.advancePeriod(subscriptionId);
    await stripe.settled();
    expect((await getMe(t.app, cookie)).json()).toMatchObject({
      subscriptionTier: 'basic',
      subscriptionStatus: 'active',
      paidQuestionsRemaining: 333,
    });
    const renewal = stripe.state.invoices.get(stripeSubscription(subscriptionId).latest_invoice as string)!;
    expect(renewal).toMatchObject({ billing_reason: 'subscription_cycle', amount_paid: 499 });
    const rows = await t.db.select().from(payments).where(eq(payments.userId, user.id));
    expect(rows.find((p) => p.stripeInvoiceId === renewal.id)).toMatchObject({ amount: 499, planId: 'basic' });
    const after = (await t.app.inject({ method: 'GET', url: '/api/billing/subscription', ...as(cookie) })).json();
    expect(after.plan).toMatchObject({ nickname: 'Basic', amount: 499 });
    expect(after.scheduledChange).toBeUndefined();
  });

  it('can be kept after all: choosing the plan in force again undoes the scheduled change', async () => {
    const { cookie, subscriptionId } = await subscriber('standard');
    const down = (await preview(cookie, 'basic')).json() as PlanChangePreview;
    expect(
      (await confirm(cookie, { planId: 'basic', when: 'period_end', prorationDate: down.prorationDate })).statusCode,
    ).toBe(200);
    // A change now would be prorated from the wrong price while one is scheduled: refused with the way out.
    expect((await preview(cookie, 'unlimited')).json()).toEqual({
      message: planChangeMessages.changeScheduled,
      reason: 'change_scheduled',
    });

    const keep = (await preview(cookie, 'standard')).json() as PlanChangePreview;
    expect(keep).toMatchObject({
      keepsCurrentPlan: true,
      amountDueToday: 0,
      scheduledChange: { planId: 'basic', displayName: 'Basic' },
      nextPayment: { amount: 1999 },
    });
    const res = await confirm(cookie, { planId: 'standard', when: 'now', prorationDate: keep.prorationDate });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: planChangeMessages.kept,
      amountCharged: 0,
      subscriptionTier: 'standard',
    });
    expect(stripeSubscription(subscriptionId).items.data[0]!.price.id).toBe('price_fake_standard');
    const billing = (await t.app.inject({ method: 'GET', url: '/api/billing/subscription', ...as(cookie) })).json();
    expect(billing.scheduledChange).toBeUndefined();

    stripe.advancePeriod(subscriptionId);
    await stripe.settled();
    expect((await getMe(t.app, cookie)).json()).toMatchObject({
      subscriptionTier: 'standard',
      paidQuestionsRemaining: 2001,
    });
  });

  it('now, if the user picks it: the new plan at once and the unused time as credit', async () => {
    const { cookie, user, subscriptionId } = await subscriber('unlimited');
    const shown = (await preview(cookie, 'basic', 'now')).json() as PlanChangePreview;
    const credit = -prorated(subscriptionId, 4444, 499, shown.prorationDate);
    expect(shown).toMatchObject({ direction: 'downgrade', when: 'now', amountDueToday: 0, creditToday: credit });
    expect(shown.nextPayment.amount).toBe(Math.max(0, 499 - credit));

    const res = await confirm(cookie, { planId: 'basic', when: 'now', prorationDate: shown.prorationDate });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ when: 'now', amountCharged: 0, subscriptionTier: 'basic' });
    expect((await getMe(t.app, cookie)).json()).toMatchObject({
      subscriptionTier: 'basic',
      paidQuestionsRemaining: 333,
    });
    const customer = stripe.state.customers.get((await userRow(user.id)).stripeCustomerId!)!;
    expect(customer.balance).toBe(-credit);
  });
});

describe('a subscription set to cancel', () => {
  it('is never resumed by a plan change: preview and confirm refuse and point to Resume', async () => {
    const { cookie, subscriptionId } = await subscriber('basic');
    const cancel = await t.app.inject({ method: 'POST', url: '/api/billing/cancel-subscription', ...as(cookie) });
    expect(cancel.statusCode).toBe(200);
    await stripe.settled();
    const writesBefore = apiWrites().length;

    const shown = await preview(cookie, 'standard');
    expect(shown.statusCode).toBe(409);
    expect(shown.json()).toEqual({ message: planChangeMessages.resumeFirst, reason: 'resume_first' });
    const res = await confirm(cookie, {
      planId: 'standard',
      when: 'now',
      prorationDate: Math.floor(Date.now() / 1000),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().reason).toBe('resume_first');

    expect(apiWrites().length).toBe(writesBefore);
    const sub: Stripe.Subscription = stripeSubscription(subscriptionId) as unknown as Stripe.Subscription;
    expect(sub.cancel_at_period_end).toBe(true);
    expect(sub.items.data[0]!.price.id).toBe('price_fake_basic');
    expect((await getMe(t.app, cookie)).json()).toMatchObject({
      subscriptionStatus: 'pending_cancellation',
      subscriptionTier: 'basic',
    });
  });
});

describe('questions already used this period, on a change made now (decision 0020)', () => {
  const remaining = async (cookie: string) =>
    ((await getMe(t.app, cookie)).json() as { paidQuestionsRemaining: number }).paidQuestionsRemaining;

  async function askTimes(cookie: string, times: number) {
    for (let i = 0; i < times; i++) await ask(cookie);
  }

  /** Previews and confirms a change that applies now, its webhooks applied. */
  async function changeNow(cookie: string, planId: string) {
    const shown = await preview(cookie, planId, 'now');
    expect(shown.statusCode, shown.body).toBe(200);
    const { prorationDate } = shown.json() as PlanChangePreview;
    const res = await confirm(cookie, { planId, when: 'now', prorationDate });
    expect(res.statusCode, res.body).toBe(200);
    await stripe.settled();
  }

  it('count against the new plan: an upgrade after 3 questions leaves its allowance less 3', async () => {
    const { cookie } = await subscriber('basic');
    await askTimes(cookie, 3);
    await changeNow(cookie, 'standard');
    expect((await getMe(t.app, cookie)).json()).toMatchObject({
      subscriptionTier: 'standard',
      paidQuestionsRemaining: 2001 - 3,
    });
  });

  it('are never refilled by switching up, down and up again, nor through the Unlimited plan', async () => {
    const { cookie } = await subscriber('basic');
    await askTimes(cookie, 2);
    await changeNow(cookie, 'standard');
    expect(await remaining(cookie)).toBe(2001 - 2);
    await ask(cookie);
    await changeNow(cookie, 'basic');
    expect(await remaining(cookie)).toBe(333 - 3);
    await ask(cookie);
    await changeNow(cookie, 'standard');
    expect(await remaining(cookie)).toBe(2001 - 4);
    await changeNow(cookie, 'unlimited');
    expect(await remaining(cookie)).toBe(-1);
    // Questions asked on Unlimited count too when moving back to a plan with a limit.
    await askTimes(cookie, 2);
    await changeNow(cookie, 'standard');
    expect(await remaining(cookie)).toBe(2001 - 6);
  });

  it("are remembered beyond a smaller plan's allowance: down to 10 questions after 12, then back up", async () => {
    const { cookie } = await subscriber('basic');
    await askTimes(cookie, 12);
    await changeNow(cookie, 'test');
    expect((await getMe(t.app, cookie)).json()).toMatchObject({ subscriptionTier: 'test', paidQuestionsRemaining: 0 });
    await changeNow(cookie, 'basic');
    expect(await remaining(cookie)).toBe(333 - 12);
  });

  it("are counted by the change's invoice.paid webhook too, when the confirm call never recorded the change", async () => {
    const { cookie, subscriptionId } = await subscriber('basic');
    await askTimes(cookie, 2);
    // The confirm call's own request to Stripe, made directly: as if the app stopped right after it.
    const { host, port } = stripe.address;
    const sdk = new Stripe(FAKE_STRIPE_KEY, { host, port, protocol: 'http', maxNetworkRetries: 0 });
    const item = stripeSubscription(subscriptionId).items.data[0]!;
    await sdk.subscriptions.update(subscriptionId, {
      items: [{ id: item.id, price: 'price_fake_standard' }],
      proration_behavior: 'always_invoice',
      payment_behavior: 'error_if_incomplete',
      metadata: { planId: 'standard' },
    });
    await stripe.settled();
    expect((await getMe(t.app, cookie)).json()).toMatchObject({
      subscriptionTier: 'standard',
      paidQuestionsRemaining: 2001 - 2,
    });
  });

  it('do not reach into the next period: the renewal grants the whole allowance again', async () => {
    const { cookie, subscriptionId } = await subscriber('basic');
    await askTimes(cookie, 2);
    await changeNow(cookie, 'standard');
    expect(await remaining(cookie)).toBe(2001 - 2);
    stripe.advancePeriod(subscriptionId);
    await stripe.settled();
    expect(await remaining(cookie)).toBe(2001);
  });

  it("do not apply to a downgrade set for the period's end: its renewal grants the whole new allowance", async () => {
    const { cookie, subscriptionId } = await subscriber('standard');
    await askTimes(cookie, 3);
    const shown = (await preview(cookie, 'test')).json() as PlanChangePreview;
    expect(shown.when).toBe('period_end');
    const res = await confirm(cookie, { planId: 'test', when: 'period_end', prorationDate: shown.prorationDate });
    expect(res.statusCode, res.body).toBe(200);
    await stripe.settled();
    expect(await remaining(cookie)).toBe(2001 - 3);
    stripe.advancePeriod(subscriptionId);
    await stripe.settled();
    expect((await getMe(t.app, cookie)).json()).toMatchObject({ subscriptionTier: 'test', paidQuestionsRemaining: 10 });
  });
});
