import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { planSchema, type Plan } from '../../../common/billing-schemas';
import { apiRequest } from '../../lib/api';

// The pricing page's one call (spec section 7); the query key is the request path.

export const plansPath = '/api/subscription-plans';

/** The active plans, in the server's order (the test plan only in test mode). */
export function usePlans() {
  return useQuery<Plan[]>({
    queryKey: [plansPath],
    queryFn: async ({ signal }) => z.array(planSchema).parse(await apiRequest('GET', plansPath, undefined, { signal })),
  });
}
