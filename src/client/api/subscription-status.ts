import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { verifyPaymentResponseSchema, type VerifyPaymentResponse } from '../../common/billing-schemas';
import {
  customerDiagnosticsSchema,
  subscriptionCheckSchema,
  subscriptionRefreshSchema,
  subscriptionStatusSchema,
  type CustomerDiagnostics,
  type SubscriptionCheck,
  type SubscriptionRefresh,
  type SubscriptionStatus,
} from '../../common/subscription-schemas';
import { apiRequest } from '../lib/api';
import { parseResponse } from './parse';

// The caller's subscription and allowance, and the calls that first ask Stripe what it knows
// (docs/product.md, "Free questions and plans"). The status by session is one query for every page
// that shows it, with the cache rules (docs/product.md, "Cache and timing rules") written once here.

export const subscriptionStatusPath = (sessionId: string) =>
  `/api/subscription-status-by-session/${encodeURIComponent(sessionId)}`;
export const subscriptionStatusKey = (sessionId: string) => [subscriptionStatusPath(sessionId)] as const;
/** Every caller's status query, whatever the session: what a change of account must refresh. */
export const isSubscriptionStatusKey = (key: unknown) => String(key).startsWith('/api/subscription-status-by-session/');

/** The subscription status is polled every 120 s, not on window focus. */
export const SUBSCRIPTION_POLL_MS = 120_000;

/** What the page assumes when the status cannot be read. */
export const UNKNOWN_SUBSCRIPTION: SubscriptionStatus = {
  userId: null,
  hasActiveSubscription: false,
  subscriptionStatus: 'unknown',
  subscriptionTier: 'free',
  subscriptionExpiresAt: null,
  stripeSubscriptionId: null,
  paidQuestionsRemaining: 0,
  freeQuestionsRemaining: 0,
};

/** The status as stored, or, with `forceRefresh`, after the server has asked Stripe. */
export async function fetchSubscriptionStatus(
  sessionId: string,
  { forceRefresh = false, signal }: { forceRefresh?: boolean; signal?: AbortSignal } = {},
): Promise<SubscriptionStatus> {
  const path = `${subscriptionStatusPath(sessionId)}${forceRefresh ? '?forceRefresh=true' : ''}`;
  return parseResponse(subscriptionStatusSchema, await apiRequest('GET', path, undefined, { signal }));
}

/**
 * The allowance and subscription behind the free-questions badge, the trial gate and the
 * subscription pages: read on mount and every 120 s. `refresh()` has the server re-check with Stripe
 * and keeps the answer; a failed refresh leaves the polled value.
 */
export function useSubscriptionStatus(sessionId: string) {
  const queryClient = useQueryClient();
  const query = useQuery<SubscriptionStatus>({
    queryKey: subscriptionStatusKey(sessionId),
    queryFn: ({ signal }) => fetchSubscriptionStatus(sessionId, { signal }),
    staleTime: 0,
    refetchInterval: SUBSCRIPTION_POLL_MS,
    refetchOnWindowFocus: false,
  });
  const refresh = useCallback(async () => {
    try {
      queryClient.setQueryData(
        subscriptionStatusKey(sessionId),
        await fetchSubscriptionStatus(sessionId, { forceRefresh: true }),
      );
    } catch {
      // The polled value stays; the next poll tries again.
    }
  }, [queryClient, sessionId]);
  return { ...query, refresh };
}

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
