// The texts of the billing calls and of changing a plan (docs/product.md, "Errors and messages"), once for server,
// client and tests; billing-schemas.ts holds the shapes.

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

// Changing the plan of a live subscription (server billing/plan-change.ts): why a preview or a confirm was refused,
// and what the confirm did.

export const planChangeMessages = {
  resumeFirst:
    'Your subscription is set to end at the close of this period. Resume it on the Billing page first; then you can change your plan.',
  paymentIssue:
    'Your last payment did not go through. Update your card on the Billing page first; then you can change your plan.',
  alreadyScheduled: 'This change is already set for the end of your current period.',
  changeScheduled:
    'A change to another plan is already set for the end of this period. Keep your current plan first (choose it again), then pick the new one.',
  quoteExpired: 'The amounts shown are out of date. Review the change again before confirming.',
  cardDeclined:
    'Your card was declined, so your plan was not changed. Update your card on the Billing page and try again.',
  changedNow: 'Your plan has been changed.',
  scheduled: 'Your plan will change at the end of the current period.',
  kept: 'You keep your current plan; the change set for the end of the period is cancelled.',
} as const;
