import type { Plan, StripeConfig } from '../../../common/billing-schemas';
import type { PublicUser } from '../../../common/user-schemas';

export function makePlan(overrides: Partial<Plan> = {}): Plan {
  return {
    id: 'basic',
    name: 'basic',
    displayName: 'Basic',
    description: 'For occasional questions',
    price: 499,
    currency: 'usd',
    interval: 'month',
    features: ['333 questions per month', 'Comparison analysis'],
    limits: { queries: 333 },
    isActive: true,
    isPopular: false,
    testOnly: false,
    stripePriceId: 'price_basic',
    paymentLink: null,
    ...overrides,
  };
}

export const testConfig: StripeConfig = { mode: 'test', publishableKey: 'pk_test_123', configured: true };
export const unconfigured: StripeConfig = { mode: 'live', publishableKey: null, configured: false };

export function makeUser(overrides: Partial<PublicUser> = {}): PublicUser {
  return {
    id: 7,
    username: 'ada',
    email: 'ada@example.com',
    emailVerified: true,
    role: 'user',
    isAdmin: false,
    stripeCustomerId: null,
    stripeSubscriptionId: null,
    freeQuestionsRemaining: 33,
    paidQuestionsRemaining: 0,
    subscriptionStatus: null,
    subscriptionTier: 'free',
    subscriptionExpiresAt: null,
    createdAt: '2025-05-05T00:00:00.000Z',
    impersonatedBy: null,
    ...overrides,
  };
}
