import { subscriptionActionResponseSchema, type SubscriptionActionResponse } from '../../../common/billing-schemas';
import {
  customerDiagnosticsSchema,
  subscriptionRefreshSchema,
  type CustomerDiagnostics,
  type SubscriptionRefresh,
} from '../../../common/subscription-schemas';
import { parseResponse } from '../../api/parse';
import { apiRequest } from '../../lib/api';

// Home's subscription calls (spec section 7): the Manage Subscription dialog and the debug box.
// The subscription and the plans are read through src/client/api/, as on the billing page.

export const cancelPath = '/api/billing/cancel-subscription';
export const resumePath = '/api/billing/resume-subscription';
export const refreshStripePath = '/api/stripe/refresh-subscription';
export const diagnosticPath = (customerId: string) => `/api/diagnostic-check/${encodeURIComponent(customerId)}`;

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

/** Cancel at period end (no body, as the plan tab sends it) or resume. The server emails the admins. */
export async function changeSubscription(kind: 'cancel' | 'resume'): Promise<SubscriptionActionResponse> {
  return parseResponse(
    subscriptionActionResponseSchema,
    await apiRequest('POST', kind === 'cancel' ? cancelPath : resumePath),
  );
}

export async function forceStripeRefresh(): Promise<SubscriptionRefresh> {
  return parseResponse(subscriptionRefreshSchema, await apiRequest('POST', refreshStripePath));
}

export async function checkStripe(customerId: string): Promise<CustomerDiagnostics> {
  return parseResponse(customerDiagnosticsSchema, await apiRequest('GET', diagnosticPath(customerId)));
}
