import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { currentUserKey } from '../../lib/auth-api';

/** Spec section 4 and 9: after cancel (or resume) the main view refreshes after 1 s. */
export const REFRESH_AFTER_CHANGE_MS = 1000;

/**
 * Returns a function that, 1 s after a subscription change, re-reads the subscription status and
 * the current user. It lives on the page, so closing the dialog that made the change does not
 * stop it; leaving the page does.
 */
export function useRefreshAfterChange(refreshStatus: () => Promise<unknown>) {
  const queryClient = useQueryClient();
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  return useCallback(() => {
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      void refreshStatus();
      void queryClient.invalidateQueries({ queryKey: currentUserKey });
    }, REFRESH_AFTER_CHANGE_MS);
    timers.current.add(timer);
  }, [queryClient, refreshStatus]);
}
