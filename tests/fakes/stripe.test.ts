import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_STRIPE_KEY, type FakeStripe, signedEvent, startFakeStripe } from './stripe';

// The real `stripe` SDK against the fake: if these pass, the SDK accepts the fake's wire format
// and objects, which is what lets the app's billing code be tested without Stripe.

let fake: FakeStripe;
let stripe: Stripe;
const DAY = 24 * 60 * 60;

beforeAll(async () => {
  fake = await startFakeStripe();
  const { host, port, protocol } = fake.address;
  stripe = new Stripe(FAKE_STRIPE_KEY, { host, port, protocol, maxNetworkRetries: 0 });
});
afterAll(() => fake.stop());
beforeEach(() => fake.reset());

const monthlyPrice = (amount = 499) =>
  stripe.prices.create({
    currency: 'usd',
    unit_amount: amount,
    recurring: { interval: 'month' },
    product_data: { name: 'Basic' },
    nickname: 'Basic',
  });

async function incompleteSubscription() {
  const customer = await stripe.customers.create({ email: 'ada@example.com', metadata: { userId: '7' } });
  const price = await monthlyPrice();
  const subscription = await stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price: price.id }],
    payment_behavior: 'default_incomplete',
    payment_settings: { save_default_payment_method: 'on_subscription' },
    expand: ['latest_invoice.confirmation_secret'],
    metadata: { userId: '7', planId: 'basic' },
  });
  return { customer, price, subscription };
}

describe('customers and prices', () => {
  it('creates, retrieves, updates and lists customers by email', async () => {
    const customer = await stripe.customers.create({
      email: 'ada@example.com',
      name: 'Ada',
      metadata: { userId: '1' },
    });
    expect(customer).toMatchObject({
      object: 'customer',
      email: 'ada@example.com',
      livemode: false,
      metadata: { userId: '1' },
    });
    expect(customer.id).toMatch(/^cus_/);
    expect(customer.created).toBeCloseTo(Date.now() / 1000, -1);
    await stripe.customers.create({ email: 'bob@example.com' });

    const updated = await stripe.customers.update(customer.id, { name: 'Ada L.', metadata: { userId: '' } });
    expect(updated).toMatchObject({ name: 'Ada L.', metadata: {} });
    expect((await stripe.customers.retrieve(customer.id)).id).toBe(customer.id);
    const found = await stripe.customers.list({ email: 'ada@example.com' });
    expect(found).toMatchObject({ object: 'list', has_more: false, url: '/v1/customers' });
    expect(found.data.map((c) => c.id)).toEqual([customer.id]);
  });

  it('creates a recurring monthly price with its product', async () => {
    const price = await monthlyPrice(1999);
    expect(price).toMatchObject({
      object: 'price',
      type: 'recurring',
      unit_amount: 1999,
      currency: 'usd',
      nickname: 'Basic',
    });
    expect(price.recurring).toMatchObject({ interval: 'month', interval_count: 1 });
    expect(String(price.unit_amount_decimal)).toBe('1999');
    const product = await stripe.products.retrieve(price.product as string);
    expect(product).toMatchObject({ object: 'product', name: 'Basic' });
    expect((await stripe.prices.retrieve(price.id)).id).toBe(price.id);
    expect((await stripe.prices.list({ active: true })).data).toHaveLength(1);
  });
});

