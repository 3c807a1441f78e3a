import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  billingSubscriptionSchema,
  planSchema,
  subscriptionActionResponseSchema,
  type BillingSubscription,
  type Plan,
  type SubscriptionActionResponse,
} from '../../../common/billing-schemas';
import { apiRequest } from '../../lib/api';

// Home's subscription calls (spec section 7): the Manage Subscription dialog and the debug box.
// Query keys are the request paths, so the billing page's cache and Home's stay one and the same.

export const plansPath = '/api/subscription-plans';
export const billingSubscriptionPath = '/api/billing/subscription';
export const cancelPath = '/api/billing/cancel-subscription';
export const resumePath = '/api/billing/resume-subscription';
export const refreshStripePath = '/api/stripe/refresh-subscription';
export const diagnosticPath = (customerId: string) => `/api/diagnostic-check/${encodeURIComponent(customerId)}`;

export const subscriptionTexts = {
  invalidFormat: 'Invalid response format from server',
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

function parsed<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new Error(subscriptionTexts.invalidFormat);
  return result.data;
}

/** The offered plans, for the Upgrade Subscription tab. */
export function usePlans(enabled: boolean) {
  return useQuery<Plan[]>({
    queryKey: [plansPath],
    queryFn: async ({ signal }) => parsed(z.array(planSchema), await apiRequest('GET', plansPath, undefined, { signal })),
    enabled,
  });
}

/** The caller's Stripe subscription (null when there is none); `t` keeps caches out of it. */
export function useBillingSubscription(enabled: boolean) {
  return useQuery<BillingSubscription | null>({
    queryKey: [billingSubscriptionPath],
    queryFn: async ({ signal }) => {
      const answer = await apiRequest('GET', `${billingSubscriptionPath}?t=${Date.now()}`, undefined, { signal });
      return answer === null || answer === undefined || answer === '' ? null : parsed(billingSubscriptionSchema, answer);
    },
    enabled,
    staleTime: 0,
  });
}

/** Cancel at period end (no body, as the plan tab sends it) or resume. The server emails the admins. */
export async function changeSubscription(kind: 'cancel' | 'resume'): Promise<SubscriptionActionResponse> {
  return parsed(subscriptionActionResponseSchema, await apiRequest('POST', kind === 'cancel' ? cancelPath : resumePath));
}

export const refreshAnswerSchema = z.object({
  refreshed: z.boolean(),
  hasSubscription: z.boolean(),
  message: z.string(),
});
export type RefreshAnswer = z.infer<typeof refreshAnswerSchema>;

export async function forceStripeRefresh(): Promise<RefreshAnswer> {
  return parsed(refreshAnswerSchema, await apiRequest('POST', refreshStripePath));
}

export const diagnosticSchema = z.object({
  customerId: z.string(),
  subscriptions: z.array(
    z.object({ id: z.string(), status: z.string(), cancelAtPeriodEnd: z.boolean(), created: z.number() }),
  ),
});
export type Diagnostic = z.infer<typeof diagnosticSchema>;

export async function checkStripe(customerId: string): Promise<Diagnostic> {
  return parsed(diagnosticSchema, await apiRequest('GET', diagnosticPath(customerId)));
}
