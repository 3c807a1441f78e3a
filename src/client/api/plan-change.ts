import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  planChangePreviewSchema,
  planChangeRefusalSchema,
  planChangeResultSchema,
  type PlanChangePreview,
  type PlanChangeRefusal,
  type PlanChangeRequest,
  type PlanChangeResult,
  type PlanChangeWhen,
} from '../../common/billing-schemas';
import { ApiError, apiRequest } from '../lib/api';
import { parseResponse } from './parse';

// A subscriber's plan change (decision 0020): the preview is a read, keyed by its path like every
// query; only the confirm mutation changes anything.

export const planChangePreviewPath = (planId: string, when?: PlanChangeWhen) => {
  const query = new URLSearchParams({ planId, ...(when ? { when } : {}) });
  return `/api/stripe/plan-change-preview?${query.toString()}`;
};
export const changePlanPath = '/api/stripe/change-plan';

/** What changing to `planId` would do; `when` left out means the server's default for the direction. */
export function usePlanChangePreview(planId: string, when: PlanChangeWhen | undefined) {
  const path = planChangePreviewPath(planId, when);
  return useQuery<PlanChangePreview>({
    queryKey: [path],
    queryFn: async ({ signal }) =>
      parseResponse(planChangePreviewSchema, await apiRequest('GET', path, undefined, { signal })),
    // The amounts are worked out for a moment in time: a later visit asks again. Switching between
    // now and the period's end keeps the last answer on screen while the other one loads.
    gcTime: 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    // A refusal (409) is an answer, not a hiccup.
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 1,
  });
}

export function useConfirmPlanChange() {
  return useMutation<PlanChangeResult, unknown, PlanChangeRequest>({
    mutationFn: async (request) =>
      parseResponse(planChangeResultSchema, await apiRequest('POST', changePlanPath, request)),
  });
}

/** Why the server refused (its 409's `reason`), when it said. */
export function refusalOf(error: unknown): PlanChangeRefusal | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const reason = (error.body as { reason?: unknown } | undefined)?.reason;
  const parsed = planChangeRefusalSchema.safeParse(reason);
  return parsed.success ? parsed.data : null;
}