describe('subscriptions', () => {
  it('creates an incomplete subscription whose invoice carries the client secret', async () => {
    const { subscription, customer } = await incompleteSubscription();
    expect(subscription).toMatchObject({
      object: 'subscription',
      status: 'incomplete',
      customer: customer.id,
      cancel_at_period_end: false,
    });
    const invoice = subscription.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({
      object: 'invoice',
      status: 'open',
      amount_due: 499,
      billing_reason: 'subscription_create',
    });
    expect(invoice.confirmation_secret).toEqual({
      client_secret: expect.stringMatching(/^pi_\w+_secret_\w+$/),
      type: 'payment_intent',
    });
    expect(invoice.parent?.subscription_details?.subscription).toBe(subscription.id);
    expect(invoice.payments).toBeUndefined(); // includable: only with expand[]=payments

    const item = subscription.items.data[0] as Stripe.SubscriptionItem;
    expect(item.price.id).toMatch(/^price_/);
    expect(item.current_period_end - item.current_period_start).toBe(30 * DAY);
    const piId = invoice.confirmation_secret?.client_secret.split('_secret_')[0] ?? '';
    expect((await stripe.paymentIntents.retrieve(piId)).status).toBe('requires_payment_method');

    const plain = await stripe.invoices.retrieve(invoice.id);
    expect(plain.confirmation_secret).toBeUndefined();
    // Before API 2025-03-31 this was where the secret lived; the field is gone, so is the expansion.
    const old = stripe.subscriptions.retrieve(subscription.id, { expand: ['latest_invoice.payment_intent'] });
    await expect(old).rejects.toMatchObject({
      statusCode: 400,
      message: 'This property cannot be expanded (payment_intent).',
    });
  });

  it('activates on payInvoice, with the period on the items and the card as default', async () => {
    const { subscription } = await incompleteSubscription();
    fake.payInvoice(subscription.id);
    const active = await stripe.subscriptions.retrieve(subscription.id, {
      expand: ['latest_invoice.payments', 'items.data.price'],
    });
    expect(active.status).toBe('active');
    const item = active.items.data[0] as Stripe.SubscriptionItem;
    expect(item.current_period_start).toBeCloseTo(Date.now() / 1000, -1);
    expect(item.current_period_end - item.current_period_start).toBe(30 * DAY);
    expect(item.price.unit_amount).toBe(499);
    const invoice = active.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({ status: 'paid', amount_paid: 499, amount_remaining: 0 });
    const piId = invoice.payments?.data[0]?.payment.payment_intent as string;
    expect(await stripe.paymentIntents.retrieve(piId)).toMatchObject({ status: 'succeeded', amount_received: 499 });

    const pm = await stripe.paymentMethods.retrieve(active.default_payment_method as string);
    expect(pm.card).toMatchObject({ brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 });
    expect(fake.state.events.map((e) => e.type)).toEqual(
      expect.arrayContaining([
        'customer.subscription.created',
        'invoice.paid',
        'invoice.payment_succeeded',
        'customer.subscription.updated',
      ]),
    );
  });

  it('sets and clears cancel_at_period_end, then cancels', async () => {
    const { subscription } = await incompleteSubscription();
    fake.payInvoice(subscription.id);
    const cancelling = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    expect(cancelling).toMatchObject({ status: 'active', cancel_at_period_end: true });
    expect(cancelling.cancel_at).toBe(cancelling.items.data[0]?.current_period_end);
    const updated = fake.eventsOfType('customer.subscription.updated').at(-1);
    expect(updated?.data.previous_attributes).toMatchObject({ cancel_at_period_end: false });
    expect(updated?.request.id).toMatch(/^req_/);

    const resumed = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: false });
    expect(resumed).toMatchObject({ cancel_at_period_end: false, cancel_at: null, canceled_at: null });

    const canceled = await stripe.subscriptions.cancel(subscription.id);
    expect(canceled).toMatchObject({ status: 'canceled', ended_at: expect.any(Number) });
    expect(fake.eventsOfType('customer.subscription.deleted')).toHaveLength(1);
    expect((await stripe.subscriptions.list({ customer: canceled.customer as string })).data).toHaveLength(0);
    expect((await stripe.subscriptions.list({ status: 'all' })).data).toHaveLength(1);
  });

  it('changes the price of an item without proration', async () => {
    const { subscription } = await incompleteSubscription();
    fake.payInvoice(subscription.id);
    const bigger = await monthlyPrice(4444);
    const item = subscription.items.data[0] as Stripe.SubscriptionItem;
    const changed = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: item.id, price: bigger.id }],
      proration_behavior: 'none',
      metadata: { planId: 'unlimited' },
    });
    expect(changed.items.data).toHaveLength(1);
    expect(changed.items.data[0]).toMatchObject({ id: item.id, price: { id: bigger.id, unit_amount: 4444 } });
    expect(changed.metadata).toEqual({ userId: '7', planId: 'unlimited' });
  });
});

