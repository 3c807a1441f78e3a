import { verifyPaymentResponseSchema, type VerifyPaymentResponse } from '../../common/billing-schemas';
import {
  customerDiagnosticsSchema,
  subscriptionCheckSchema,
  subscriptionRefreshSchema,
  type CustomerDiagnostics,
  type SubscriptionCheck,
  type SubscriptionRefresh,
} from '../../common/subscription-schemas';
import { apiRequest } from '../lib/api';
import { parseResponse } from './parse';

// The calls that first ask Stripe what it knows (docs/product.md, "Free questions and plans"); the
// stored status is subscription-status.ts.

/** POST /api/check-subscription: whether the caller has an active plan once Stripe has been asked. */
export async function checkSubscription(sessionId: string): Promise<SubscriptionCheck> {
  return parseResponse(subscriptionCheckSchema, await apiRequest('POST', '/api/check-subscription', { sessionId }));
}

export const refreshSubscriptionPath = '/api/stripe/refresh-subscription';

/** Asks the server to pull the signed-in user's subscription from Stripe now rather than wait for the webhook. */
export async function refreshSubscription(): Promise<SubscriptionRefresh> {
  return parseResponse(subscriptionRefreshSchema, await apiRequest('POST', refreshSubscriptionPath));
}

export const customerDiagnosticsPath = (customerId: string) =>
  `/api/diagnostic-check/${encodeURIComponent(customerId)}`;

/** Stripe's subscriptions of the caller's customer, for the debug box. */
export async function fetchCustomerDiagnostics(customerId: string): Promise<CustomerDiagnostics> {
  return parseResponse(customerDiagnosticsSchema, await apiRequest('GET', customerDiagnosticsPath(customerId)));
}

export interface PaymentProof {
  paymentIntentId: string;
  paymentIntentClientSecret: string;
  subscriptionId?: string;
}

/** POST /api/verify-payment: the server confirms the card payment itself and applies what it paid for. */
export async function verifyPayment(proof: PaymentProof): Promise<VerifyPaymentResponse> {
  return parseResponse(verifyPaymentResponseSchema, await apiRequest('POST', '/api/verify-payment', proof));
}
