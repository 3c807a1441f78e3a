import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ACTIVITY_FEED_SIZE,
  type AbandonedCheckout,
  type AdminPayment,
  type Dashboard,
  type SubscriptionEvent,
} from '../../common/admin-billing-schemas';
import { TOTAL_COUNT_HEADER, TOTAL_REVENUE_HEADER } from '../../common/list-headers';
import { payments, subscriptionEvents, users } from '../db/schema';
import { findOrCreateSessionUser } from '../users/repository';
import { FAKE_STRIPE_KEY, startFakeStripe, type FakeStripe } from '../../../tests/fakes/stripe';
import { registerAccount, relaxedRateLimits, uniqueAccount } from '../../../tests/helpers/accounts';
import { adminCall, signInAdmin, type SignedInAdmin } from '../../../tests/helpers/admins';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

// The dashboard, payments, subscription events and abandoned checkouts, read back from rows put in
// the database (as the Stripe webhook would have written them) and from the fake Stripe's sessions.

let fake: FakeStripe;
let t: TestApp;
let admin: SignedInAdmin;
let stripe: Stripe;

beforeAll(async () => {
  // Only the right key works, so a wrongly saved one shows how a Stripe failure is answered.
  fake = await startFakeStripe({ apiKeys: [FAKE_STRIPE_KEY] });
  fake.seedPlans();
  const { host, port, protocol } = fake.address;
  stripe = new Stripe(FAKE_STRIPE_KEY, { host, port, protocol, maxNetworkRetries: 0 });
  // The API base is known, the keys are not: the admin enters them in the console.
  t = await createTestApp({ ...relaxedRateLimits, STRIPE_API_BASE: fake.address.url });
  admin = await signInAdmin(t.app, t.db);
});
afterAll(async () => {
  await t?.close();
  await fake?.stop();
});

const get = (url: string) => adminCall(t.app, admin.cookie, 'GET', url);
const MINUTE = 60_000;
/** Distinct, known times, so the expected order never hangs on rows inserted within one millisecond. */
const ago = (minutes: number) => new Date(Date.now() - minutes * MINUTE);

async function insertPayment(values: Partial<typeof payments.$inferInsert> & { amount: number }) {
  const [row] = await t.db
    .insert(payments)
    .values({ status: 'succeeded', currency: 'usd', ...values })
    .returning();
  return row!;
}

async function insertEvent(values: Partial<typeof subscriptionEvents.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(subscriptionEvents)
    .values({ eventType: 'subscription_created', newStatus: 'active', newTier: 'basic', ...values })
    .returning();
  return row!;
}

