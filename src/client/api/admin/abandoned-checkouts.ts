import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { abandonedCheckoutSchema } from '../../../common/admin-billing-schemas';
import { apiRequest } from '../../lib/api';
import { INVALID_RESPONSE } from '../parse';

// GET /api/admin/abandoned-checkouts. Two shapes have been seen (docs/product.md, "Abandoned checkouts"): ours, and
// Stripe's checkout session with times in seconds. Both become one row shape, so the table cannot break on either.

export const ABANDONED_CHECKOUTS_PATH = '/api/admin/abandoned-checkouts';
export const abandonedCheckoutsKey = [ABANDONED_CHECKOUTS_PATH] as const;

export const DEFAULT_CHECKOUT_STATUS = 'incomplete';

export interface CheckoutRow {
  id: string;
  customerEmail: string | null;
  customerName: string | null;
  /** The plan an unpaid checkout attempt was for (our shape only). */
  plan: string | null;
  /** Minor units. */
  amount: number | null;
  currency: string | null;
  status: string;
  createdAt: Date | null;
  expiresAt: Date | null;
}

// Our shape, forgiving any missing field but the two that tell it apart from Stripe's.
const ourShape = abandonedCheckoutSchema.partial().required({ id: true, createdAt: true });

// Stripe's Checkout Session, as far as the table reads it; everything but the id may be missing.
const stripeSessionSchema = z.object({
  id: z.string(),
  created: z.number().nullish(),
  expires_at: z.number().nullish(),
  status: z.string().nullish(),
  amount_total: z.number().nullish(),
  currency: z.string().nullish(),
  customer_details: z.object({ email: z.string().nullish(), name: z.string().nullish() }).nullish(),
  customer_email: z.string().nullish(),
});

const fromSeconds = (seconds: number | null | undefined) =>
  typeof seconds === 'number' && Number.isFinite(seconds) ? new Date(seconds * 1000) : null;

function fromIso(text: string | null | undefined): Date | null {
  if (!text) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

const statusOrDefault = (status: string | null | undefined) => (status ? status : DEFAULT_CHECKOUT_STATUS);

/** One checkout in either shape, or null when it has no id to show. */
export function normaliseCheckout(raw: unknown): CheckoutRow | null {
  const ours = ourShape.safeParse(raw);
  if (ours.success) {
    const row = ours.data;
    return {
      id: row.id,
      customerEmail: row.customerEmail || null,
      customerName: row.customerName || null,
      plan: row.plan || null,
      amount: row.amount ?? null,
      currency: row.currency ?? null,
      status: statusOrDefault(row.status),
      createdAt: fromIso(row.createdAt),
      expiresAt: fromIso(row.expiresAt),
    };
  }
  const stripe = stripeSessionSchema.safeParse(raw);
  if (!stripe.success) return null;
  const session = stripe.data;
  return {
    id: session.id,
    customerEmail: session.customer_details?.email || session.customer_email || null,
    customerName: session.customer_details?.name || null,
    plan: null,
    amount: session.amount_total ?? null,
    currency: session.currency ?? null,
    status: statusOrDefault(session.status),
    createdAt: fromSeconds(session.created),
    expiresAt: fromSeconds(session.expires_at),
  };
}

export function normaliseCheckouts(answer: unknown): CheckoutRow[] {
  if (!Array.isArray(answer)) throw new Error(INVALID_RESPONSE);
  return answer.map(normaliseCheckout).filter((row): row is CheckoutRow => row !== null);
}

export function useAbandonedCheckouts() {
  return useQuery({
    queryKey: abandonedCheckoutsKey,
    queryFn: async ({ signal }) =>
      normaliseCheckouts(await apiRequest('GET', ABANDONED_CHECKOUTS_PATH, undefined, { signal })),
  });
}
