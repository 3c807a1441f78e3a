import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { adminPaymentSchema, type AdminPayment } from '../../../common/admin-billing-schemas';
import { TOTAL_REVENUE_HEADER } from '../../../common/admin-user-schemas';
import { apiList } from '../../lib/api';
import { parseResponse } from '../parse';
import { ADMIN_PAGE_SIZE, listQuery } from './paging';

// GET /api/admin/payments (docs/product.md, "Admin calls"). The key starts with the request path; paging follows.

export const PAYMENTS_PATH = '/api/admin/payments';

export interface PaymentsPage {
  items: AdminPayment[];
  total: number;
  /** Sum of succeeded payments in minor units, from X-Total-Revenue; null when the server sent none. */
  totalRevenue: number | null;
}

export async function fetchPayments(offset: number, signal?: AbortSignal): Promise<PaymentsPage> {
  const query = listQuery({ limit: ADMIN_PAGE_SIZE, offset });
  const { items, total, headers } = await apiList<unknown>(`${PAYMENTS_PATH}${query}`, { signal });
  const revenue = headers.get(TOTAL_REVENUE_HEADER);
  return {
    items: parseResponse(z.array(adminPaymentSchema), items),
    total,
    totalRevenue: revenue !== null && Number.isFinite(Number(revenue)) ? Number(revenue) : null,
  };
}

export function usePayments(offset: number) {
  return useQuery({
    queryKey: [PAYMENTS_PATH, { limit: ADMIN_PAGE_SIZE, offset }],
    queryFn: ({ signal }) => fetchPayments(offset, signal),
    placeholderData: keepPreviousData,
  });
}
