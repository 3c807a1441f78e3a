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
  /** The first payment's secret for the Payment Element (a subscriber's plan change is planChangeRequestSchema's). */
  clientSecret: z.string(),
  subscriptionId: z.string(),
  successUrl: z.string(),
});
export type CreateSubscriptionResponse = z.infer<typeof createSubscriptionResponseSchema>;

export const verifyPaymentRequestSchema = z.object({
  paymentIntentId: safeId().optional(),
  paymentIntentClientSecret: safeId().optional(),
  subscriptionId: safeId().optional(),
});

/** POST /api/verify-payment: whether the card payment went through, and the plan it paid for. */
export const verifyPaymentResponseSchema = z.object({
  success: z.boolean(),
  plan: planSchema.nullish(),
  message: z.string().optional(),
});
export type VerifyPaymentResponse = z.infer<typeof verifyPaymentResponseSchema>;

/** POST /api/billing/setup-intent: the secret Stripe's card form needs to save a card. */
export const setupIntentResponseSchema = z.object({ clientSecret: z.string() });

/** POST /stripe-webhook: Stripe needs only a 2xx; the flags say what became of the event. */
export const webhookReceiptSchema = z.object({
  received: z.literal(true),
  duplicate: z.boolean().optional(),
  ignored: z.boolean().optional(),
});

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
  /** A plan change set for the end of the period (server billing/plan-change.ts); `plan` stays in force until then. */
  scheduledChange: z
    .object({
      planId: z.string(),
      nickname: z.string(),
      amount: z.number().int(),
      currency: z.string(),
      /** Unix seconds: the end of the current period. */
      startsAt: z.number().int(),
    })
    .nullable()
    .optional(),
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

// Changing the plan of a live subscription (server billing/plan-change.ts): the checkout page shows a
// preview, and only the confirm call changes anything.

/** When a change applies: at once (prorated today) or when the current period ends (nothing today). */
export const planChangeWhenSchema = z.enum(['now', 'period_end']);
export type PlanChangeWhen = z.infer<typeof planChangeWhenSchema>;

const planChangePlanId = safeText({ max: 64, min: 1 });

export const planChangePreviewQuerySchema = z.object({
  planId: planChangePlanId,
  /** Left out: now for a dearer or same-price plan, at the period's end for a cheaper one. */
  when: planChangeWhenSchema.optional(),
});

const planChangeSideSchema = z.object({
  planId: z.string(),
  displayName: z.string(),
  price: z.number().int(),
  currency: z.string(),
  interval: z.string(),
  /** Questions per period (-1 = unlimited). */
  questions: z.number().int(),
});

export const planChangePreviewSchema = z.object({
  current: planChangeSideSchema,
  target: planChangeSideSchema,
  direction: z.enum(['upgrade', 'downgrade', 'switch']),
  when: planChangeWhenSchema,
  /** What the card is charged today, in minor units of `currency`, from Stripe's preview invoice. */
  amountDueToday: z.number().int(),
  /** Credit for the unused part of the current plan that goes towards later payments (a cheaper plan now). */
  creditToday: z.number().int(),
  currency: z.string(),
  /** When the new plan (and its allowance) applies. */
  effectiveAt: z.string(),
  /** The end of the current period, when a change set for the period's end applies. */
  periodEnd: z.string(),
  /** The renewal after the change: its date and what it will charge. */
  nextPayment: z.object({ amount: z.number().int(), currency: z.string(), date: z.string() }),
  /** Unix seconds the proration was worked out for; the confirm call sends it back so the charge equals the preview. */
  prorationDate: z.number().int(),
  /** True when the target is the plan in force and confirming undoes the change set for the period's end. */
  keepsCurrentPlan: z.boolean(),
  /** A change already set for the end of the period. */
  scheduledChange: z.object({ planId: z.string(), displayName: z.string(), startsAt: z.string() }).nullable(),
});
export type PlanChangePreview = z.infer<typeof planChangePreviewSchema>;

export const planChangeRequestSchema = z.object({
  planId: planChangePlanId,
  when: planChangeWhenSchema,
  prorationDate: z.number().int().positive(),
});
export type PlanChangeRequest = z.infer<typeof planChangeRequestSchema>;

export const planChangeResultSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  when: planChangeWhenSchema,
  effectiveAt: z.string(),
  amountCharged: z.number().int(),
  currency: z.string(),
  /** The plan in force after the call (the old one until the period ends, for a change set for then). */
  subscriptionTier: z.string(),
});
export type PlanChangeResult = z.infer<typeof planChangeResultSchema>;

/** Why a preview or a confirm was refused (409), beside the message, so the page can offer the way out. */
export const planChangeRefusalSchema = z.enum([
  'already_on_plan',
  'resume_first',
  'payment_issue',
  'change_scheduled',
  'quote_expired',
  'card_declined',
]);
export type PlanChangeRefusal = z.infer<typeof planChangeRefusalSchema>;

/** How long a preview's proration date stays good for the confirm call. */
export const PLAN_CHANGE_QUOTE_TTL_SECONDS = 30 * 60;
