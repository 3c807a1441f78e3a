import type { Plan } from '../../../common/billing-schemas';
import type { SubscriptionStatus } from '../../../common/subscription-schemas';
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
    features: ['333 questions per month'],
    limits: { queries: 333 },
    isActive: true,
    isPopular: false,
    testOnly: false,
    stripePriceId: 'price_basic',
    paymentLink: 'https://buy.stripe.com/test_basic',
    ...overrides,
  };
}

export const allPlans: Plan[] = [
  makePlan({
    id: 'unlimited',
    name: 'unlimited',
    displayName: 'Unlimited',
    price: 4444,
    limits: { queries: -1 },
    paymentLink: 'https://buy.stripe.com/test_unlimited',
  }),
  makePlan(),
  makePlan({
    id: 'standard',
    name: 'standard',
    displayName: 'Standard',
    price: 1999,
    limits: { queries: 2001 },
    isPopular: true,
    paymentLink: null,
  }),
  makePlan({
    id: 'test',
    name: 'test',
    displayName: 'Test Plan',
    price: 99,
    limits: { queries: 10 },
    testOnly: true,
    paymentLink: 'https://buy.stripe.com/test_test?locale=en',
  }),
];

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

export function makeStatus(overrides: Partial<SubscriptionStatus> = {}): SubscriptionStatus {
  return {
    userId: 7,
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
