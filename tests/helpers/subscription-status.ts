import type { SubscriptionStatus } from '../../src/common/subscription-schemas';

/** GET /api/subscription-status-by-session's answer for a free caller, with `overrides` on top. */
export function makeSubscriptionStatus(overrides: Partial<SubscriptionStatus> = {}): SubscriptionStatus {
  return {
    userId: null,
    hasActiveSubscription: false,
    subscriptionStatus: null,
    subscriptionTier: 'free',
    subscriptionExpiresAt: null,
    stripeSubscriptionId: null,
    paidQuestionsRemaining: 0,
    freeQuestionsRemaining: 33,
    ...overrides,
  };
}
