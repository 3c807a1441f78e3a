import type { Plan } from '../../../common/billing-schemas';
import type { SubscriptionStatus } from '../../../common/subscription-schemas';
import { basicPlan, makePlan, standardPlan, unlimitedPlan } from '../../../../tests/helpers/plans';
import { makeSubscriptionStatus } from '../../../../tests/helpers/subscription-status';

/** The plans with test-mode Payment Links (Standard has none), out of tier order; the Test plan is test-mode only. */
export const allPlans: Plan[] = [
  { ...unlimitedPlan, paymentLink: 'https://buy.stripe.com/test_unlimited' },
  { ...basicPlan, paymentLink: 'https://buy.stripe.com/test_basic' },
  { ...standardPlan, paymentLink: null },
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

export const makeStatus = (overrides: Partial<SubscriptionStatus> = {}) =>
  makeSubscriptionStatus({ userId: 7, ...overrides });
