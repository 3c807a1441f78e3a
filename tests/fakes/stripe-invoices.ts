import {
  buildInvoice,
  type FakeInvoice,
  type FakeInvoiceLine,
  type FakeSubscription,
  PERIOD_SECONDS,
} from './stripe-billing-objects';
import { attachPaymentMethod, rejectRemovedParam, resolvePaymentMethod } from './stripe-customers';
import { buildPaymentIntent, type FakePaymentIntent } from './stripe-intent-objects';
import { buildCardPaymentMethod, type CardDetails, type FakePaymentMethod } from './stripe-objects';
import { settleAmounts, takePendingLines } from './stripe-prorations';
import type { FakeStripeStore } from './stripe-store';
import { nowSeconds, type Params, str, StripeFakeError } from './stripe-wire';

// How money moves in the fake: an invoice (with its PaymentIntent) is issued for a subscription,
// then either settled with a card or failed. Subscriptions, the API's confirm/pay calls and the
// test controls all go through these few functions, so every path records the same events.

/** Stripe's test card that always declines. */
export const DECLINING_CARD = 'pm_card_chargeDeclined';

export function invoiceOfPaymentIntent(store: FakeStripeStore, paymentIntentId: string): FakeInvoice | undefined {
  for (const invoice of store.invoices.values()) {
    if (invoice.payments?.data.some((p) => p.payment.payment_intent === paymentIntentId)) return invoice;
  }
  return undefined;
}

export function paymentIntentOfInvoice(store: FakeStripeStore, invoice: FakeInvoice): FakePaymentIntent {
  const id = invoice.payments?.data[0]?.payment.payment_intent;
  return store.get(store.paymentIntents, typeof id === 'string' ? id : '');
}

export function subscriptionOfInvoice(store: FakeStripeStore, invoice: FakeInvoice): FakeSubscription | undefined {
  const id = invoice.parent?.subscription_details?.subscription;
  return typeof id === 'string' ? store.subscriptions.get(id) : undefined;
}

/**
 * Issues a finalized invoice for the subscription's current items (or for `lines`, e.g. prorations
 * billed at once) and makes it the latest. Prorations kept for the next invoice come first, and the
 * customer's balance is applied; an invoice with nothing left to pay is paid on the spot.
 */
export function issueInvoice(
  store: FakeStripeStore,
  sub: FakeSubscription,
  billingReason: 'subscription_create' | 'subscription_cycle' | 'subscription_update',
  period: { start: number; end: number },
  lines?: FakeInvoiceLine[],
): FakeInvoice {
  const customerId = sub.customer as string;
  const customer = store.get(store.customers, customerId);
  const intent = buildPaymentIntent({
    amount: 0,
    currency: sub.currency,
    customer: customerId,
    description: billingReason === 'subscription_create' ? 'Subscription creation' : 'Subscription update',
    setupFutureUsage: sub.payment_settings?.save_default_payment_method === 'on_subscription' ? 'off_session' : null,
  });
  const invoice = buildInvoice({
    subscription: sub,
    customer: { id: customerId, email: customer.email, name: customer.name ?? null },
    billingReason,
    number: store.nextInvoiceNumber(customerId),
    paymentIntent: intent,
    periodStart: period.start,
    periodEnd: period.end,
  });
  settleAmounts(store, invoice, [...takePendingLines(sub), ...(lines ?? invoice.lines.data)], { finalize: true });
  intent.amount = invoice.amount_due;
  const free = invoice.amount_due === 0;
  if (free) invoice.payments = { ...invoice.payments!, data: [] };
  else store.paymentIntents.set(intent.id, intent);
  store.invoices.set(invoice.id, invoice);
  sub.latest_invoice = invoice.id;
  store.emit('invoice.created', invoice);
  store.emit('invoice.finalized', invoice);
  if (free) markPaid(store, invoice, null);
  else store.emit('payment_intent.created', intent);
  return invoice;
}

/** The card a payment would use: the subscription's default, else the customer's invoice default. */
export function defaultPaymentMethodFor(store: FakeStripeStore, sub: FakeSubscription): string | null {
  if (typeof sub.default_payment_method === 'string') return sub.default_payment_method;
  const customer = store.customers.get(sub.customer as string);
  const pm = customer?.invoice_settings.default_payment_method;
  return typeof pm === 'string' ? pm : null;
}

