import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_STRIPE_KEY, type FakeStripe, startFakeStripe } from './stripe';
import { parseForm } from './stripe-wire';

// The fake's test controls (renewals, declines, period end, Checkout completion), its HTTP
// control endpoints, webhook forwarding and the standalone CLI.

let fake: FakeStripe;
let stripe: Stripe;
const DAY = 24 * 60 * 60;

beforeAll(async () => {
  fake = await startFakeStripe();
  const { host, port, protocol } = fake.address;
  stripe = new Stripe(FAKE_STRIPE_KEY, { host, port, protocol, maxNetworkRetries: 0 });
});
afterAll(() => fake.stop());
beforeEach(() => {
  fake.setWebhook(null);
  fake.reset();
});

async function activeSubscription() {
  const customer = await stripe.customers.create({ email: 'ada@example.com' });
  const price = await stripe.prices.create({
    currency: 'usd',
    unit_amount: 1999,
    recurring: { interval: 'month' },
    product_data: { name: 'Standard' },
  });
  const sub = await stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price: price.id }],
    payment_behavior: 'default_incomplete',
    payment_settings: { save_default_payment_method: 'on_subscription' },
  });
  fake.payInvoice(sub.id);
  return stripe.subscriptions.retrieve(sub.id, { expand: ['latest_invoice'] });
}

