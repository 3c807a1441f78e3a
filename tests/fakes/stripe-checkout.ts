import type Stripe from 'stripe';
import { buildPaymentIntent } from './stripe-intent-objects';
import {
  buildCheckoutLineItem,
  buildCheckoutSession,
  customerDetails,
  type FakeCheckoutLineItem,
  type FakeCheckoutSession,
} from './stripe-checkout-objects';
import { addCard, createCustomer, liveCustomer, rejectRemovedParam } from './stripe-customers';
import { DEFAULT_TEST_CARD } from './stripe-invoices';
import type { CardDetails } from './stripe-objects';
import type { FakeStripeStore } from './stripe-store';
import { createSubscription } from './stripe-subscriptions';
import {
  arr,
  mergeMetadata,
  missingParam,
  obj,
  type Param,
  type Params,
  requireStr,
  str,
  StripeFakeError,
} from './stripe-wire';

// Checkout Sessions: created open by the app, then completed (the customer paid on Stripe's page)
// or expired, only when a test says so. Completing one in subscription mode creates the customer,
// card and active subscription the way Checkout does.

const UI_MODES = ['elements', 'embedded_page', 'form', 'hosted_page'];

export function createCheckoutSession(
  store: FakeStripeStore,
  params: Params,
  payUrl: (id: string) => string,
): FakeCheckoutSession {
  rejectRemovedParam(params, 'payment_method_types');
  const mode = requireStr(params, 'mode') as Stripe.Checkout.Session.Mode;
  const uiMode = str(params, 'ui_mode') ?? 'hosted_page';
  // API 2026-10-28 renamed the ui modes; the old names ('hosted', 'embedded', 'custom') are rejected.
  if (!UI_MODES.includes(uiMode)) {
    throw new StripeFakeError(400, `Invalid ui_mode: must be one of ${UI_MODES.join(', ')}`, {
      code: 'parameter_invalid_string',
      param: 'ui_mode',
    });
  }
  const customer = str(params, 'customer') ?? null;
  const customerEmail = str(params, 'customer_email') ?? null;
  if (customer && customerEmail) {
    throw new StripeFakeError(400, 'You may only specify one of these parameters: customer, customer_email.', {
      param: 'customer_email',
    });
  }
  if (customer) liveCustomer(store, customer, 'customer');
  const embedded = uiMode !== 'hosted_page';
  const successUrl = str(params, 'success_url') ?? null;
  const returnUrl = str(params, 'return_url') ?? null;
  if (embedded && successUrl) {
    throw new StripeFakeError(
      400,
      `You cannot pass \`success_url\` when \`ui_mode\` is \`${uiMode}\`; use \`return_url\`.`,
      { param: 'success_url' },
    );
  }
  if (embedded && !returnUrl && str(params, 'redirect_on_completion') !== 'never') throw missingParam('return_url');
  const lineItems = arr(params, 'line_items')
    .filter((i: Param): i is Params => typeof i === 'object' && !Array.isArray(i))
    .map((item, i) => checkoutLineItem(store, item, i, mode));
  if (mode !== 'setup' && lineItems.length === 0) throw missingParam('line_items');
  const expiresAt = str(params, 'expires_at');
  const session = buildCheckoutSession({
    mode,
    uiMode,
    lineItems,
    clientReferenceId: str(params, 'client_reference_id') ?? null,
    customer,
    customerEmail,
    successUrl,
    cancelUrl: str(params, 'cancel_url') ?? null,
    returnUrl,
    metadata: mergeMetadata({}, params.metadata),
    expiresAt: expiresAt ? Number(expiresAt) : null,
    payUrl,
  });
  const allowed = arr(params, 'allowed_payment_method_types').filter((t): t is string => typeof t === 'string');
  if (allowed.length > 0)
    Object.assign(session, { allowed_payment_method_types: allowed, payment_method_types: allowed });
  store.checkoutSessions.set(session.id, session);
  const subscriptionMetadata = obj(params, 'subscription_data')?.metadata;
  store.checkoutSubscriptionMetadata.set(session.id, mergeMetadata({}, subscriptionMetadata));
  return session;
}

