import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  paymentMethodSchema,
  subscriptionActionResponseSchema,
  type PaymentMethod,
  type PlanChangeRequest,
  type SubscriptionActionResponse,
} from '../../common/billing-schemas';
import { parseResponse } from './parse';
import { changePlanPath } from './plan-change';
import { apiRequest } from '../lib/api';

// The billing page's calls (docs/product.md, "API calls"). Query keys are the request paths; the subscription
// and the plans are read through src/client/api/.

export const paymentMethodsKey = ['/api/billing/payment-methods'] as const;

export function usePaymentMethods() {
  return useQuery<PaymentMethod[]>({
    queryKey: paymentMethodsKey,
    queryFn: async ({ signal }) =>
      parseResponse(z.array(paymentMethodSchema), await apiRequest('GET', paymentMethodsKey[0], undefined, { signal })),
  });
}

export type SubscriptionAction = 'cancel' | 'resume' | 'terminate' | 'keep';

/**
 * The calls behind the buttons. The plan tab's Cancel sends no body; the terminate panel's
 * Terminate Now sends { immediate: true } (docs/product.md, "API calls").
 */
export const cancelSubscriptionPath = '/api/billing/cancel-subscription';
export const resumeSubscriptionPath = '/api/billing/resume-subscription';

export const subscriptionRequests = {
  cancelAtPeriodEnd: () => apiRequest('POST', cancelSubscriptionPath),
  cancelFromPanel: (subscriptionId: string) =>
    apiRequest('POST', cancelSubscriptionPath, { subscriptionId, immediate: false }),
  terminateNow: () => apiRequest('POST', cancelSubscriptionPath, { immediate: true }),
  /** Without an id (Home's dialog) the server resumes the caller's own subscription. */
  resume: (subscriptionId?: string) =>
    apiRequest('POST', resumeSubscriptionPath, subscriptionId === undefined ? undefined : { subscriptionId }),
  /**
   * Undoes a change set for the period's end by choosing the plan in force again: the checkout
   * page's confirm call (decision 0020). Nothing is charged, so no previewed proration date is needed.
   */
  keepPlan: (planId: string) =>
    apiRequest('POST', changePlanPath, {
      planId,
      when: 'now',
      prorationDate: Math.floor(Date.now() / 1000),
    } satisfies PlanChangeRequest),
};

export async function runSubscriptionRequest(request: () => Promise<unknown>): Promise<SubscriptionActionResponse> {
  return parseResponse(subscriptionActionResponseSchema, await request());
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