/** Pays the invoice with the card: PaymentIntent succeeded, invoice paid, subscription active. */
export function settleInvoice(store: FakeStripeStore, invoice: FakeInvoice, pm: FakePaymentMethod): FakeInvoice {
  if (invoice.status !== 'open') {
    throw new StripeFakeError(
      400,
      invoice.status === 'paid' ? 'Invoice is already paid' : `This invoice is ${invoice.status} and cannot be paid.`,
      {
        code: 'invoice_not_open',
      },
    );
  }
  const customerId = invoice.customer as string;
  if (pm.customer === null) attachPaymentMethod(store, pm.id, { customer: customerId });
  const intent = paymentIntentOfInvoice(store, invoice);
  Object.assign(intent, {
    status: 'succeeded',
    amount_received: intent.amount,
    payment_method: pm.id,
    last_payment_error: null,
  });
  store.emit('payment_intent.succeeded', intent);
  return markPaid(store, invoice, pm);
}

/** The invoice is paid (by `pm`, or by nothing when credit covered it) and its subscription active. */
function markPaid(store: FakeStripeStore, invoice: FakeInvoice, pm: FakePaymentMethod | null): FakeInvoice {
  const now = nowSeconds();
  Object.assign(invoice, {
    status: 'paid',
    amount_paid: invoice.amount_due,
    amount_remaining: 0,
    attempted: pm !== null,
    attempt_count: invoice.attempt_count + (pm ? 1 : 0),
    next_payment_attempt: null,
    default_payment_method: null,
  });
  invoice.status_transitions.paid_at = now;
  for (const payment of invoice.payments?.data ?? []) {
    Object.assign(payment, { status: 'paid', amount_paid: payment.amount_requested });
    payment.status_transitions.paid_at = now;
  }
  store.emit('invoice.paid', invoice);
  store.emit('invoice.payment_succeeded', invoice);

  const sub = subscriptionOfInvoice(store, invoice);
  if (sub && sub.status !== 'canceled') {
    store.update(sub, 'customer.subscription.updated', (s) => {
      s.status = 'active';
      // The first payment starts the paid period; renewals already moved it when they were issued.
      if (invoice.billing_reason === 'subscription_create') {
        for (const item of s.items.data) {
          item.current_period_start = now;
          item.current_period_end = now + PERIOD_SECONDS;
        }
        s.billing_cycle_anchor = now;
      }
      if (
        pm &&
        s.payment_settings?.save_default_payment_method === 'on_subscription' &&
        s.default_payment_method === null
      ) {
        s.default_payment_method = pm.id;
      }
    });
  }
  return invoice;
}

/** A declined attempt: the invoice stays open, an active subscription becomes past_due. */
export function failInvoice(store: FakeStripeStore, invoice: FakeInvoice, pm: FakePaymentMethod | null): FakeInvoice {
  const intent = paymentIntentOfInvoice(store, invoice);
  Object.assign(intent, {
    status: 'requires_payment_method',
    payment_method: null,
    last_payment_error: {
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
      doc_url: 'https://stripe.com/docs/error-codes/card-declined',
      ...(pm ? { payment_method: pm } : {}),
    },
  });
  store.emit('payment_intent.payment_failed', intent);
  const sub = subscriptionOfInvoice(store, invoice);
  Object.assign(invoice, {
    attempted: true,
    attempt_count: invoice.attempt_count + 1,
    // Stripe retries renewals (Smart Retries); a first payment is the customer's to retry.
    next_payment_attempt: sub?.status === 'incomplete' ? null : nowSeconds() + 3 * 24 * 60 * 60,
  });
  store.emit('invoice.payment_failed', invoice);
  if (sub && (sub.status === 'active' || sub.status === 'trialing')) {
    store.update(sub, 'customer.subscription.updated', (s) => {
      s.status = 'past_due';
    });
  }
  return invoice;
}

/** The test-mode card used when a payment needs one and the customer has none. */
export const DEFAULT_TEST_CARD: CardDetails = { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 };

/** Stripe's test card 4000 0000 0000 0002: it attaches, and every charge on it is declined. */
export const DECLINING_LAST4 = '0002';

/** Whether a charge on this card would be declined. */
export function cardDeclines(store: FakeStripeStore, paymentMethod: string): boolean {
  return paymentMethod === DECLINING_CARD || store.paymentMethods.get(paymentMethod)?.card?.last4 === DECLINING_LAST4;
}

