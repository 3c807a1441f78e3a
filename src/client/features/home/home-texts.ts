// Home's texts: the trial gate, the subscription dialogs and the debug box.

export const trialGateTexts = {
  checking: 'Checking your plan...',
  error: 'Could not check subscription status. Please try again.',
  issueTitle: 'Subscription Issue',
  issue: 'Your subscription has no questions left this period. Please contact support.',
} as const;

/** The Manage Subscription dialog's tabs and the Stripe debug box. */
export const subscriptionTexts = {
  processFailed: 'Failed to process subscription request',
  plansFailed: 'Failed to load subscription plans. Please try again later.',
  cancelFailed: 'Cancel failed',
  resumeFailed: 'Failed to resume subscription',
  cancelled: 'Subscription cancelled',
  resumed: 'Subscription resumed',
  dataReset: 'Subscription Data Reset',
  checkFailed: 'Error checking subscription',
  refreshFailed: 'Refresh failed',
  noneFound: 'No subscriptions found',
} as const;