/** A local endpoint standing in for the app's /stripe-webhook. */
async function webhookReceiver(): Promise<{
  url: string;
  received: { body: string; signature: string }[];
  server: Server;
}> {
  const received: { body: string; signature: string }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ body, signature: String(req.headers['stripe-signature']) });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/stripe-webhook`, received, server };
}

describe('lifecycle controls', () => {
  it('renews: a new paid invoice and the period moved forward 30 days', async () => {
    const sub = await activeSubscription();
    const before = sub.items.data[0] as Stripe.SubscriptionItem;
    fake.advancePeriod(sub.id);
    const renewed = await stripe.subscriptions.retrieve(sub.id, { expand: ['latest_invoice'] });
    const after = renewed.items.data[0] as Stripe.SubscriptionItem;
    expect(after.current_period_start).toBe(before.current_period_end);
    expect(after.current_period_end).toBe(before.current_period_end + 30 * DAY);
    const invoice = renewed.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({ status: 'paid', billing_reason: 'subscription_cycle', amount_paid: 1999 });
    expect(invoice.id).not.toBe((sub.latest_invoice as Stripe.Invoice).id);
    expect((await stripe.invoices.list({ subscription: sub.id })).data).toHaveLength(2);
    expect(fake.eventsOfType('invoice.payment_succeeded')).toHaveLength(2);
  });

  it('declines a renewal (past_due, invoice.payment_failed) and recovers on payInvoice', async () => {
    const sub = await activeSubscription();
    expect(fake.failPayment(sub.id).status).toBe('past_due');
    const failed = fake.eventsOfType('invoice.payment_failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]?.data.object).toMatchObject({ status: 'open', attempted: true, attempt_count: 1 });
    expect(fake.payInvoice(sub.id).status).toBe('active');
  });

  it('leaves a first payment that fails incomplete, as Stripe does', async () => {
    const customer = await stripe.customers.create({});
    const price = await stripe.prices.create({
      currency: 'usd',
      unit_amount: 99,
      recurring: { interval: 'month' },
      product_data: { name: 'Test' },
    });
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      payment_behavior: 'default_incomplete',
    });
    expect(fake.failPayment(sub.id).status).toBe('incomplete');
    expect(fake.eventsOfType('invoice.payment_failed')).toHaveLength(1);
  });

  it('ends a cancel_at_period_end subscription when its period runs out', async () => {
    const sub = await activeSubscription();
    expect(() => fake.endPeriod(sub.id)).toThrow(/not set to cancel/);
    await stripe.subscriptions.update(sub.id, { cancel_at_period_end: true });
    expect(fake.advancePeriod(sub.id)).toMatchObject({ status: 'canceled', cancel_at_period_end: true });
    expect(fake.eventsOfType('customer.subscription.deleted')).toHaveLength(1);
  });

  it('charges the default card at once without default_incomplete; deleting the customer cancels', async () => {
    const customer = await stripe.customers.create({});
    const price = await stripe.prices.create({
      currency: 'usd',
      unit_amount: 499,
      recurring: { interval: 'month' },
      product_data: { name: 'B' },
    });
    const items = [{ price: price.id }];
    await expect(stripe.subscriptions.create({ customer: customer.id, items })).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('no attached payment source'),
    });
    fake.addCard(customer.id, { makeDefault: true });
    const sub = await stripe.subscriptions.create({ customer: customer.id, items });
    expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe('active');
    expect((await stripe.customers.del(customer.id)).deleted).toBe(true);
    expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe('canceled');
    expect(await stripe.customers.retrieve(customer.id)).toEqual({
      id: customer.id,
      object: 'customer',
      deleted: true,
    });
  });

  it('pays through the API too: confirm a PaymentIntent, and a declining test card', async () => {
    const customer = await stripe.customers.create({});
    const price = await stripe.prices.create({
      currency: 'usd',
      unit_amount: 499,
      recurring: { interval: 'month' },
      product_data: { name: 'B' },
    });
    const create = () =>
      stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: price.id }],
        payment_behavior: 'default_incomplete',
        expand: ['latest_invoice.confirmation_secret'],
      });
    const piOf = (s: Stripe.Subscription) =>
      (s.latest_invoice as Stripe.Invoice).confirmation_secret?.client_secret.split('_secret_')[0] ?? '';
    const declined = await create();
    const error = await stripe.paymentIntents
      .confirm(piOf(declined), { payment_method: 'pm_card_chargeDeclined' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(error).toMatchObject({ code: 'card_declined', decline_code: 'generic_decline' });

    const paid = await create();
    const intent = await stripe.paymentIntents.confirm(piOf(paid), { payment_method: 'pm_card_visa' });
    expect(intent.status).toBe('succeeded');
    expect((await stripe.subscriptions.retrieve(paid.id)).status).toBe('active');
  });
});

describe('HTTP controls and webhooks', () => {
  it('completes Checkout over /__fake/ and forwards signed events to the webhook URL', async () => {
    const receiver = await webhookReceiver();
    try {
      fake.setWebhook({ url: receiver.url, secret: 'whsec_test' });
      const price = await stripe.prices.create({
        currency: 'usd',
        unit_amount: 499,
        recurring: { interval: 'month' },
        product_data: { name: 'B' },
      });
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: price.id, quantity: 1 }],
        client_reference_id: '42',
        success_url: 'http://127.0.0.1:3000/done?cs={CHECKOUT_SESSION_ID}',
        subscription_data: { metadata: { userId: '42' } },
      });
      const paid = await fetch(`${fake.address.url}/__fake/checkout/pay/${session.id}`, {
        method: 'POST',
        redirect: 'manual',
      });
      expect(paid.status).toBe(303);
      expect(paid.headers.get('location')).toBe(`http://127.0.0.1:3000/done?cs=${session.id}`);
      await fake.settled();

      const types = receiver.received.map(
        ({ body, signature }) => stripe.webhooks.constructEvent(body, signature, 'whsec_test').type,
      );
      expect(types).toEqual(
        expect.arrayContaining([
          'customer.created',
          'customer.subscription.created',
          'invoice.paid',
          'checkout.session.completed',
        ]),
      );
      expect(types.at(-1)).toBe('checkout.session.completed');
      expect(fake.deliveries.every((d) => d.status === 200)).toBe(true);
      const completed = await stripe.events.list({ type: 'checkout.session.*' });
      const object = completed.data[0]?.data.object as Stripe.Checkout.Session;
      expect(object).toMatchObject({ status: 'complete', client_reference_id: '42' });
      expect((await stripe.subscriptions.retrieve(object.subscription as string)).metadata).toEqual({ userId: '42' });
    } finally {
      receiver.server.close();
    }
  });

  it('drives subscriptions and cards over HTTP and shows the state', async () => {
    const customer = await stripe.customers.create({ email: 'ada@example.com' });
    const post = (path: string, body: unknown = {}) =>
      fetch(`${fake.address.url}/__fake/${path}`, { method: 'POST', body: JSON.stringify(body) }).then(
        (r) => r.json() as Promise<Record<string, unknown>>,
      );
    const card = await post(`customers/${customer.id}/cards`, { brand: 'amex', last4: '0005', makeDefault: true });
    expect(card).toMatchObject({ object: 'payment_method', card: { brand: 'amex', last4: '0005' } });
    const price = await stripe.prices.create({
      currency: 'usd',
      unit_amount: 499,
      recurring: { interval: 'month' },
      product_data: { name: 'B' },
    });
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      payment_behavior: 'default_incomplete',
    });
    expect(await post(`subscriptions/${sub.id}/pay`)).toMatchObject({ status: 'active' });
    expect(await post(`subscriptions/${sub.id}/advance`)).toMatchObject({ status: 'active' });
    expect(await post('subscriptions/sub_nope/pay')).toMatchObject({
      error: { message: "No such subscription: 'sub_nope'" },
    });
    const state = (await (await fetch(`${fake.address.url}/__fake/state`)).json()) as Record<string, unknown[]>;
    expect(state.invoices).toHaveLength(2);
  });
});

