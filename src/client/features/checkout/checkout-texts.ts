import type { VerificationStep } from './verify-checkout';

// The checkout pages' texts: the plan change panel, the success page and its checks, the payment states and
// adding a card.

export const planChangeTexts = {
  loading: 'Working out your plan change...',
  loadFailed: 'Could not work out the plan change. Check your connection and try again.',
  confirm: 'Confirm change',
  confirming: 'Changing your plan...',
  failed: 'Your plan was not changed',
  failedFallback: 'Please try again.',
  goToBilling: 'Go to Billing',
  choosePlan: 'Choose another plan',
  keepCurrent: 'Keep my current plan',
  whenLegend: 'When should the change happen?',
  nothingToday: 'Nothing today',
} as const;

export const successMessages = {
  invalidRequest: 'Invalid Request',
  invalidRequestDetail:
    'This page confirms a payment, but the payment details are missing from the address. If you were charged, your subscription may still be active; contact support if in doubt.',
  verificationFailed: 'Verification Failed',
  verificationFailedDetail: "We couldn't verify your payment. Please contact support.",
  verificationError: 'Verification Error',
  sessionMissing: 'Unable to find your session. Your subscription may still be active.',
} as const;

export const stepLabels: Record<VerificationStep, string> = {
  status: 'Checking your subscription status...',
  check: 'Checking your subscription...',
  refresh: 'Refreshing your subscription...',
  verify: 'Confirming your payment...',
};

export const paymentMessages = {
  loadFailed: 'Could not load the payment form. Check your connection and try again.',
  notAvailableTitle: 'Payments are not available yet',
  notAvailable:
    'Online payments have not been set up yet, so plans cannot be bought right now. Your free questions are still available.',
  configurationError: 'Configuration Error',
  paymentFailed: 'Payment Failed',
  paymentFailedFallback: 'An error occurred during payment processing.',
  processFailed: 'Failed to process subscription request',
} as const;

export const addCardMessages = {
  added: 'Payment method added',
  addedDetail: 'Your card has been saved.',
  failed: 'Failed to add payment method',
  failedFallback: 'Your card could not be saved. Please try again.',
  setupFailed: 'Could not start adding a card. Please try again.',
} as const;
