import { z } from 'zod';
import { safeId, safeText } from './text-rules';

export const paymentModeSchema = z.enum(['test', 'live']);
export type PaymentMode = z.infer<typeof paymentModeSchema>;

export const planSchema = z.object({
  id: z.string(),
  name: z.string(),
  displayName: z.string(),
  description: z.string().nullable(),
  price: z.number().int(),
  currency: z.string(),
  interval: z.string(),
  features: z.array(z.string()),
  limits: z.object({ queries: z.number().int() }),
  isActive: z.boolean(),
  isPopular: z.boolean(),
  testOnly: z.boolean(),
  stripePriceId: z.string().nullable(),
  /** The Payment Link of the active mode, for direct checkout (null when none is set). */
  paymentLink: z.string().nullable(),
});
export type Plan = z.infer<typeof planSchema>;

export const stripeConfigSchema = z.object({
  mode: paymentModeSchema,
  /** Null when payments are not configured: plans then show 'Currently Unavailable'. */
  publishableKey: z.string().nullable(),
  configured: z.boolean(),
});
export type StripeConfig = z.infer<typeof stripeConfigSchema>;

export const createSubscriptionRequestSchema = z.object({ planId: safeText({ max: 64, min: 1 }) });
export const createSubscriptionResponseSchema = z.object({
  /** The first payment's secret for the Payment Element; null when an existing subscription changed plan instead. */
  clientSecret: z.string().nullable(),
  subscriptionId: z.string(),
  successUrl: z.string(),
  /** True when the user's live subscription moved to this plan (prorated on the next invoice): nothing to pay now. */
  planChanged: z.boolean().optional(),
});
export type CreateSubscriptionResponse = z.infer<typeof createSubscriptionResponseSchema>;

export const verifyPaymentRequestSchema = z.object({
  paymentIntentId: safeId().optional(),
  paymentIntentClientSecret: safeId().optional(),
  subscriptionId: safeId().optional(),
});

/** Stripe's statuses of a subscription whose first invoice was never paid: a checkout attempt, never a plan (decision 0019). */
export const UNPAID_SUBSCRIPTION_STATUSES: readonly string[] = ['incomplete', 'incomplete_expired'];

export const billingSubscriptionSchema = z.object({
  id: z.string(),
  status: z.string(),
  /** Unix seconds. */
  currentPeriodStart: z.number().int().nullable(),
  currentPeriodEnd: z.number().int().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  plan: z.object({
    id: z.string(),
    nickname: z.string(),
    amount: z.number().int(),
    currency: z.string(),
    interval: z.string(),
  }),
});
export type BillingSubscription = z.infer<typeof billingSubscriptionSchema>;

export const paymentMethodSchema = z.object({
  id: z.string(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  isDefault: z.boolean(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const subscriptionActionResponseSchema = z.object({
  success: z.boolean(),
  reset: z.boolean().optional(),
  message: z.string(),
});
export type SubscriptionActionResponse = z.infer<typeof subscriptionActionResponseSchema>;

export const billingMessages = {
  invalidRequest: 'Invalid Request',
  paymentsNotConfigured: 'Payments are not configured yet. Please try again later.',
  planNotFound: 'Plan not found',
  planUnavailable: 'This plan is currently unavailable',
  noSubscription: 'You have no active subscription',
  alreadyOnPlan: 'You are already on this plan.',
  confirmPlanChange:
    'You already have a subscription. Open the checkout page of the plan you want, review the change there and confirm it.',
  subscriptionNotFound: 'Subscription not found',
  verificationFailed: 'Verification failed',
  cancelScheduled: 'Your subscription will be cancelled at the end of the current period.',
  cancelledNow: 'Your subscription has been cancelled.',
  resumed: 'Your subscription has been resumed.',
  terminated: 'Your subscription has been terminated.',
  defaultPaymentUpdated: 'Default payment method updated',
  invalidSignature: 'Invalid signature',
  noPaymentForm: 'The payment provider did not return a payment form. Please try again.',
} as const;