describe('wire format', () => {
  it('decodes Stripe bracket notation, indexed and pushed arrays alike', () => {
    const params = parseForm(
      'items[0][price]=p1&items[1][price]=p2&expand[]=a&expand[]=b.c&metadata[0]=zero&metadata[plan]=x%20y&n=1',
    );
    expect(params).toEqual({
      items: [{ price: 'p1' }, { price: 'p2' }],
      expand: ['a', 'b.c'],
      metadata: { '0': 'zero', plan: 'x y' },
      n: '1',
    });
  });

  it('accepts curl-style requests and rejects an unknown expansion', async () => {
    const headers = { authorization: `Bearer ${FAKE_STRIPE_KEY}`, 'content-type': 'application/x-www-form-urlencoded' };
    const created = await fetch(`${fake.address.url}/v1/customers`, {
      method: 'POST',
      headers,
      body: 'email=a%40b.co&metadata[k]=v',
    });
    expect(await created.json()).toMatchObject({ email: 'a@b.co', metadata: { k: 'v' } });
    const bad = await fetch(`${fake.address.url}/v1/customers?expand[]=nothing`, { headers });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { message: expect.stringContaining("expanding 'data.nothing'") } });
  });

  it('paginates lists newest first', async () => {
    for (const email of ['a@x.co', 'b@x.co', 'c@x.co']) await stripe.customers.create({ email });
    const page = await stripe.customers.list({ limit: 2 });
    expect(page.has_more).toBe(true);
    expect(page.data.map((c) => c.email)).toEqual(['c@x.co', 'b@x.co']);
    const all = await stripe.customers.list({ limit: 2 }).autoPagingToArray({ limit: 10 });
    expect(all.map((c) => c.email)).toEqual(['c@x.co', 'b@x.co', 'a@x.co']);
  });
});

describe('standalone CLI', () => {
  it('serves the API, seeds the plans and forwards events to --webhook-url', async () => {
    const receiver = await webhookReceiver();
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'tests/fakes/stripe.ts', '--port', '0', '--webhook-url', receiver.url],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    try {
      const lines = createInterface({ input: child.stdout });
      let url = '';
      for await (const line of lines) {
        url = /listening on (\S+)/.exec(line)?.[1] ?? '';
        if (url) break;
      }
      const { hostname, port } = new URL(url);
      const client = new Stripe(FAKE_STRIPE_KEY, {
        host: hostname,
        port: Number(port),
        protocol: 'http',
        maxNetworkRetries: 0,
      });
      expect((await client.prices.retrieve('price_fake_basic')).unit_amount).toBe(499);
      await client.customers.create({ email: 'cli@example.com' });
      await expect.poll(() => receiver.received.length, { timeout: 5000 }).toBe(1);
      const [delivery] = receiver.received;
      expect(client.webhooks.constructEvent(delivery?.body ?? '', delivery?.signature ?? '', 'whsec_test').type).toBe(
        'customer.created',
      );
    } finally {
      child.kill('SIGTERM');
      receiver.server.close();
    }
  });
});
