import type Stripe from 'stripe';
import type { AbandonedCheckout } from '../../common/admin-billing-schemas';
import type { Plan } from '../../common/billing-schemas';
import {
  ageMs,
  ATTEMPT_ABANDONED_MS,
  ATTEMPT_LIFETIME_MS,
  isPendingAttempt,
  priceIdOf,
} from '../billing/checkout-attempts';
import type { PlanService } from '../billing/plans';
import type { StripeGateway } from '../billing/stripe-gateway';

const PAGE = 100;

/**
 * Customers who started paying and stopped, newest first: Checkout Sessions that expired or are
 * still open and unpaid (Stripe keeps them for 30 days), and our own checkout attempts (decision
 * 0019) that Stripe expired, that were cancelled unpaid, or that have waited unpaid for over an
 * hour. With no Stripe keys there are none to show.
 */
export async function abandonedCheckouts(gateway: StripeGateway, plans: PlanService): Promise<AbandonedCheckout[]> {
  const stripe = await gateway.client();
  if (!stripe) return [];
  // The customer comes along, for the email; the latest invoice tells a never-paid cancellation apart.
  const attempts = (status: 'incomplete' | 'incomplete_expired' | 'canceled') =>
    stripe.subscriptions.list({ status, limit: PAGE, expand: ['data.customer', 'data.latest_invoice'] });
  const [expired, open, incomplete, expiredAttempts, cancelled, offered] = await Promise.all([
    stripe.checkout.sessions.list({ status: 'expired', limit: PAGE }),
    stripe.checkout.sessions.list({ status: 'open', limit: PAGE }),
    attempts('incomplete'),
    attempts('incomplete_expired'),
    attempts('canceled'),
    plans.listAll(),
  ]);
  const sessions = [...expired.data, ...open.data.filter((s) => s.payment_status === 'unpaid')].map(fromSession);
  const abandoned = [
    ...incomplete.data.filter((s) => isPendingAttempt(s) && ageMs(s) > ATTEMPT_ABANDONED_MS),
    ...expiredAttempts.data,
    ...cancelled.data.filter(neverPaid),
  ].map((s) => fromAttempt(s, offered));
  return [...sessions, ...abandoned].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

function fromSession(session: Stripe.Checkout.Session): AbandonedCheckout {
  return {
    id: session.id,
    customerEmail: session.customer_details?.email ?? session.customer_email ?? null,
    customerName: session.customer_details?.name ?? null,
    amount: session.amount_total ?? null,
    currency: session.currency ?? null,
    status: session.status ?? 'incomplete',
    createdAt: iso(session.created),
    expiresAt: session.expires_at ? iso(session.expires_at) : null,
  };
}

/** A cancelled subscription whose first invoice was voided unpaid: an attempt, not a plan that ended. */
function neverPaid(subscription: Stripe.Subscription): boolean {
  const invoice = subscription.latest_invoice;
  return (
    typeof invoice === 'object' &&
    invoice !== null &&
    invoice.billing_reason === 'subscription_create' &&
    invoice.status !== 'paid'
  );
}

const ATTEMPT_STATUS: Partial<Record<Stripe.Subscription.Status, string>> = {
  incomplete_expired: 'expired',
  canceled: 'canceled',
};

function fromAttempt(subscription: Stripe.Subscription, plans: Plan[]): AbandonedCheckout {
  const customer = typeof subscription.customer === 'object' ? subscription.customer : null;
  const live = customer && !('deleted' in customer && customer.deleted) ? (customer as Stripe.Customer) : null;
  const price = subscription.items?.data?.[0]?.price;
  const plan =
    plans.find((p) => p.id === subscription.metadata?.planId) ??
    plans.find((p) => p.stripePriceId && p.stripePriceId === priceIdOf(subscription));
  const ended = subscription.ended_at ?? subscription.canceled_at;
  return {
    id: subscription.id,
    kind: 'subscription',
    customerEmail: live?.email ?? null,
    customerName: live?.name ?? null,
    plan: plan?.displayName ?? price?.nickname ?? null,
    amount: price?.unit_amount ?? plan?.price ?? null,
    currency: price?.currency ?? plan?.currency ?? null,
    status: ATTEMPT_STATUS[subscription.status] ?? subscription.status,
    createdAt: iso(subscription.created),
    // When it stopped being payable: its end, or for a pending one Stripe's expiry.
    expiresAt: isPendingAttempt(subscription)
      ? iso(subscription.created + ATTEMPT_LIFETIME_MS / 1000)
      : ended
        ? iso(ended)
        : null,
  };
}

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
