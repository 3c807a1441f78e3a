import type { Plan } from '../../src/common/billing-schemas';

// Subscription plans for client component tests, as GET /api/subscription-plans gives them.
// Shaped like planSchema; the names, prices and allowances follow src/common/plans.ts planSeeds,
// with short feature lists and fake Stripe price ids.

/** The Basic plan, active and purchasable; a test overrides only what it is about. */
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

export const basicPlan: Plan = makePlan();

export const standardPlan: Plan = makePlan({
  id: 'standard',
  name: 'standard',
  displayName: 'Standard',
  price: 1999,
  limits: { queries: 2001 },
  features: ['2,001 questions per month', 'Confidence ranking'],
  isPopular: true,
  stripePriceId: 'price_standard',
});

export const unlimitedPlan: Plan = makePlan({
  id: 'unlimited',
  name: 'unlimited',
  displayName: 'Unlimited',
  price: 4444,
  limits: { queries: -1 },
  features: ['Unlimited questions', 'Priority support'],
  stripePriceId: 'price_unlimited',
});

/** The plans on offer to everyone (no test-only plan), cheapest first. */
export const offeredPlans: Plan[] = [basicPlan, standardPlan, unlimitedPlan];
