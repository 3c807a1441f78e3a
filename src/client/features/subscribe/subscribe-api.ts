import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { stripeConfigSchema, type StripeConfig } from '../../../common/billing-schemas';
import {
  subscriptionRefreshSchema,
  subscriptionStatusSchema,
  type SubscriptionRefresh,
  type SubscriptionStatus,
} from '../../../common/subscription-schemas';
import { toast } from '../../components/ui/toast-store';
import { apiRequest, errorText } from '../../lib/api';

// The plan picker's and the subscription-successful page's calls (spec section 7).

export const stripeConfigPath = '/api/stripe/config';
export const refreshSubscriptionPath = '/api/stripe/refresh-subscription';
export const subscriptionStatusPath = (sessionId: string) =>
  `/api/subscription-status-by-session/${encodeURIComponent(sessionId)}`;

/** What the page assumes when the payment settings cannot be read (spec section 8). */
export const LIVE_FALLBACK: StripeConfig = { mode: 'live', publishableKey: null, configured: false };

/** The payment mode; a failure toasts 'Configuration Error' and falls back to live mode. */
export function usePaymentMode() {
  const query = useQuery<StripeConfig>({
    queryKey: [stripeConfigPath],
    queryFn: async ({ signal }) =>
      stripeConfigSchema.parse(await apiRequest('GET', stripeConfigPath, undefined, { signal })),
  });
  useEffect(() => {
    if (query.isError) {
      toast({
        variant: 'destructive',
        title: 'Configuration Error',
        description: errorText(query.error, 'Could not read the payment settings.'),
      });
    }
  }, [query.isError, query.error]);
  return { ...query, config: query.isError ? LIVE_FALLBACK : query.data };
}

export function useSubscriptionStatus(sessionId: string) {
  const path = subscriptionStatusPath(sessionId);
  return useQuery<SubscriptionStatus>({
    queryKey: [path],
    queryFn: async ({ signal }) => subscriptionStatusSchema.parse(await apiRequest('GET', path, undefined, { signal })),
    staleTime: 0,
  });
}

/** Asks the server to pull the subscription from Stripe now rather than wait for the webhook. */
export async function refreshSubscription(): Promise<SubscriptionRefresh> {
  return subscriptionRefreshSchema.parse(await apiRequest('POST', refreshSubscriptionPath));
}
