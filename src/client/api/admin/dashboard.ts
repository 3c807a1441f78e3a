import { useQuery } from '@tanstack/react-query';
import { DASHBOARD_REFRESH_MS, dashboardSchema, type Dashboard } from '../../../common/admin-billing-schemas';
import { apiRequest } from '../../lib/api';
import { parseResponse } from '../parse';

export const dashboardKey = ['/api/admin/dashboard'] as const;

export async function fetchDashboard(signal?: AbortSignal): Promise<Dashboard> {
  return parseResponse(dashboardSchema, await apiRequest('GET', dashboardKey[0], undefined, { signal }));
}

/** The dashboard refreshes itself every 60 seconds (docs/product.md, "Dashboard"). */
export function useDashboard() {
  return useQuery({
    queryKey: dashboardKey,
    queryFn: ({ signal }) => fetchDashboard(signal),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
}
