import type Stripe from 'stripe';
import { HELD_STATUSES, ourStatus, stripeIdOf } from './subscription-state';

// A checkout attempt is the subscription that opening /checkout/:plan creates at Stripe with
// payment_behavior 'default_incomplete': status 'incomplete' until its first invoice is paid.
// Stripe is the only record of attempts (metadata userId and planId, set by
// BillingService.createSubscription); decision 0019 explains why no table of ours holds them.

const HOUR = 60 * 60 * 1000;

/** Stripe ends an attempt whose first invoice stays unpaid this long after it began (incomplete_expired). */
export const ATTEMPT_LIFETIME_MS = 23 * HOUR;
/** An attempt is offered again while at least an hour of its life is left to pay in. */
export const ATTEMPT_REUSE_MS = ATTEMPT_LIFETIME_MS - HOUR;
/** Still incomplete after this long, Stripe's own expiry is late: the app cancels the attempt itself. */
export const ATTEMPT_STALE_MS = 24 * HOUR;
/** Unpaid this long, an attempt counts as abandoned in the admin console (nobody is still typing a card). */
export const ATTEMPT_ABANDONED_MS = HOUR;

/** Stripe's subscription is one the customer holds and may be billed for (our held statuses). */
export const isHeld = (subscription: Stripe.Subscription): boolean => HELD_STATUSES.has(ourStatus(subscription));

export function isPendingAttempt(subscription: Stripe.Subscription): boolean {
  return subscription.status === 'incomplete';
}

export function ageMs(subscription: Stripe.Subscription, now = Date.now()): number {
  return now - subscription.created * 1000;
}

export function priceIdOf(subscription: Stripe.Subscription): string | undefined {
  const price = subscription.items?.data?.[0]?.price;
  return stripeIdOf(price) ?? undefined;
}

/**
 * The creating call's idempotency key: one per customer and per newest subscription they have.
 * Two calls that saw the same subscriptions at once (a double click, two tabs) send the same key,
 * so Stripe creates one subscription; once it exists it is the newest, and the next attempt after
 * it gets a new key.
 */
export function attemptIdempotencyKey(customerId: string, subscriptions: Stripe.Subscription[]): string {
  return `checkout-attempt-${customerId}-after-${subscriptions[0]?.id ?? 'none'}`;
}

/** Two calls with one key but different plans: Stripe refuses the second; it looks again. */
export function isIdempotencyConflict(error: unknown): boolean {
  return (error as { type?: string } | null)?.type === 'StripeIdempotencyError';
}

/**
 * Cancels an attempt at Stripe (its open invoice is voided with it). One that is no longer
 * incomplete (paid, expired, or cancelled by a simultaneous call) is left as it is.
 */
export async function cancelAttempt(stripe: Stripe, subscriptionId: string, reason: string): Promise<void> {
  try {
    await stripe.subscriptions.cancel(subscriptionId, { cancellation_details: { comment: reason } });
  } catch (error) {
    const now = await stripe.subscriptions.retrieve(subscriptionId).catch(() => null);
    if (now && now.status !== 'incomplete') return;
    throw error;
  }
}

/** Cancels the customer's attempts that are still incomplete after a day (`subscriptions`: their list). */
export async function cancelStaleAttempts(stripe: Stripe, subscriptions: Stripe.Subscription[]): Promise<void> {
  for (const subscription of subscriptions) {
    if (isPendingAttempt(subscription) && ageMs(subscription) > ATTEMPT_STALE_MS)
      await cancelAttempt(stripe, subscription.id, 'Checkout attempt unpaid for over a day');
  }
}
