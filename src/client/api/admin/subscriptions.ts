import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  adminPlanSchema,
  subscriptionEventSchema,
  type AdminPlanInput,
  type AdminPlanUpdate,
} from '../../../common/admin-billing-schemas';
import type { Plan } from '../../../common/billing-schemas';
import { apiList, apiRequest } from '../../lib/api';
import { parseResponse } from '../parse';
import { ADMIN_PAGE_SIZE, listQuery } from './paging';

// Plans and subscription events (docs/product.md, "Admin calls"). Query keys start with the request path.

export const PLANS_PATH = '/api/admin/subscription-plans';
export const EVENTS_PATH = '/api/admin/subscription-events';
export const plansKey = [PLANS_PATH] as const;

export function useAdminPlans() {
  return useQuery({
    queryKey: plansKey,
    queryFn: async ({ signal }) =>
      parseResponse(z.array(adminPlanSchema), await apiRequest('GET', PLANS_PATH, undefined, { signal })),
  });
}

function replacePlan(plans: Plan[] | undefined, plan: Plan): Plan[] | undefined {
  return plans?.map((existing) => (existing.id === plan.id ? plan : existing));
}

/** The toggle changes the list in place (docs/product.md, "Subscriptions and plans") instead of reloading it. */
export function useTogglePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, isActive }: { id: string; isActive: boolean }) =>
      parseResponse(adminPlanSchema, await apiRequest('PUT', `${PLANS_PATH}/${encodeURIComponent(id)}`, { isActive })),
    onSuccess: (plan) => queryClient.setQueryData<Plan[]>(plansKey, (plans) => replacePlan(plans, plan)),
  });
}

export type SavePlanRequest =
  { kind: 'create'; body: AdminPlanInput } | { kind: 'edit'; id: string; body: AdminPlanUpdate };

export function useSavePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: SavePlanRequest) => {
      const answer =
        request.kind === 'create'
          ? await apiRequest('POST', PLANS_PATH, request.body)
          : await apiRequest('PUT', `${PLANS_PATH}/${encodeURIComponent(request.id)}`, request.body);
      return parseResponse(adminPlanSchema, answer);
    },
    onSuccess: (plan, request) =>
      queryClient.setQueryData<Plan[]>(plansKey, (plans) =>
        request.kind === 'create' ? [...(plans ?? []), plan] : replacePlan(plans, plan),
      ),
  });
}

export function useSubscriptionEvents(offset: number) {
  return useQuery({
    queryKey: [EVENTS_PATH, { limit: ADMIN_PAGE_SIZE, offset }],
    queryFn: async ({ signal }) => {
      const query = listQuery({ limit: ADMIN_PAGE_SIZE, offset });
      const { items, total } = await apiList<unknown>(`${EVENTS_PATH}${query}`, { signal });
      return { items: parseResponse(z.array(subscriptionEventSchema), items), total };
    },
    placeholderData: keepPreviousData,
  });
}