describe('payment methods and setup intents', () => {
  it('lists a customer’s cards and sets the default', async () => {
    const customer = await stripe.customers.create({ email: 'ada@example.com' });
    const visa = fake.addCard(customer.id);
    const mastercard = await stripe.paymentMethods.attach('pm_card_mastercard', { customer: customer.id });
    expect(mastercard.card).toMatchObject({ brand: 'mastercard', last4: '4444' });

    const listed = await stripe.customers.listPaymentMethods(customer.id, { type: 'card' });
    expect(listed.data.map((pm) => pm.id).sort()).toEqual([visa.id, mastercard.id].sort());
    expect((await stripe.paymentMethods.list({ customer: customer.id, type: 'card' })).data).toHaveLength(2);

    const updated = await stripe.customers.update(customer.id, {
      invoice_settings: { default_payment_method: mastercard.id },
    });
    expect(updated.invoice_settings.default_payment_method).toBe(mastercard.id);
    await stripe.paymentMethods.detach(mastercard.id);
    const after = (await stripe.customers.retrieve(customer.id)) as Stripe.Customer;
    expect(after.invoice_settings.default_payment_method).toBeNull();
  });

  it('creates a setup intent with a client secret, confirmed by the test control', async () => {
    const customer = await stripe.customers.create({ email: 'ada@example.com' });
    const intent = await stripe.setupIntents.create({ customer: customer.id, allowed_payment_method_types: ['card'] });
    expect(intent).toMatchObject({ object: 'setup_intent', status: 'requires_payment_method', usage: 'off_session' });
    expect(intent).toMatchObject({ allowed_payment_method_types: ['card'], payment_method_types: ['card'] });
    expect(intent.client_secret).toMatch(/^seti_\w+_secret_\w+$/);
    // Removed in this API version (was payment_method_types): rejected as Stripe does.
    const old = { customer: customer.id, payment_method_types: ['card'] } as unknown as Stripe.SetupIntentCreateParams;
    await expect(stripe.setupIntents.create(old)).rejects.toMatchObject({ statusCode: 400, code: 'parameter_unknown' });

    fake.confirmSetupIntent(intent.id, 'amex');
    const done = await stripe.setupIntents.retrieve(intent.id, { expand: ['payment_method'] });
    expect(done.status).toBe('succeeded');
    expect((done.payment_method as Stripe.PaymentMethod).card?.brand).toBe('amex');
    expect((await stripe.customers.listPaymentMethods(customer.id)).data).toHaveLength(1);
  });
});

describe('checkout sessions', () => {
  it('creates, lists and expires sessions', async () => {
    const price = await monthlyPrice();
    const create = () =>
      stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: price.id, quantity: 1 }],
        client_reference_id: '42',
        customer_email: 'ada@example.com',
        success_url: 'http://127.0.0.1:3000/?payment_success=true&session_id={CHECKOUT_SESSION_ID}',
        metadata: { userId: '42' },
      });
    const session = await create();
    expect(session).toMatchObject({
      object: 'checkout.session',
      status: 'open',
      mode: 'subscription',
      amount_total: 499,
      ui_mode: 'hosted_page',
    });
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.url).toContain(`/__fake/checkout/pay/${session.id}`);
    expect(session.customer_details?.email).toBe('ada@example.com');
    expect(session.expires_at - session.created).toBe(DAY);
    expect(session.line_items).toBeUndefined();

    const other = await create();
    await stripe.checkout.sessions.expire(session.id);
    expect((await stripe.checkout.sessions.list({ status: 'expired' })).data.map((s) => s.id)).toEqual([session.id]);
    const open = await stripe.checkout.sessions.list({ status: 'open', expand: ['data.line_items'] });
    expect(open.data.map((s) => s.id)).toEqual([other.id]);
    expect(open.data[0]?.line_items?.data[0]?.price?.id).toBe(price.id);

    fake.completeCheckout(other.id, { name: 'Ada' });
    const complete = await stripe.checkout.sessions.retrieve(other.id, { expand: ['subscription'] });
    expect(complete).toMatchObject({
      status: 'complete',
      payment_status: 'paid',
      customer_details: { email: 'ada@example.com', name: 'Ada' },
    });
    expect(complete.subscription).toMatchObject({ status: 'active', metadata: {} });
    expect(fake.eventsOfType('checkout.session.completed')).toHaveLength(1);
    expect(fake.eventsOfType('checkout.session.expired')).toHaveLength(1);
  });

  it('gives embedded sessions a client secret and rejects the pre-2026 ui_mode names', async () => {
    const price = await monthlyPrice();
    const line_items = [{ price: price.id, quantity: 1 }];
    const embedded = await stripe.checkout.sessions.create({
      mode: 'subscription',
      ui_mode: 'embedded_page',
      line_items,
      return_url: 'http://x/return',
    });
    expect(embedded.client_secret).toMatch(/^cs_test_\w+_secret_\w+$/);
    expect(embedded.url).toBeNull();
    const old = {
      mode: 'subscription',
      ui_mode: 'embedded',
      line_items,
      return_url: 'http://x',
    } as unknown as Stripe.Checkout.SessionCreateParams;
    await expect(stripe.checkout.sessions.create(old)).rejects.toMatchObject({ statusCode: 400, param: 'ui_mode' });
  });
});

