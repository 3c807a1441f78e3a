import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_STRIPE_KEY, type FakeStripe, startFakeStripe } from './stripe';

// Mid-period price changes through the real SDK: the preview invoice, `always_invoice` charging
// exactly what was previewed, credit from a cheaper price, `error_if_incomplete` with a declining
// card, and `create_prorations` billed with the renewal.

let fake: FakeStripe;
let stripe: Stripe;
let prices: Record<string, string>;

beforeAll(async () => {
  fake = await startFakeStripe();
  const { host, port, protocol } = fake.address;
  stripe = new Stripe(FAKE_STRIPE_KEY, { host, port, protocol, maxNetworkRetries: 0 });
});
afterAll(() => fake.stop());
beforeEach(() => {
  fake.reset();
  prices = fake.seedPlans();
});

async function paidSubscription(plan: 'basic' | 'standard' | 'unlimited') {
  const customer = await stripe.customers.create({ email: 'ada@example.com' });
  const created = await stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price: prices[plan]! }],
    payment_behavior: 'default_incomplete',
    payment_settings: { save_default_payment_method: 'on_subscription' },
  });
  fake.payInvoice(created.id);
  const sub = await stripe.subscriptions.retrieve(created.id);
  const item = sub.items.data[0]!;
  return { customer: customer.id, sub, item };
}

/** Stripe's rounding of one proration line. */
const share = (amount: number, item: Stripe.SubscriptionItem, at: number) =>
  Math.round((amount * (item.current_period_end - at)) / (item.current_period_end - item.current_period_start));

describe('invoices.createPreview', () => {
  it('previews the invoice an immediate upgrade would charge, changing nothing', async () => {
    const { customer, sub, item } = await paidSubscription('basic');
    const at = item.current_period_start + 10 * 24 * 60 * 60;
    const events = fake.state.events.length;
    const invoices = fake.state.invoices.size;
    const preview = await stripe.invoices.createPreview({
      customer,
      subscription: sub.id,
      subscription_details: {
        items: [{ id: item.id, price: prices.standard! }],
        proration_behavior: 'always_invoice',
        proration_date: at,
      },
    });
    const expected = share(1999, item, at) - share(499, item, at);
    expect(preview).toMatchObject({
      object: 'invoice',
      status: 'draft',
      billing_reason: 'subscription_update',
      amount_due: expected,
      total: expected,
      currency: 'usd',
    });
    expect(preview.id).toMatch(/^upcoming_in_/);
    expect(preview.parent?.subscription_details?.subscription_proration_date).toBe(at);
    expect(preview.lines.data.map((line) => line.parent?.subscription_item_details?.proration)).toEqual([true, true]);
    expect(preview.lines.data.map((line) => line.amount)).toEqual([-share(499, item, at), share(1999, item, at)]);
    expect(fake.state.events.length).toBe(events);
    expect(fake.state.invoices.size).toBe(invoices);
    expect((await stripe.subscriptions.retrieve(sub.id)).items.data[0]!.price.id).toBe(prices.basic);
  });

  it('previews the renewal at the new price when nothing is prorated', async () => {
    const { sub, item } = await paidSubscription('standard');
    const preview = await stripe.invoices.createPreview({
      subscription: sub.id,
      subscription_details: { items: [{ id: item.id, price: prices.basic! }], proration_behavior: 'none' },
    });
    expect(preview).toMatchObject({
      amount_due: 499,
      billing_reason: 'upcoming',
      period_start: item.current_period_start,
    });
    expect(preview.next_payment_attempt).toBe(item.current_period_end);
  });

  it('refuses a proration date outside the period, and one without prorations', async () => {
    const { sub, item } = await paidSubscription('basic');
    const ask = (details: Stripe.InvoiceCreatePreviewParams.SubscriptionDetails) =>
      stripe.invoices.createPreview({ subscription: sub.id, subscription_details: details }).catch((e: unknown) => e);
    const late = await ask({
      items: [{ id: item.id, price: prices.standard! }],
      proration_behavior: 'always_invoice',
      proration_date: item.current_period_end + 60,
    });
    expect(late).toMatchObject({ statusCode: 400, param: 'subscription_details[proration_date]' });
    const none = await ask({
      items: [{ id: item.id, price: prices.standard! }],
      proration_behavior: 'none',
      proration_date: item.current_period_start,
    });
    expect(none).toMatchObject({ statusCode: 400 });
  });
});