/** Settles or fails `invoice` with the named card (`pm_card_chargeDeclined` and a card ending 0002 decline). */
export function attemptPayment(store: FakeStripeStore, invoice: FakeInvoice, paymentMethod: string): FakeInvoice {
  if (cardDeclines(store, paymentMethod)) {
    failInvoice(store, invoice, null);
    throw new StripeFakeError(402, 'Your card was declined.', {
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'generic_decline',
    });
  }
  return settleInvoice(store, invoice, resolvePaymentMethod(store, paymentMethod, 'payment_method'));
}

/** POST /v1/invoices/:id/pay: charges the given card or the subscription's / customer's default. */
export function payInvoiceApi(store: FakeStripeStore, id: string, params: Params): FakeInvoice {
  const invoice = store.get(store.invoices, id);
  const sub = subscriptionOfInvoice(store, invoice);
  const pm = str(params, 'payment_method') ?? (sub ? defaultPaymentMethodFor(store, sub) : null);
  if (!pm) {
    throw new StripeFakeError(
      400,
      'This customer has no attached payment source or default payment method. Please consider adding a default payment method.',
    );
  }
  return attemptPayment(store, invoice, pm);
}

/** POST /v1/payment_intents/:id/confirm: what Stripe.js does when the customer pays. */
export function confirmPaymentIntent(store: FakeStripeStore, id: string, params: Params): FakePaymentIntent {
  rejectRemovedParam(params, 'payment_method_types');
  const intent = store.get(store.paymentIntents, id);
  if (intent.status === 'succeeded') {
    throw new StripeFakeError(400, 'This PaymentIntent has already succeeded and cannot be confirmed again.', {
      code: 'payment_intent_unexpected_state',
    });
  }
  const pm =
    str(params, 'payment_method') ?? (typeof intent.payment_method === 'string' ? intent.payment_method : undefined);
  if (!pm) {
    throw new StripeFakeError(400, "You cannot confirm this PaymentIntent because it's missing a payment method.", {
      code: 'payment_intent_unexpected_state',
    });
  }
  const invoice = invoiceOfPaymentIntent(store, id);
  if (!invoice) throw new StripeFakeError(400, 'The fake Stripe only confirms PaymentIntents of invoices.');
  attemptPayment(store, invoice, pm);
  return intent;
}

/** Test control: pays the subscription's open invoice with its default card, or a new test card. */
export function payLatestInvoice(
  store: FakeStripeStore,
  subscriptionId: string,
  card: CardDetails = DEFAULT_TEST_CARD,
): FakeInvoice {
  const sub = store.get(store.subscriptions, subscriptionId);
  const invoice = openLatestInvoice(store, sub);
  const existing = defaultPaymentMethodFor(store, sub);
  let pm = existing ? store.paymentMethods.get(existing) : undefined;
  if (!pm) {
    pm = buildCardPaymentMethod({ ...DEFAULT_TEST_CARD, ...card }, null);
    store.paymentMethods.set(pm.id, pm);
  }
  return settleInvoice(store, invoice, pm);
}

export function openLatestInvoice(store: FakeStripeStore, sub: FakeSubscription): FakeInvoice {
  const invoice = typeof sub.latest_invoice === 'string' ? store.invoices.get(sub.latest_invoice) : undefined;
  if (!invoice || invoice.status !== 'open') throw new Error(`fake Stripe: ${sub.id} has no open invoice to pay`);
  return invoice;
}

/** Starts the next period: items move forward 30 days and a renewal invoice is issued. */
export function renew(store: FakeStripeStore, sub: FakeSubscription): FakeInvoice {
  const first = sub.items.data[0];
  const previous = {
    start: first?.current_period_start ?? nowSeconds(),
    end: first?.current_period_end ?? nowSeconds(),
  };
  let invoice: FakeInvoice | undefined;
  store.update(sub, 'customer.subscription.updated', (s) => {
    for (const item of s.items.data) {
      item.current_period_start = item.current_period_end;
      item.current_period_end = item.current_period_end + PERIOD_SECONDS;
    }
    invoice = issueInvoice(store, s, 'subscription_cycle', previous);
  });
  return invoice as unknown as FakeInvoice;
}
