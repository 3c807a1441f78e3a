import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  billingSubscriptionSchema,
  paymentMethodSchema,
  planSchema,
  subscriptionActionResponseSchema,
  type BillingSubscription,
  type PaymentMethod,
  type Plan,
  type PlanChangeRequest,
  type SubscriptionActionResponse,
} from '../../../common/billing-schemas';
import { apiRequest } from '../../lib/api';
import { isPlan } from './billing-format';

// The billing page's calls (spec section 7). Query keys are the request paths.

export const billingSubscriptionKey = ['/api/billing/subscription'] as const;
export const paymentMethodsKey = ['/api/billing/payment-methods'] as const;
export const plansKey = ['/api/subscription-plans'] as const;

/** Spec section 9: 'Billing subscription query: stale 10 s, 2 retries, refetch on focus'. */
export const BILLING_STALE_MS = 10_000;

export const INVALID_FORMAT = 'Invalid response format from server';

function parseOrThrow<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new Error(INVALID_FORMAT);
  return parsed.data;
}

/**
 * The user's Stripe subscription, or null when they have no plan: none, or one never paid or
 * ended (whatever an older server may answer). The t parameter defeats caches.
 */
export function useBillingSubscription() {
  return useQuery<BillingSubscription | null>({
    queryKey: billingSubscriptionKey,
    queryFn: async ({ signal }) => {
      const answer = await apiRequest('GET', `${billingSubscriptionKey[0]}?t=${Date.now()}`, undefined, { signal });
      if (answer === null || answer === undefined || answer === '') return null;
      const subscription = parseOrThrow(billingSubscriptionSchema, answer);
      return isPlan(subscription) ? subscription : null;
    },
    staleTime: BILLING_STALE_MS,
    retry: 2,
    refetchOnWindowFocus: true,
  });
}

export function usePaymentMethods() {
  return useQuery<PaymentMethod[]>({
    queryKey: paymentMethodsKey,
    queryFn: async ({ signal }) =>
      parseOrThrow(z.array(paymentMethodSchema), await apiRequest('GET', paymentMethodsKey[0], undefined, { signal })),
  });
}

/** The offered plans, for the cards shown to a user without a subscription. */
export function usePlans() {
  return useQuery<Plan[]>({
    queryKey: plansKey,
    queryFn: async ({ signal }) =>
      parseOrThrow(z.array(planSchema), await apiRequest('GET', plansKey[0], undefined, { signal })),
  });
}

export type SubscriptionAction = 'cancel' | 'resume' | 'terminate' | 'keep';

/**
 * The calls behind the buttons. The plan tab's Cancel sends no body; the terminate panel's
 * Terminate Now sends { immediate: true } (spec section 7).
 */
export const subscriptionRequests = {
  cancelAtPeriodEnd: () => apiRequest('POST', '/api/billing/cancel-subscription'),
  cancelFromPanel: (subscriptionId: string) =>
    apiRequest('POST', '/api/billing/cancel-subscription', { subscriptionId, immediate: false }),
  terminateNow: () => apiRequest('POST', '/api/billing/cancel-subscription', { immediate: true }),
  resume: (subscriptionId: string) => apiRequest('POST', '/api/billing/resume-subscription', { subscriptionId }),
  /**
   * Undoes a change set for the period's end by choosing the plan in force again: the checkout
   * page's confirm call (decision 0020). Nothing is charged, so no previewed proration date is needed.
   */
  keepPlan: (planId: string) =>
    apiRequest('POST', '/api/stripe/change-plan', {
      planId,
      when: 'now',
      prorationDate: Math.floor(Date.now() / 1000),
    } satisfies PlanChangeRequest),
};

export async function runSubscriptionRequest(request: () => Promise<unknown>): Promise<SubscriptionActionResponse> {
  return parseOrThrow(subscriptionActionResponseSchema, await request());
}

export function useSetDefaultPaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paymentMethodId: string) =>
      apiRequest<{ success?: boolean; message?: string }>('POST', '/api/billing/update-default-payment', {
        paymentMethodId,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentMethodsKey }),
  });
}