describe('GET /api/admin/dashboard', () => {
  beforeEach(async () => {
    await t.db.delete(payments);
    await t.db.delete(subscriptionEvents);
  });

  it('adds up succeeded payments only, and this calendar month (UTC) apart', async () => {
    const now = new Date();
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    await insertPayment({ amount: 499, createdAt: monthStart });
    await insertPayment({ amount: 1999 });
    await insertPayment({ amount: 4444, status: 'failed' });
    await insertPayment({ amount: 9999, status: 'pending' });
    // One second before this month began: revenue, but not this month's.
    await insertPayment({ amount: 700, createdAt: new Date(monthStart.getTime() - 1000) });
    await insertPayment({ amount: 800, status: 'failed', createdAt: new Date(monthStart.getTime() - 1000) });

    const res = await get('/api/admin/dashboard');
    expect(res.statusCode).toBe(200);
    const board = res.json() as Dashboard;
    expect(board.revenue).toEqual([{ currency: 'usd', total: 499 + 1999 + 700, thisMonth: 499 + 1999 }]);
  });

  it('sums each currency on its own, never across currencies', async () => {
    const now = new Date();
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const lastMonth = new Date(monthStart.getTime() - 1000);
    await insertPayment({ amount: 499, currency: 'usd' });
    await insertPayment({ amount: 1999, currency: 'usd', createdAt: lastMonth });
    await insertPayment({ amount: 900, currency: 'eur' });
    await insertPayment({ amount: 450, currency: 'eur' });
    await insertPayment({ amount: 300, currency: 'eur', status: 'failed' });
    await insertPayment({ amount: 799, currency: 'gbp', createdAt: lastMonth });
    // A refund takes the payment out of its own currency's revenue.
    const refunded = await insertPayment({ amount: 5000, currency: 'gbp' });
    await t.db.update(payments).set({ status: 'refunded' }).where(eq(payments.id, refunded.id));

    const board = (await get('/api/admin/dashboard')).json() as Dashboard;
    expect(board.revenue).toEqual([
      { currency: 'eur', total: 1350, thisMonth: 1350 },
      { currency: 'gbp', total: 799, thisMonth: 0 },
      { currency: 'usd', total: 2498, thisMonth: 499 },
    ]);
  });

  it('counts active subscriptions by status, and registered users without anonymous sessions', async () => {
    const before = (await get('/api/admin/dashboard')).json() as Dashboard;

    const active = await registerAccount(t.app, uniqueAccount('active'));
    const cancelling = await registerAccount(t.app, uniqueAccount('cancelling'));
    await t.db.update(users).set({ subscriptionStatus: 'active' }).where(eq(users.id, active.user.id));
    await t.db
      .update(users)
      .set({ subscriptionStatus: 'pending_cancellation' })
      .where(eq(users.id, cancelling.user.id));
    await findOrCreateSessionUser(t.db, 'dashboard-visitor', 33);

    const after = (await get('/api/admin/dashboard')).json() as Dashboard;
    expect(after.totalUsers - before.totalUsers).toBe(2);
    expect(after.activeSubscriptions - before.activeSubscriptions).toBe(1);
  });

  it('merges payments and subscription events into one feed, newest first, at most 10', async () => {
    const { user } = await registerAccount(t.app, uniqueAccount('feed'));
    // Alternating sources, 14 items, each a minute older than the one before.
    const expected: string[] = [];
    const times: string[] = [];
    for (let i = 0; i < 14; i++) {
      const createdAt = ago(i);
      times.push(createdAt.toISOString());
      if (i % 2 === 0) {
        const p = await insertPayment({ amount: 100 + i, userId: user.id, planId: 'basic', createdAt });
        expected.push(`payment-${p.id}`);
      } else {
        const e = await insertEvent({ userId: user.id, createdAt });
        expected.push(`event-${e.id}`);
      }
    }

    const board = (await get('/api/admin/dashboard')).json() as Dashboard;
    expect(board.recentActivity.map((a) => a.key)).toEqual(expected.slice(0, ACTIVITY_FEED_SIZE));
    const [payment, event] = board.recentActivity;
    expect(payment).toMatchObject({
      source: 'payment',
      event: 'Payment',
      userId: user.id,
      username: user.username,
      type: 'basic',
      status: 'succeeded',
      amount: 100,
      currency: 'usd',
      createdAt: times[0],
    });
    expect(event).toMatchObject({
      source: 'subscription_event',
      event: 'subscription_created',
      username: user.username,
      type: 'basic',
      status: 'active',
      amount: null,
      currency: null,
      createdAt: times[1],
    });
  });

  it('shows nothing in the feed when nothing happened', async () => {
    const board = (await get('/api/admin/dashboard')).json() as Dashboard;
    expect(board).toMatchObject({ revenue: [], recentActivity: [] });
  });
});

