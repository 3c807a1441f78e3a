import { z } from 'zod';
import { adminValidationMessages as v } from './admin-messages';
import { listPaging } from './admin-user-schemas';
import { planSchema } from './billing-schemas';
import { DATABASE_INT_MAX } from './limits';
import { textMessages } from './messages';
import { ID_MAX, safeText } from './text-rules';

// The admin console's dashboard, payments, subscription events, abandoned checkouts and plans
// (docs/product.md, "Admin calls").

// ---------- Dashboard, payments, events, abandoned checkouts ----------

export const activityItemSchema = z.object({
  /** Unique across both sources, e.g. 'payment-12' or 'event-40'. */
  key: z.string(),
  source: z.enum(['payment', 'subscription_event']),
  /** What happened, e.g. 'Payment' or the event type. */
  event: z.string(),
  userId: z.number().int().nullable(),
  username: z.string().nullable(),
  /** The plan tier for events, the currency amount text's plan for payments. */
  type: z.string().nullable(),
  status: z.string().nullable(),
  /** Minor units, payments only. */
  amount: z.number().int().nullable(),
  currency: z.string().nullable(),
  createdAt: z.string(),
});
export type ActivityItem = z.infer<typeof activityItemSchema>;

export const ACTIVITY_FEED_SIZE = 10;
export const DASHBOARD_REFRESH_MS = 60_000;

/**
 * The succeeded payments of one currency (minor units): all of them, and those of the current UTC
 * month. Amounts of different currencies are never added together (decision 0037).
 */
export const currencyRevenueSchema = z.object({
  /** Lower-case ISO 4217 code, as Stripe writes it: usd, eur, gbp. */
  currency: z.string(),
  total: z.number().int(),
  thisMonth: z.number().int(),
});
export type CurrencyRevenue = z.infer<typeof currencyRevenueSchema>;

/**
 * GET /api/admin/dashboard: the four cards, computed in the database, and the newest activity. Revenue
 * is one entry per currency that has any, in alphabetical order of the code (decision 0037).
 */
export const dashboardSchema = z.object({
  revenue: z.array(currencyRevenueSchema),
  activeSubscriptions: z.number().int(),
  totalUsers: z.number().int(),
  recentActivity: z.array(activityItemSchema),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const adminListQuerySchema = z.object(listPaging);
export type AdminListQuery = z.input<typeof adminListQuerySchema>;

export const adminPaymentSchema = z.object({
  id: z.number().int(),
  userId: z.number().int().nullable(),
  username: z.string().nullable(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.string(),
  planId: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;

export const subscriptionEventSchema = z.object({
  id: z.number().int(),
  userId: z.number().int().nullable(),
  username: z.string().nullable(),
  eventType: z.string(),
  previousStatus: z.string().nullable(),
  newStatus: z.string().nullable(),
  previousTier: z.string().nullable(),
  newTier: z.string().nullable(),
  createdAt: z.string(),
});
export type SubscriptionEvent = z.infer<typeof subscriptionEventSchema>;

/**
 * The server's shape of an abandoned checkout (the second shape of docs/product.md, "Abandoned checkouts"; the
 * client also reads Stripe's).
 */
export const abandonedCheckoutSchema = z.object({
  id: z.string(),
  /**
   * A Checkout Session (absent, the shape first described in docs/product.md, "Abandoned checkouts"), or a checkout
   * attempt: a subscription never paid (decision 0019).
   */
  kind: z.enum(['session', 'subscription']).optional(),
  customerEmail: z.string().nullable(),
  customerName: z.string().nullable(),
  /** The plan's display name, for attempts. */
  plan: z.string().nullable().optional(),
  amount: z.number().int().nullable(),
  currency: z.string().nullable(),
  status: z.string(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
});
export type AbandonedCheckout = z.infer<typeof abandonedCheckoutSchema>;

// ---------- Plans ----------

export const planCurrencies = ['usd', 'eur', 'gbp'] as const;
export const planIntervals = ['month', 'year'] as const;

// The plan body's fields without defaults: an edit's absent field must stay as it is (zod 4 would
// apply a default inside .partial() too, and a lone `{isActive}` toggle would reset the rest).
const planFields = {
  name: safeText({ max: 64, trim: true, messages: { tooLong: v.planName } }).regex(
    /^[a-z0-9][a-z0-9_-]{0,63}$/,
    v.planName,
  ),
  displayName: safeText({ max: 100, min: 1, trim: true, messages: { tooShort: v.planDisplayName } }),
  price: z.number().int().min(0, v.planPrice).max(DATABASE_INT_MAX, textMessages.numberTooLarge),
  currency: z.enum(planCurrencies),
  interval: z.enum(planIntervals),
  description: safeText({ max: 500, trim: true, multiline: true }).nullable(),
  features: z.array(safeText({ max: 200, min: 1, trim: true })).max(30),
  limits: z.object({
    queries: z.number().int().min(-1, v.planQueries).max(DATABASE_INT_MAX, textMessages.numberTooLarge),
  }),
  stripePriceId: safeText({ max: ID_MAX, trim: true })
    .regex(/^price_/, v.invalidPriceId)
    .nullable(),
  isActive: z.boolean(),
};

/**
 * POST /api/admin/subscription-plans: a new plan defaults to usd, month and active
 * (docs/product.md, "Subscriptions and plans").
 */
export const adminPlanInputSchema = z.object({
  ...planFields,
  currency: planFields.currency.default('usd'),
  interval: planFields.interval.default('month'),
  description: planFields.description.default(null),
  features: planFields.features.default([]),
  stripePriceId: planFields.stripePriceId.default(null),
  isActive: planFields.isActive.default(true),
});
export type AdminPlanInput = z.input<typeof adminPlanInputSchema>;

/** PUT /api/admin/subscription-plans/:id: `isActive` alone for the toggle, or the full body (the name is the id and stays). */
export const adminPlanUpdateSchema = z.object(planFields).omit({ name: true }).partial();
export type AdminPlanUpdate = z.infer<typeof adminPlanUpdateSchema>;

export const planIdParamsSchema = z.object({ id: safeText({ max: 64, min: 1 }) });
export const adminPlanSchema = planSchema;
