import type { SubscriptionAction } from '../../api/billing';

// The Billing page's texts: the page, its subscription actions, the payment methods tab and a scheduled plan change.

export const billingPageTexts = {
  loadFailed: 'Failed to load subscription data',
  fetchFailed: 'Failed to fetch subscription details',
  refreshFailed: 'Refresh failed',
  refreshError: 'Refresh error',
  refreshErrorDetail: 'Failed to refresh some billing information. Please try again.',
} as const;

export const actionMessages: Record<SubscriptionAction, { done: string; failed: string; fallback: string }> = {
  cancel: { done: 'Subscription cancelled', failed: 'Cancel failed', fallback: 'Failed to cancel subscription' },
  resume: {
    done: 'Subscription resumed',
    failed: 'Failed to resume subscription',
    fallback: 'Failed to resume subscription',
  },
  terminate: {
    done: 'Subscription terminated',
    failed: 'Failed to terminate subscription',
    fallback: 'Failed to terminate subscription',
  },
  keep: { done: 'Plan kept', failed: 'Your plan was not kept', fallback: 'Failed to keep your plan' },
};

export const paymentMethodMessages = {
  empty: 'No payment methods found',
  loadFailed: 'Failed to load payment methods',
  setDefaultFailed: 'Failed to update default payment method',
  setDefaultDone: 'Default payment method updated',
} as const;

/** A plan change set for the end of the period (decision 0020), beside the plan in force. */
export const scheduledTexts = {
  changes: (plan: string, date: string) => `Changes to ${plan} on ${date}`,
  detail: (plan: string, price: string, date: string, current: string) =>
    `From ${date} you are on ${plan} at ${price}. Until then you keep ${current} and its questions.`,
  keep: (current: string) => `Keep ${current}`,
  confirm: (current: string, price: string, plan: string, date: string) =>
    `You stay on ${current} at ${price}; the change to ${plan} on ${date} is cancelled. Nothing is charged today.`,
} as const;