describe('GET /api/admin/payments', () => {
  let expectedIds: number[];
  let payer: { id: number; username: string };
  beforeAll(async () => {
    await t.db.delete(payments);
    const { user } = await registerAccount(t.app, uniqueAccount('payer'));
    payer = user;
    // Plans are priced in usd, eur or gbp (docs/product.md), so one list holds several currencies.
    const amounts: [number, string, string][] = [
      [499, 'succeeded', 'usd'],
      [1999, 'failed', 'eur'],
      [4444, 'succeeded', 'eur'],
      [99, 'pending', 'gbp'],
      [1999, 'succeeded', 'usd'],
    ];
    const rows = [];
    for (const [i, [amount, status, currency]] of amounts.entries()) {
      // The oldest first, so the newest is inserted last and has the highest id too.
      rows.push(
        await insertPayment({ amount, status, currency, userId: user.id, planId: 'basic', createdAt: ago(50 - i) }),
      );
    }
    // A payment whose user was deleted keeps its row with no user.
    rows.push(await insertPayment({ amount: 250, currency: 'gbp', userId: null, createdAt: ago(60) }));
    expectedIds = [...rows.slice(0, 5).reverse(), rows[5]!].map((r) => r.id);
  });

  it('lists newest first with the username, and totals every payment in the headers', async () => {
    const res = await get('/api/admin/payments');
    expect(res.statusCode).toBe(200);
    const list = res.json() as AdminPayment[];
    expect(list.map((p) => p.id)).toEqual(expectedIds);
    expect(list[0]).toEqual({
      id: expectedIds[0],
      userId: payer.id,
      username: payer.username,
      amount: 1999,
      currency: 'usd',
      status: 'succeeded',
      planId: 'basic',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(list.at(-1)).toMatchObject({ userId: null, username: null, amount: 250 });
    expect(res.headers[TOTAL_COUNT_HEADER]).toBe('6');
    // Succeeded ones only, each currency on its own (decision 0037): 4444 €, 250 £, 499 + 1999 $.
    expect(res.headers[TOTAL_REVENUE_HEADER]).toBe(`eur=4444,gbp=250,usd=${499 + 1999}`);
  });

  it('pages with limit and offset, the totals staying those of the whole table', async () => {
    const second = await get('/api/admin/payments?limit=2&offset=2');
    expect((second.json() as AdminPayment[]).map((p) => p.id)).toEqual(expectedIds.slice(2, 4));
    expect(second.headers[TOTAL_COUNT_HEADER]).toBe('6');
    expect(second.headers[TOTAL_REVENUE_HEADER]).toBe(`eur=4444,gbp=250,usd=${499 + 1999}`);
    const past = await get('/api/admin/payments?limit=2&offset=6');
    expect(past.json()).toEqual([]);
    expect(past.headers[TOTAL_COUNT_HEADER]).toBe('6');
    expect(past.headers[TOTAL_REVENUE_HEADER]).toBe(`eur=4444,gbp=250,usd=${499 + 1999}`);
  });

  it('moves a payment between currencies, and leaves out a currency with nothing succeeded', async () => {
    const [pound] = await t.db.select().from(payments).where(eq(payments.amount, 250));
    await t.db.update(payments).set({ currency: 'eur' }).where(eq(payments.id, pound!.id));
    expect((await get('/api/admin/payments')).headers[TOTAL_REVENUE_HEADER]).toBe(
      `eur=${4444 + 250},usd=${499 + 1999}`,
    );
    await t.db.update(payments).set({ status: 'refunded' }).where(eq(payments.currency, 'eur'));
    expect((await get('/api/admin/payments')).headers[TOTAL_REVENUE_HEADER]).toBe(`usd=${499 + 1999}`);
  });

  it('sends an empty revenue when no payment succeeded', async () => {
    await t.db.delete(payments);
    const res = await get('/api/admin/payments');
    expect(res.headers[TOTAL_COUNT_HEADER]).toBe('0');
    expect(res.headers[TOTAL_REVENUE_HEADER]).toBe('');
  });

  it('rejects paging out of range', async () => {
    expect((await get('/api/admin/payments?limit=0')).statusCode).toBe(400);
    expect((await get('/api/admin/payments?limit=501')).statusCode).toBe(400);
    expect((await get('/api/admin/payments?offset=-1')).statusCode).toBe(400);
  });
});

describe('GET /api/admin/subscription-events', () => {
  it('lists newest first with the username, pages, and counts in X-Total-Count', async () => {
    await t.db.delete(subscriptionEvents);
    const { user } = await registerAccount(t.app, uniqueAccount('subscriber'));
    const created = await insertEvent({
      userId: user.id,
      previousStatus: null,
      previousTier: 'free',
      createdAt: ago(30),
    });
    const upgraded = await insertEvent({
      userId: user.id,
      eventType: 'subscription_updated',
      previousStatus: 'active',
      previousTier: 'basic',
      newTier: 'standard',
      createdAt: ago(20),
    });
    const cancelled = await insertEvent({
      userId: null,
      eventType: 'subscription_deleted',
      previousStatus: 'active',
      newStatus: 'canceled',
      newTier: 'free',
      createdAt: ago(10),
    });

    const res = await get('/api/admin/subscription-events');
    expect(res.statusCode).toBe(200);
    const list = res.json() as SubscriptionEvent[];
    expect(list.map((e) => e.id)).toEqual([cancelled.id, upgraded.id, created.id]);
    expect(list[1]).toEqual({
      id: upgraded.id,
      userId: user.id,
      username: user.username,
      eventType: 'subscription_updated',
      previousStatus: 'active',
      newStatus: 'active',
      previousTier: 'basic',
      newTier: 'standard',
      createdAt: upgraded.createdAt.toISOString(),
    });
    expect(list[0]).toMatchObject({ userId: null, username: null });
    expect(res.headers[TOTAL_COUNT_HEADER]).toBe('3');
    expect(res.headers[TOTAL_REVENUE_HEADER]).toBeUndefined();

    const page = await get('/api/admin/subscription-events?limit=1&offset=1');
    expect((page.json() as SubscriptionEvent[]).map((e) => e.id)).toEqual([upgraded.id]);
    expect(page.headers[TOTAL_COUNT_HEADER]).toBe('3');
  });
});

describe('GET /api/admin/abandoned-checkouts', () => {
  const saveKeys = (secretKey: string) =>
    adminCall(t.app, admin.cookie, 'POST', '/api/admin/stripe-keys', {
      mode: 'test',
      publicKey: 'pk_test_parallax',
      secretKey,
    });

  it('is empty while no Stripe keys are configured', async () => {
    const res = await get('/api/admin/abandoned-checkouts');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect(fake.requests).toHaveLength(0);
  });

  it('answers 502 when Stripe refuses the saved key', async () => {
    expect((await saveKeys('sk_test_revoked')).statusCode).toBe(200);
    const res = await get('/api/admin/abandoned-checkouts');
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      message: 'Stripe did not answer. Please check the payment settings and try again.',
    });
  });

  it('lists expired and open unpaid sessions in the server shape, and not paid ones', async () => {
    expect((await saveKeys(FAKE_STRIPE_KEY)).statusCode).toBe(200);
    const checkout = (params: Partial<Stripe.Checkout.SessionCreateParams> = {}) =>
      stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: 'price_fake_standard', quantity: 1 }],
        success_url: 'http://parallax.test/checkout/success',
        cancel_url: 'http://parallax.test/subscribe',
        ...params,
      });
    const expiresAt = Math.floor(Date.now() / 1000) + 2 * 60 * 60;
    const walkedAway = await checkout({ customer_email: 'walked.away@example.com', expires_at: expiresAt });
    fake.expireCheckout(walkedAway.id);
    const stillOpen = await checkout();
    const paid = await checkout({ customer_email: 'paid@example.com' });
    fake.completeCheckout(paid.id, { name: 'Paula Paid' });
    const paidBasic = await checkout({ line_items: [{ price: 'price_fake_basic', quantity: 1 }] });
    fake.completeCheckout(paidBasic.id);

    const res = await get('/api/admin/abandoned-checkouts');
    expect(res.statusCode).toBe(200);
    const list = res.json() as AbandonedCheckout[];
    const byId = (id: string) => list.find((c) => c.id === id);
    expect(list.map((c) => c.id).sort()).toEqual([walkedAway.id, stillOpen.id].sort());
    expect(byId(walkedAway.id)).toEqual({
      id: walkedAway.id,
      customerEmail: 'walked.away@example.com',
      customerName: null,
      amount: 1999,
      currency: 'usd',
      status: 'expired',
      createdAt: new Date(walkedAway.created * 1000).toISOString(),
      expiresAt: new Date(expiresAt * 1000).toISOString(),
    });
    expect(byId(stillOpen.id)).toEqual({
      id: stillOpen.id,
      customerEmail: null,
      customerName: null,
      amount: 1999,
      currency: 'usd',
      status: 'open',
      createdAt: new Date(stillOpen.created * 1000).toISOString(),
      expiresAt: new Date(stillOpen.expires_at * 1000).toISOString(),
    });
  });
});

describe('access', () => {
  it('refuses a signed-in user who is not an admin', async () => {
    const { cookie } = await registerAccount(t.app, uniqueAccount('nosy'));
    expect((await adminCall(t.app, cookie, 'GET', '/api/admin/dashboard')).statusCode).toBe(403);
  });
});
