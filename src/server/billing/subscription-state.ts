import type Stripe from 'stripe';
import { HELD_SUBSCRIPTION_STATUSES, UNPAID_SUBSCRIPTION_STATUSES } from '../../common/subscription-state';

// Stripe's view of a subscription in our words (the statuses themselves: common/subscription-state.ts).

/** Stripe's statuses of a subscription whose first invoice was never paid: a checkout attempt, not a plan. */
export const UNPAID_STATUSES = new Set(UNPAID_SUBSCRIPTION_STATUSES);
/** Our statuses (ourStatus) of a subscription the user holds: it is their plan, and a second one would bill twice. */
export const HELD_STATUSES = new Set(HELD_SUBSCRIPTION_STATUSES);

/**
 * Our status words: a subscription set to cancel at period end is 'pending_cancellation'
 * (docs/product.md, "Free questions and plans").
 */
export function ourStatus(subscription: Stripe.Subscription): string {
  if (subscription.status === 'active' && subscription.cancel_at_period_end) return 'pending_cancellation';
  return subscription.status;
}

export function periodOf(subscription: Stripe.Subscription): { start: number | null; end: number | null } {
  // Since API 2025-03-31 the period lives on the subscription's items.
  const item = subscription.items?.data?.[0];
  return { start: item?.current_period_start ?? null, end: item?.current_period_end ?? null };
}

/** Stripe gives a related object as its id or, when expanded, as the object: the id either way. */
export function stripeIdOf(reference: string | { id: string } | null | undefined): string | null {
  return typeof reference === 'string' ? reference : (reference?.id ?? null);
}

export function subscriptionIdOfInvoice(invoice: Stripe.Invoice): string | null {
  return stripeIdOf(invoice.parent?.subscription_details?.subscription);
}
