import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_STRIPE_KEY, type FakeStripe, startFakeStripe } from './stripe';

// The fake's time controls for unpaid subscriptions, over HTTP as an e2e run uses them: Stripe's
// expiry of an incomplete subscription, and backdating.

let fake: FakeStripe;
let stripe: Stripe;
const HOUR = 60 * 60;

beforeAll(async () => {
  fake = await startFakeStripe();
  fake.seedPlans();
  const { host, port, protocol } = fake.address;
  stripe = new Stripe(FAKE_STRIPE_KEY, { host, port, protocol, maxNetworkRetries: 0 });
});
afterAll(() => fake.stop());
beforeEach(() => {
  fake.reset();
  fake.seedPlans();
});

async function unpaidSubscription() {
  const customer = await stripe.customers.create({ email: 'ada@example.com' });
  return stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price: 'price_fake_basic' }],
    payment_behavior: 'default_incomplete',
    expand: ['latest_invoice.confirmation_secret'],
  });
}

const control = (path: string, body: object = {}) =>
  fetch(`${fake.address.url}/__fake/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('POST /__fake/subscriptions/:id/expire', () => {
  it('ends an unpaid subscription as incomplete_expired, voids its invoice, and says so as Stripe does', async () => {
    const sub = await unpaidSubscription();
    const invoice = sub.latest_invoice as Stripe.Invoice;
    const res = await control(`subscriptions/${sub.id}/expire`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: sub.id, status: 'incomplete_expired' });

    const after = await stripe.subscriptions.retrieve(sub.id, { expand: ['latest_invoice'] });
    expect(after.status).toBe('incomplete_expired');
    expect(after.ended_at).toEqual(expect.any(Number));
    expect((after.latest_invoice as Stripe.Invoice).status).toBe('void');
    const updated = fake.eventsOfType('customer.subscription.updated').at(-1)!;
    expect(updated.data).toMatchObject({
      object: { id: sub.id, status: 'incomplete_expired' },
      previous_attributes: { status: 'incomplete' },
    });
    expect(fake.eventsOfType('invoice.voided').map((e) => e.data.object.id)).toEqual([invoice.id]);
    // Ended: neither listed by default nor payable any more.
    expect((await stripe.subscriptions.list({ customer: sub.customer as string })).data).toEqual([]);
    expect((await stripe.subscriptions.list({ status: 'incomplete_expired' })).data.map((s) => s.id)).toEqual([sub.id]);
    await expect(stripe.invoices.pay(invoice.id, { payment_method: 'pm_card_visa' })).rejects.toThrow(/void/);
  });

  it('refuses a subscription that is not incomplete', async () => {
    const sub = await unpaidSubscription();
    fake.payInvoice(sub.id);
    const res = await control(`subscriptions/${sub.id}/expire`);
    expect(res.status).toBe(400);
    expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe('active');
  });
});

describe('POST /__fake/subscriptions/:id/backdate', () => {
  it('makes the subscription and its invoice that many hours older, without an event', async () => {
    const sub = await unpaidSubscription();
    const invoice = sub.latest_invoice as Stripe.Invoice;
    const events = fake.state.events.length;
    const res = await control(`subscriptions/${sub.id}/backdate`, { hours: 25 });
    expect(res.status).toBe(200);
    const after = await stripe.subscriptions.retrieve(sub.id);
    expect(after.created).toBe(sub.created - 25 * HOUR);
    expect(after.items.data[0]!.current_period_start).toBe(sub.items.data[0]!.current_period_start - 25 * HOUR);
    expect((await stripe.invoices.retrieve(invoice.id)).created).toBe(invoice.created - 25 * HOUR);
    expect(fake.state.events).toHaveLength(events);
    expect((await control(`subscriptions/${sub.id}/backdate`, { hours: 0 })).status).toBe(400);
  });
});
