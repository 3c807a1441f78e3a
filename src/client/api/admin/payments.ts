import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { adminPaymentSchema, type AdminPayment } from '../../../common/admin-billing-schemas';
import { parseRevenueHeader, TOTAL_REVENUE_HEADER, type CurrencyTotal } from '../../../common/list-headers';
import { apiList } from '../../lib/api';
import { parseResponse } from '../parse';
import { ADMIN_PAGE_SIZE, listQuery } from './paging';

// GET /api/admin/payments (docs/product.md, "Admin calls"). The key starts with the request path; paging follows.

export const PAYMENTS_PATH = '/api/admin/payments';

export interface PaymentsPage {
  items: AdminPayment[];
  total: number;
  /**
   * Succeeded payments per currency in minor units, by currency code, from X-Total-Revenue; empty when
   * nothing succeeded yet or the server sent none. Currencies are never added together (decision 0037).
   */
  revenue: CurrencyTotal[];
}

export async function fetchPayments(offset: number, signal?: AbortSignal): Promise<PaymentsPage> {
  const query = listQuery({ limit: ADMIN_PAGE_SIZE, offset });
  const { items, total, headers } = await apiList<unknown>(`${PAYMENTS_PATH}${query}`, { signal });
  return {
    items: parseResponse(z.array(adminPaymentSchema), items),
    total,
    revenue: parseRevenueHeader(headers.get(TOTAL_REVENUE_HEADER)),
  };
}

export function usePayments(offset: number) {
  return useQuery({
    queryKey: [PAYMENTS_PATH, { limit: ADMIN_PAGE_SIZE, offset }],
    queryFn: ({ signal }) => fetchPayments(offset, signal),
    placeholderData: keepPreviousData,
  });
}
