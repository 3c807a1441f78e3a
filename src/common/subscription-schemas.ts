import { z } from 'zod';

/** GET /api/subscription-status-by-session/:sessionId (spec section 3, 'Subscription status (by session)'). */
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
