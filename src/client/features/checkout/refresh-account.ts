import type { QueryClient } from '@tanstack/react-query';
import { currentUserKey } from '../../lib/auth-api';

/** After a payment or a new card, whatever the app shows about the account is read again. */
export function refreshAccountData(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const key = String(query.queryKey[0]);
      return (
        key === currentUserKey[0] ||
        key.startsWith('/api/subscription-status-by-session') ||
        key.startsWith('/api/billing/')
      );
    },
  });
}
