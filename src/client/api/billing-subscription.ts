import { useQuery } from '@tanstack/react-query';
import { billingSubscriptionSchema, type BillingSubscription } from '../../common/billing-schemas';
import { isPlanStatus } from '../../common/subscription-state';
import { apiRequest } from '../lib/api';
import { parseResponse } from './parse';

// GET /api/billing/subscription, for the billing page and Home's Manage Subscription dialog alike: one
// query, one key, the cache rules once (docs/product.md, "Cache and timing rules").

export const billingSubscriptionPath = '/api/billing/subscription';
export const billingSubscriptionKey = [billingSubscriptionPath] as const;

/** Billing subscription query: stale 10 s, 2 retries, refetch on focus (docs/product.md, "Cache and timing rules"). */
export const BILLING_STALE_MS = 10_000;

/**
 * The user's Stripe subscription, or null when they have no plan: none, or one never paid or ended
 * (whatever an older server may answer). The t parameter defeats caches.
 */
export function useBillingSubscription({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery<BillingSubscription | null>({
    queryKey: billingSubscriptionKey,
    queryFn: async ({ signal }) => {
      const answer = await apiRequest('GET', `${billingSubscriptionPath}?t=${Date.now()}`, undefined, { signal });
      if (answer === null || answer === undefined || answer === '') return null;
      const subscription = parseResponse(billingSubscriptionSchema, answer);
      return isPlanStatus(subscription.status) ? subscription : null;
    },
    enabled,
    staleTime: BILLING_STALE_MS,
    retry: 2,
    refetchOnWindowFocus: true,
  });
}
