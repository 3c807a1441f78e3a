import { useQuery } from '@tanstack/react-query';
import {
  createSubscriptionResponseSchema,
  planSchema,
  setupIntentResponseSchema,
  type CreateSubscriptionResponse,
  type Plan,
} from '../../common/billing-schemas';
import { parseResponse } from './parse';
import { apiRequest } from '../lib/api';

// Checkout's calls (docs/product.md, "API calls"). Query keys are the request paths.

export const planPath = (planId: string) => `/api/subscription-plans/${encodeURIComponent(planId)}`;
export const createSubscriptionPath = '/api/stripe/create-subscription';
export const setupIntentPath = '/api/billing/setup-intent';

export function usePlan(planId: string | undefined) {
  const path = planPath(planId ?? '');
  return useQuery<Plan>({
    queryKey: [path],
    queryFn: async ({ signal }) => parseResponse(planSchema, await apiRequest('GET', path, undefined, { signal })),
    enabled: Boolean(planId),
  });
}

/**
 * Starts the subscription and returns the client secret of its first payment. A query rather than
 * a mutation so that StrictMode's double mount and a re-render share one request; gcTime 0 so a
 * later visit asks again (the server hands back the pending attempt for that plan, decision 0019).
 */
export function useCreateSubscription(planId: string, enabled: boolean) {
  return useQuery<CreateSubscriptionResponse>({
    queryKey: [createSubscriptionPath, planId],
    queryFn: async () =>
      parseResponse(createSubscriptionResponseSchema, await apiRequest('POST', createSubscriptionPath, { planId })),
    enabled,
    gcTime: 0,
    staleTime: Infinity,
    retry: false,
  });
}

/** A SetupIntent for saving a card without paying (the server makes the first card the default). */
export function useSetupIntent(enabled: boolean) {
  return useQuery<{ clientSecret: string }>({
    queryKey: [setupIntentPath],
    queryFn: async () => parseResponse(setupIntentResponseSchema, await apiRequest('POST', setupIntentPath)),
    enabled,
    gcTime: 0,
    staleTime: Infinity,
    retry: false,
  });
}