describe('protocol', () => {
  it('honours Idempotency-Key: the same key and body replay the first answer', async () => {
    const first = await stripe.customers.create({ email: 'once@example.com' }, { idempotencyKey: 'signup-1' });
    const second = await stripe.customers.create({ email: 'once@example.com' }, { idempotencyKey: 'signup-1' });
    expect(second.id).toBe(first.id);
    expect(fake.state.customers.size).toBe(1);
    const posts = fake.requests.filter((r) => r.path === '/v1/customers');
    expect(posts.map((r) => [r.headers['idempotency-key'], r.replayed])).toEqual([
      ['signup-1', false],
      ['signup-1', true],
    ]);
    expect(posts[0]?.body).toEqual({ email: 'once@example.com' });
    await expect(
      stripe.customers.create({ email: 'other@example.com' }, { idempotencyKey: 'signup-1' }),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it('answers a bad key with StripeAuthenticationError', async () => {
    const { host, port, protocol } = fake.address;
    const wrong = new Stripe('sk_live_notatestkey1234', { host, port, protocol, maxNetworkRetries: 0 });
    const error = await wrong.customers.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(error).toMatchObject({
      statusCode: 401,
      message: expect.stringContaining('Invalid API Key provided: sk_live_'),
    });
    const missing = await fetch(`${fake.address.url}/v1/customers`);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({
      error: { type: 'invalid_request_error', message: expect.stringContaining('did not provide an API key') },
    });
  });

  it('answers a missing object with a 404 resource_missing StripeInvalidRequestError', async () => {
    const error = await stripe.subscriptions.retrieve('sub_nope').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      message: "No such subscription: 'sub_nope'",
    });
    const inParam = await stripe.subscriptions
      .create({ customer: 'cus_nope', items: [{ price: 'price_x' }] })
      .catch((e: unknown) => e);
    expect(inParam).toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'customer' });
  });

  it('signs events that the SDK verifies, and a wrong secret fails', async () => {
    await stripe.customers.create({ email: 'ada@example.com' });
    const event = fake.state.events[0];
    if (!event) throw new Error('no event recorded');
    const { payload, header } = signedEvent(event, 'whsec_test');
    const verified = stripe.webhooks.constructEvent(payload, header, 'whsec_test');
    expect(verified).toMatchObject({
      id: event.id,
      type: 'customer.created',
      object: 'event',
      api_version: '2026-10-28.endive',
    });
    expect(() => stripe.webhooks.constructEvent(payload, header, 'whsec_other')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    const fetched = await stripe.events.retrieve(event.id);
    expect(fetched.data.object).toMatchObject({ object: 'customer', email: 'ada@example.com' });
  });
});
