import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { SubscriptionStatus } from '../../common/subscription-schemas';
import { apiRequest } from '../lib/api';
import { checkResponse, subscriptionStatusCheck } from './response-checks';

// The caller's subscription and allowance (docs/product.md, "Free questions and plans"): one query for
// every page that shows it, with the cache rules (docs/product.md, "Cache and timing rules") written
// once here. Home reads it as it first paints, so it is checked without zod (response-checks.ts); the
// calls that first ask Stripe are in subscription-sync.ts.

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
  return checkResponse(subscriptionStatusCheck, await apiRequest('GET', path, undefined, { signal }));
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
