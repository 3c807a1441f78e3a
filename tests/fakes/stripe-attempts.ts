import type { FakeInvoice, FakeSubscription } from './stripe-billing-objects';
import { paymentIntentOfInvoice } from './stripe-invoices';
import type { FakeStripeStore } from './stripe-store';
import { nowSeconds, StripeFakeError } from './stripe-wire';

// What happens to an unpaid first invoice with time, which the fake's still clock never brings by
// itself: Stripe's expiry of an incomplete subscription, and a clock control that makes a
// subscription (and its invoices) look older.

/** Stripe's expiry window for a subscription whose first invoice stays unpaid. */
export const INCOMPLETE_EXPIRY_SECONDS = 23 * 60 * 60;

/**
 * Stripe, 23 hours after an unpaid first invoice: the subscription becomes incomplete_expired (a
 * terminal status, announced as `customer.subscription.updated` with its previous status) and the
 * open invoice is voided, its PaymentIntent cancelled.
 */
export function expireIncomplete(store: FakeStripeStore, subscriptionId: string): FakeSubscription {
  const sub = store.get(store.subscriptions, subscriptionId);
  if (sub.status !== 'incomplete') {
    throw new StripeFakeError(400, `fake Stripe: ${subscriptionId} is ${sub.status}; only an incomplete one expires`);
  }
  const now = nowSeconds();
  store.update(sub, 'customer.subscription.updated', (s) => {
    Object.assign(s, { status: 'incomplete_expired', canceled_at: now, ended_at: now });
  });
  const latest = typeof sub.latest_invoice === 'string' ? store.invoices.get(sub.latest_invoice) : undefined;
  if (latest?.status === 'open') voidOpenInvoice(store, latest, now);
  return sub;
}

function voidOpenInvoice(store: FakeStripeStore, invoice: FakeInvoice, now: number): void {
  store.update(invoice, 'invoice.voided', (i) => {
    i.status = 'void';
    i.status_transitions.voided_at = now;
    i.amount_remaining = 0;
  });
  const intent = paymentIntentOfInvoice(store, invoice);
  store.update(intent, 'payment_intent.canceled', (pi) => {
    Object.assign(pi, { status: 'canceled', canceled_at: now, cancellation_reason: 'void_invoice' });
  });
}

/**
 * Clock control: the subscription and its invoices were made `seconds` earlier than recorded. No
 * event, as no time passes at Stripe's end; the next read simply shows the older times.
 */
export function backdateSubscription(
  store: FakeStripeStore,
  subscriptionId: string,
  seconds: number,
): FakeSubscription {
  if (!Number.isInteger(seconds) || seconds <= 0) throw new Error('fake Stripe: backdate by a positive whole number');
  const sub = store.get(store.subscriptions, subscriptionId);
  const shift = (value: number | null) => (value === null ? null : value - seconds);
  Object.assign(sub, {
    created: sub.created - seconds,
    start_date: sub.start_date - seconds,
    billing_cycle_anchor: sub.billing_cycle_anchor - seconds,
  });
  for (const item of sub.items.data) {
    item.created -= seconds;
    item.current_period_start -= seconds;
    item.current_period_end -= seconds;
  }
  for (const invoice of store.invoices.values()) {
    if (invoice.parent?.subscription_details?.subscription !== subscriptionId) continue;
    invoice.created -= seconds;
    invoice.period_start -= seconds;
    invoice.period_end -= seconds;
    invoice.status_transitions.finalized_at = shift(invoice.status_transitions.finalized_at);
  }
  return sub;
}