describe('subscriptions.update with a new price', () => {
  it('always_invoice charges the previewed amount at once and keeps the period', async () => {
    const { sub, item } = await paidSubscription('basic');
    const at = item.current_period_start + 3 * 24 * 60 * 60;
    const params = {
      items: [{ id: item.id, price: prices.unlimited! }],
      proration_behavior: 'always_invoice' as const,
      proration_date: at,
    };
    const preview = await stripe.invoices.createPreview({ subscription: sub.id, subscription_details: params });
    const updated = await stripe.subscriptions.update(sub.id, {
      ...params,
      payment_behavior: 'error_if_incomplete',
      expand: ['latest_invoice'],
    });
    const invoice = updated.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({
      status: 'paid',
      billing_reason: 'subscription_update',
      amount_paid: preview.amount_due,
    });
    expect(preview.amount_due).toBeGreaterThan(0);
    expect(updated.items.data[0]).toMatchObject({
      price: { id: prices.unlimited },
      current_period_start: item.current_period_start,
      current_period_end: item.current_period_end,
    });
    expect(fake.eventsOfType('invoice.paid').map((e) => e.data.object.id)).toContain(invoice.id);
  });

  it('a cheaper price now leaves credit that the renewal uses', async () => {
    const { customer, sub, item } = await paidSubscription('unlimited');
    const at = item.current_period_start + 15 * 24 * 60 * 60;
    const updated = await stripe.subscriptions.update(sub.id, {
      items: [{ id: item.id, price: prices.basic! }],
      proration_behavior: 'always_invoice',
      proration_date: at,
      expand: ['latest_invoice'],
    });
    const credit = share(4444, item, at) - share(499, item, at);
    expect(updated.latest_invoice).toMatchObject({ status: 'paid', amount_due: 0, total: -credit });
    expect((await stripe.customers.retrieve(customer)) as Stripe.Customer).toMatchObject({ balance: -credit });

    fake.advancePeriod(sub.id);
    const renewal = (await stripe.subscriptions.retrieve(sub.id, { expand: ['latest_invoice'] }))
      .latest_invoice as Stripe.Invoice;
    expect(renewal).toMatchObject({ billing_reason: 'subscription_cycle', total: 499, status: 'paid' });
    expect(renewal.amount_paid).toBe(Math.max(0, 499 - credit));
  });

  it('error_if_incomplete with a declining card answers 402 and changes nothing', async () => {
    const { customer, sub, item } = await paidSubscription('basic');
    const declining = fake.addCard(customer, { last4: '0002', makeDefault: true });
    await stripe.subscriptions.update(sub.id, { default_payment_method: declining.id });
    const events = fake.state.events.length;
    const failed = await stripe.subscriptions
      .update(sub.id, {
        items: [{ id: item.id, price: prices.standard! }],
        proration_behavior: 'always_invoice',
        payment_behavior: 'error_if_incomplete',
      })
      .catch((e: unknown) => e);
    expect(failed).toMatchObject({ statusCode: 402, type: 'StripeCardError', code: 'card_declined' });
    const after = await stripe.subscriptions.retrieve(sub.id);
    expect(after).toMatchObject({ status: 'active', latest_invoice: sub.latest_invoice });
    expect(after.items.data[0]!.price.id).toBe(prices.basic);
    expect(fake.state.events.length).toBe(events);
  });

  it('create_prorations bills the difference with the next renewal; none bills nothing', async () => {
    const { sub, item } = await paidSubscription('basic');
    const invoices = fake.state.invoices.size;
    await stripe.subscriptions.update(sub.id, {
      items: [{ id: item.id, price: prices.standard! }],
      proration_behavior: 'create_prorations',
    });
    expect(fake.state.invoices.size).toBe(invoices);
    fake.advancePeriod(sub.id);
    const renewal = (await stripe.subscriptions.retrieve(sub.id, { expand: ['latest_invoice'] }))
      .latest_invoice as Stripe.Invoice;
    expect(renewal.lines.data.filter((l) => l.parent?.subscription_item_details?.proration)).toHaveLength(2);
    expect(renewal.total).toBeGreaterThan(1999);

    const next = (await stripe.subscriptions.retrieve(sub.id)).items.data[0]!;
    await stripe.subscriptions.update(sub.id, {
      items: [{ id: next.id, price: prices.basic! }],
      proration_behavior: 'none',
    });
    fake.advancePeriod(sub.id);
    const plain = (await stripe.subscriptions.retrieve(sub.id, { expand: ['latest_invoice'] }))
      .latest_invoice as Stripe.Invoice;
    expect(plain.total).toBe(499);
  });
});
