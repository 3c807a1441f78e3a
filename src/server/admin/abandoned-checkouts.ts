import type Stripe from 'stripe';
import type { AbandonedCheckout } from '../../common/admin-schemas';
import type { StripeGateway } from '../billing/stripe-gateway';

const PAGE = 100;

/**
 * Checkout Sessions that expired, or are still open and unpaid: customers who started paying and
 * stopped. Stripe keeps them for 30 days; with no Stripe keys there are none to show.
 */
export async function abandonedCheckouts(gateway: StripeGateway): Promise<AbandonedCheckout[]> {
  const stripe = await gateway.client();
  if (!stripe) return [];
  const [expired, open] = await Promise.all([
    stripe.checkout.sessions.list({ status: 'expired', limit: PAGE }),
    stripe.checkout.sessions.list({ status: 'open', limit: PAGE }),
  ]);
  return [...expired.data, ...open.data.filter((s) => s.payment_status === 'unpaid')]
    .sort((a, b) => b.created - a.created)
    .map(toAbandonedCheckout);
}

function toAbandonedCheckout(session: Stripe.Checkout.Session): AbandonedCheckout {
  return {
    id: session.id,
    customerEmail: session.customer_details?.email ?? session.customer_email ?? null,
    customerName: session.customer_details?.name ?? null,
    amount: session.amount_total ?? null,
    currency: session.currency ?? null,
    status: session.status ?? 'incomplete',
    createdAt: new Date(session.created * 1000).toISOString(),
    expiresAt: session.expires_at ? new Date(session.expires_at * 1000).toISOString() : null,
  };
}
