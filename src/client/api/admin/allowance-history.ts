import { useQuery } from '@tanstack/react-query';
import { allowanceHistorySchema, type AllowanceLedgerEntry } from '../../../common/admin-user-schemas';
import { apiRequest } from '../../lib/api';
import { parseResponse } from '../parse';

// GET /api/admin/users/:id/allowance-history: the latest changes of a user's question counts,
// newest first, for the admin user dialog. Read afresh each time the dialog opens.

export const allowanceHistoryPath = (userId: number) => `/api/admin/users/${userId}/allowance-history`;
export const allowanceHistoryKey = (userId: number) => [allowanceHistoryPath(userId)] as const;

export function useAllowanceHistory(userId: number) {
  return useQuery<AllowanceLedgerEntry[]>({
    queryKey: allowanceHistoryKey(userId),
    queryFn: async ({ signal }) =>
      parseResponse(
        allowanceHistorySchema,
        await apiRequest('GET', allowanceHistoryPath(userId), undefined, { signal }),
      ),
  });
}
