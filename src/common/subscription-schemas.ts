import { z } from 'zod';

/** GET /api/subscription-status-by-session/:sessionId (docs/product.md, "Free questions and plans"). */
export const subscriptionStatusSchema = z.object({
  userId: z.number().int().nullable(),
  hasActiveSubscription: z.boolean(),
  subscriptionStatus: z.string().nullable(),
  subscriptionTier: z.string(),
  subscriptionExpiresAt: z.string().nullable(),
  stripeSubscriptionId: z.string().nullable(),
  /** -1 means unlimited. */
  paidQuestionsRemaining: z.number().int(),
  freeQuestionsRemaining: z.number().int(),
});
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/** POST /api/check-subscription: after asking Stripe, whether the caller now has an active plan. */
export const subscriptionCheckSchema = z.object({ isSubscribed: z.boolean(), subscriptionTier: z.string() });
export type SubscriptionCheck = z.infer<typeof subscriptionCheckSchema>;

/** POST /api/stripe/refresh-subscription. */
export const subscriptionRefreshSchema = z.object({
  refreshed: z.boolean(),
  hasSubscription: z.boolean(),
  message: z.string(),
});
export type SubscriptionRefresh = z.infer<typeof subscriptionRefreshSchema>;

/** GET /api/billing/verify-subscription/:subscriptionId. */
export const subscriptionVerificationSchema = z.object({
  verified: z.boolean(),
  status: z.string().nullable(),
  message: z.string(),
});
export type SubscriptionVerification = z.infer<typeof subscriptionVerificationSchema>;

/** GET /api/diagnostic-check/:customerId: Stripe's subscriptions of a customer. */
export const customerDiagnosticsSchema = z.object({
  customerId: z.string(),
  subscriptions: z.array(
    z.object({ id: z.string(), status: z.string(), cancelAtPeriodEnd: z.boolean(), created: z.number() }),
  ),
});
export type CustomerDiagnostics = z.infer<typeof customerDiagnosticsSchema>;
