import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { currentUserKey } from '../../api/auth';
import { useTimers } from '../../lib/use-timers';

/** After cancel (or resume) the main view refreshes after 1 s (docs/product.md, "Cache and timing rules"). */
export const REFRESH_AFTER_CHANGE_MS = 1000;

/**
 * Returns a function that, 1 s after a subscription change, re-reads the subscription status and
 * the current user. It lives on the page, so closing the dialog that made the change does not
 * stop it; leaving the page does.
 */
export function useRefreshAfterChange(refreshStatus: () => Promise<unknown>) {
  const queryClient = useQueryClient();
  const later = useTimers();
  return useCallback(() => {
    later(REFRESH_AFTER_CHANGE_MS, () => {
      void refreshStatus();
      void queryClient.invalidateQueries({ queryKey: currentUserKey });
    });
  }, [queryClient, refreshStatus, later]);
}
