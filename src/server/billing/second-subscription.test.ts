import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyServerOptions } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubscriptionEvent } from '../../common/admin-billing-schemas';
import { buildApp, type App } from '../app';
import { loadConfig } from '../config';
import { subscriptionEvents } from '../db/schema';
import { loggerOptions } from '../http/logger';
import { SECOND_SUBSCRIPTION_EVENT } from './subscription-sync';
import { FAKE_STRIPE_KEY, startFakeStripe, type FakeStripe } from '../../../tests/fakes/stripe';
import { getMe, registerAccount, relaxedRateLimits, uniqueAccount } from '../../../tests/helpers/accounts';
import { adminCall, signInAdmin } from '../../../tests/helpers/admins';
import { createTestDatabase, type TestDatabase } from '../../../tests/helpers/test-app';
import { deliverWebhooksTo, fakeStripeEnv } from '../../../tests/helpers/fake-stripe-app';

// A user who already holds a live subscription and pays for another (a Payment Link opened from an
// old tab, Stripe's own pages): both would bill. The webhook that brings the second one logs a
// warning and records it for the admin console; nothing is cancelled automatically.

const WEBHOOK_SECRET = 'whsec_test_second_subscription';
let stripe: FakeStripe;
let sdk: Stripe;
let database: TestDatabase;
let app: App;
const logLines: string[] = [];

beforeAll(async () => {
  stripe = await startFakeStripe();
  database = await createTestDatabase();
  const config = loadConfig({
    ...relaxedRateLimits,
    NODE_ENV: 'test',
    DATA_DIR: database.dataDir,
    APP_SECRET: 'test-secret-test-secret-test-secret-0123',
    APP_URL: 'http://parallax.test',
    LOG_LEVEL: 'warn',
    ...fakeStripeEnv(stripe, WEBHOOK_SECRET),
  });
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      callback();
    },
  });
  const logger = { ...(loggerOptions(config) as object), stream } as FastifyServerOptions['logger'];
  app = await buildApp({ config, db: database.db, logger, clientDir: null });
  await deliverWebhooksTo(stripe, app, WEBHOOK_SECRET);
  const { host, port } = stripe.address;
  sdk = new Stripe(FAKE_STRIPE_KEY, { host, port, protocol: 'http', maxNetworkRetries: 0 });
});
afterAll(async () => {
  await app.close();
  await stripe.stop();
  await database.close();
});

const as = (cookie: string) => ({ headers: { cookie } });

const warnings = () =>
  logLines
    .map((line) => JSON.parse(line) as { level: number; msg: string; userId?: number; subscription?: string })
    .filter((entry) => entry.level === 40 && entry.msg.includes('second live subscription'));

const secondRows = (userId: number) =>
  database.db
    .select()
    .from(subscriptionEvents)
    .where(eq(subscriptionEvents.userId, userId))
    .then((rows) => rows.filter((row) => row.eventType === SECOND_SUBSCRIPTION_EVENT));

/** A paid Basic subscriber, as the checkout page makes one. */
async function subscriber() {
  const { cookie, user } = await registerAccount(app, uniqueAccount('twice'));
  const res = await app.inject({
    method: 'POST',
    url: '/api/stripe/create-subscription',
    payload: { planId: 'basic' },
    ...as(cookie),
  });
  expect(res.statusCode, res.body).toBe(200);
  const subscriptionId = (res.json() as { subscriptionId: string }).subscriptionId;
  stripe.payInvoice(subscriptionId);
  await stripe.settled();
  const me = (await getMe(app, cookie)).json() as { stripeCustomerId: string; subscriptionStatus: string };
  expect(me.subscriptionStatus).toBe('active');
  return { cookie, user, subscriptionId, customerId: me.stripeCustomerId };
}

/** What a Payment Link does: a Checkout Session for Standard naming the user, paid on Stripe's page. */
async function payThroughPaymentLink(userId: number, customer?: string) {
  const session = await sdk.checkout.sessions.create({
    mode: 'subscription',
    line_items: [{ price: 'price_fake_standard', quantity: 1 }],
    client_reference_id: String(userId),
    success_url: 'http://parallax.test/?refresh_subscription=true&payment_success=true',
    ...(customer ? { customer } : {}),
  });
  const completed = stripe.completeCheckout(session.id);
  await stripe.settled();
  return completed.subscription as string;
}

describe('a second live subscription for a user who holds one', () => {
  it('is logged and shown to the admin when checkout.session.completed brings it; nothing is cancelled', async () => {
    const { user, subscriptionId } = await subscriber();
    const before = warnings().length;
    // A Payment Link makes a new Stripe customer; only the session's client_reference_id names the user.
    const second = await payThroughPaymentLink(user.id);

    const rows = await secondRows(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      stripeSubscriptionId: second,
      previousStatus: 'active',
      previousTier: 'basic',
      newStatus: 'active',
      newTier: 'standard',
      details: { otherSubscriptionId: subscriptionId },
    });
    expect(warnings().slice(before)).toEqual([
      expect.objectContaining({ userId: user.id, subscription: second, otherSubscription: subscriptionId }),
    ]);
    expect((await sdk.subscriptions.retrieve(subscriptionId)).status).toBe('active');
    expect((await sdk.subscriptions.retrieve(second)).status).toBe('active');

    const admin = await signInAdmin(app, database.db);
    const listed = (
      await adminCall(app, admin.cookie, 'GET', '/api/admin/subscription-events')
    ).json() as SubscriptionEvent[];
    expect(
      listed.find((event) => event.eventType === SECOND_SUBSCRIPTION_EVENT && event.userId === user.id),
    ).toMatchObject({
      username: user.username,
      newStatus: 'active',
      newTier: 'standard',
    });
  });

  it("is recorded once when the subscription's own webhooks bring it for the same Stripe customer", async () => {
    const { user, subscriptionId, customerId } = await subscriber();
    const before = warnings().length;
    const second = await payThroughPaymentLink(user.id, customerId);

    const rows = await secondRows(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ stripeSubscriptionId: second, details: { otherSubscriptionId: subscriptionId } });
    expect(warnings().length - before).toBe(1);
    expect((await sdk.subscriptions.retrieve(subscriptionId)).status).toBe('active');
    expect((await sdk.subscriptions.retrieve(second)).status).toBe('active');
  });

  it('is not reported when the first one has ended: subscribing again after terminating is no duplicate', async () => {
    const { cookie, user, customerId } = await subscriber();
    const terminate = await app.inject({ method: 'POST', url: '/api/billing/terminate-subscription', ...as(cookie) });
    expect(terminate.statusCode, terminate.body).toBe(200);
    await stripe.settled();
    const before = warnings().length;
    await payThroughPaymentLink(user.id, customerId);

    expect(await secondRows(user.id)).toEqual([]);
    expect(warnings().length).toBe(before);
    expect((await getMe(app, cookie)).json()).toMatchObject({
      subscriptionTier: 'standard',
      subscriptionStatus: 'active',
    });
  });
});
