import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { stripeConfigSchema, type StripeConfig } from '../../common/billing-schemas';
import { toast } from '../components/ui/toast-store';
import { apiRequest, errorText } from '../lib/api';
import { parseResponse } from './parse';

// GET /api/stripe/config: the payment mode and publishable key (a null key: payments are not set up).

export const stripeConfigPath = '/api/stripe/config';
export const stripeConfigKey = [stripeConfigPath] as const;

export function useStripeConfig() {
  return useQuery<StripeConfig>({
    queryKey: stripeConfigKey,
    queryFn: async ({ signal }) =>
      parseResponse(stripeConfigSchema, await apiRequest('GET', stripeConfigPath, undefined, { signal })),
  });
}

/** What a page assumes when the payment settings cannot be read. */
export const LIVE_FALLBACK: StripeConfig = { mode: 'live', publishableKey: null, configured: false };

/** The payment mode for the plan picker: a failure toasts 'Configuration Error' and falls back to live mode. */
export function usePaymentMode() {
  const query = useStripeConfig();
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
