import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { toast } from '../../components/ui/toast-store';
import { errorText } from '../../lib/api';
import { useTimers } from '../../lib/use-timers';
import { REFETCH_AFTER_CHANGE_MS, SECOND_REFETCH_AFTER_MS } from '../../../common/limits';
import { currentUserKey } from '../../api/auth';
import { billingSubscriptionKey } from '../../api/billing-subscription';
import { runSubscriptionRequest, type SubscriptionAction } from '../../api/billing';
import { isSubscriptionStatusKey } from '../../api/subscription-status';
import { actionMessages } from './billing-texts';

export const DATA_RESET_TITLE = 'Subscription Data Reset';

/**
 * Runs one subscription change at a time, with the documented toasts and follow-up refetches
 * (docs/product.md, "Cancel, resume and terminate").
 */
export function useSubscriptionActions() {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<SubscriptionAction | null>(null);
  const busy = useRef(false);
  const later = useTimers();

  const refetchSubscription = useCallback(
    () => void queryClient.refetchQueries({ queryKey: billingSubscriptionKey }),
    [queryClient],
  );

  const run = useCallback(
    async (action: SubscriptionAction, request: () => Promise<unknown>) => {
      if (busy.current) return;
      busy.current = true;
      setPending(action);
      const text = actionMessages[action];
      try {
        const answer = await runSubscriptionRequest(request);
        if (answer.reset) toast({ title: DATA_RESET_TITLE, description: answer.message });
        else if (answer.success) toast({ variant: 'success', title: text.done, description: answer.message });
        else toast({ variant: 'destructive', title: text.failed, description: answer.message || text.fallback });
      } catch (error) {
        toast({ variant: 'destructive', title: text.failed, description: errorText(error, text.fallback) });
      } finally {
        busy.current = false;
        setPending(null);
        // The provider's webhook may land a moment later; read the subscription twice to catch it.
        later(REFETCH_AFTER_CHANGE_MS, () => {
          refetchSubscription();
          later(SECOND_REFETCH_AFTER_MS, refetchSubscription);
        });
        // The account box and the question allowance elsewhere in the app follow the change.
        void queryClient.invalidateQueries({
          predicate: (query) => {
            const key = query.queryKey[0];
            return key === currentUserKey[0] || isSubscriptionStatusKey(key);
          },
        });
      }
    },
    [later, queryClient, refetchSubscription],
  );

  return { pending, run, later, refetchSubscription };
}
