import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { planSchema, type Plan } from '../../common/billing-schemas';
import { apiRequest } from '../lib/api';
import { parseResponse } from './parse';

// GET /api/subscription-plans: the active plans in the server's order (the test plan only in test
// mode). One query for every page that offers plans; its key is the request path.

export const plansPath = '/api/subscription-plans';
export const plansKey = [plansPath] as const;

export function usePlans({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery<Plan[]>({
    queryKey: plansKey,
    queryFn: async ({ signal }) =>
      parseResponse(z.array(planSchema), await apiRequest('GET', plansPath, undefined, { signal })),
    enabled,
  });
}
