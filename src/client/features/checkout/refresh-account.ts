import type { QueryClient } from '@tanstack/react-query';
import { currentUserKey } from '../../api/auth';
import { isSubscriptionStatusKey } from '../../api/subscription-status';

/** After a payment or a new card, whatever the app shows about the account is read again. */
export function refreshAccountData(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const key = query.queryKey[0];
      return key === currentUserKey[0] || isSubscriptionStatusKey(key) || String(key).startsWith('/api/billing/');
    },
  });
}
