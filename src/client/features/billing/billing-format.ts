import { format } from 'date-fns';
import type { BillingSubscription } from '../../../common/billing-schemas';
import { HELD_SUBSCRIPTION_STATUSES } from '../../../common/subscription-state';
import { formatPrice } from '../../../common/plans';

// How the billing page writes dates, statuses, prices and cards (docs/product.md, "Billing page").

/** 'MMM d, yyyy' from unix seconds, else 'N/A' (docs/product.md, "Billing page"). */
export function formatPeriodDate(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) return 'N/A';
  return format(new Date(seconds * 1000), 'MMM d, yyyy');
}

/** The Manage Cancellation tab is shown for a subscription the user holds. */
export function isManageable(subscription: BillingSubscription | null | undefined): boolean {
  return Boolean(subscription && HELD_SUBSCRIPTION_STATUSES.includes(subscription.status));
}

export function isCancelling(subscription: BillingSubscription): boolean {
  return subscription.cancelAtPeriodEnd || subscription.status === 'pending_cancellation';
}

/** 'past_due' -> 'Past due'. */
export function capitalise(status: string): string {
  const words = status.replace(/_/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Unknown';
}

export interface StatusBadge {
  label: string;
  tone: 'success' | 'warning' | 'danger' | 'neutral';
}

/** pending_cancellation reads 'Cancels Soon'; cancelAtPeriodEnd adds 'Cancels at period end'. */
export function statusBadges(subscription: BillingSubscription): StatusBadge[] {
  const badges: StatusBadge[] = [];
  const { status } = subscription;
  if (status === 'pending_cancellation') badges.push({ label: 'Cancels Soon', tone: 'warning' });
  else {
    const tone =
      status === 'active' || status === 'trialing' ? 'success' : status === 'canceled' ? 'neutral' : 'danger';
    badges.push({ label: capitalise(status), tone });
  }
  if (subscription.cancelAtPeriodEnd) badges.push({ label: 'Cancels at period end', tone: 'warning' });
  return badges;
}

/** '$19.99 / month'. */
export function formatPlanPrice(plan: BillingSubscription['plan']): string {
  return `${formatPrice(plan.amount, plan.currency || 'usd')} / ${plan.interval || 'month'}`;
}

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
};

export function brandName(brand: string): string {
  return BRANDS[brand.toLowerCase()] ?? (brand && brand !== 'other' ? capitalise(brand) : 'Card');
}

/** '04/2030'. */
export function formatExpiry(month: number, year: number): string {
  return `${String(month).padStart(2, '0')}/${year}`;
}