function checkoutLineItem(store: FakeStripeStore, item: Params, i: number, mode: string): FakeCheckoutLineItem {
  const priceId = str(item, 'price');
  if (!priceId)
    throw new StripeFakeError(400, 'The fake Stripe supports line_items with `price` only.', {
      param: `line_items[${i}][price]`,
    });
  const price = store.get(store.prices, priceId, `line_items[${i}][price]`);
  if (mode === 'subscription' && !price.recurring) {
    throw new StripeFakeError(
      400,
      'You must provide at least one recurring price in `subscription` mode when using prices.',
      {
        param: `line_items[${i}][price]`,
      },
    );
  }
  const product = typeof price.product === 'string' ? store.products.get(price.product) : undefined;
  return buildCheckoutLineItem(price, Number(str(item, 'quantity') ?? 1), product?.name ?? price.nickname ?? price.id);
}

export function listCheckoutSessions(store: FakeStripeStore, params: Params): FakeCheckoutSession[] {
  const status = str(params, 'status');
  const customer = str(params, 'customer');
  const subscription = str(params, 'subscription');
  const email = str(obj(params, 'customer_details') ?? {}, 'email');
  return store
    .newestFirst(store.checkoutSessions)
    .filter((s) => status === undefined || s.status === status)
    .filter((s) => customer === undefined || s.customer === customer)
    .filter((s) => subscription === undefined || s.subscription === subscription)
    .filter((s) => email === undefined || s.customer_details?.email === email);
}

export function checkoutLineItems(store: FakeStripeStore, id: string): FakeCheckoutLineItem[] {
  return store.get(store.checkoutSessions, id).line_items?.data ?? [];
}

function requireOpen(session: FakeCheckoutSession): void {
  if (session.status !== 'open') {
    throw new StripeFakeError(
      400,
      `Only Checkout Sessions with a status in ["open"] can be expired or completed. This session is ${session.status}.`,
      {
        code: 'checkout_session_unexpected_state',
      },
    );
  }
}

export function expireCheckoutSession(store: FakeStripeStore, id: string): FakeCheckoutSession {
  const session = store.get(store.checkoutSessions, id);
  requireOpen(session);
  session.status = 'expired';
  store.emit('checkout.session.expired', session);
  return session;
}

export interface CompleteCheckoutOptions {
  /** Who paid; defaults to the session's customer_email (or checkout@example.com). */
  email?: string;
  name?: string;
  card?: CardDetails;
}

/** Test control: the customer paid on the Checkout page. */
export function completeCheckoutSession(
  store: FakeStripeStore,
  id: string,
  options: CompleteCheckoutOptions = {},
): FakeCheckoutSession {
  const session = store.get(store.checkoutSessions, id);
  requireOpen(session);
  const email = options.email ?? session.customer_email ?? 'checkout@example.com';
  const name = options.name ?? null;
  let customerId = typeof session.customer === 'string' ? session.customer : null;
  if (!customerId) customerId = createCustomer(store, { email, ...(name ? { name } : {}) }).id;
  const pm = addCard(store, customerId, { ...DEFAULT_TEST_CARD, ...options.card });
  const items = session.line_items?.data ?? [];

  if (session.mode === 'subscription') {
    const sub = createSubscription(store, {
      customer: customerId,
      items: items.map((item) => ({ price: item.price?.id ?? '', quantity: String(item.quantity ?? 1) })),
      default_payment_method: pm.id,
      metadata: store.checkoutSubscriptionMetadata.get(id) ?? {},
    });
    session.subscription = sub.id;
    session.invoice = typeof sub.latest_invoice === 'string' ? sub.latest_invoice : null;
  } else if (session.mode === 'payment') {
    const intent = buildPaymentIntent({
      amount: session.amount_total ?? 0,
      currency: session.currency ?? 'usd',
      customer: customerId,
      description: null,
      setupFutureUsage: null,
    });
    Object.assign(intent, { status: 'succeeded', amount_received: intent.amount, payment_method: pm.id });
    store.paymentIntents.set(intent.id, intent);
    store.emit('payment_intent.succeeded', intent);
    session.payment_intent = intent.id;
  }
  Object.assign(session, {
    status: 'complete',
    payment_status: session.mode === 'setup' ? 'no_payment_required' : 'paid',
    customer: customerId,
    customer_details: customerDetails(email, name),
  });
  store.emit('checkout.session.completed', session);
  return session;
}

/** Stripe replaces `{CHECKOUT_SESSION_ID}` in success_url / return_url with the session's id. */
export function completionRedirect(session: FakeCheckoutSession): string | null {
  const url = session.success_url ?? session.return_url ?? null;
  return url ? url.replaceAll('{CHECKOUT_SESSION_ID}', session.id) : null;
}
