// The texts of Home's subscription dialogs and the debug box.

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
