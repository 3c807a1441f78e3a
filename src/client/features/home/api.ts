import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiStatusSchema, type ApiStatus } from '../../../common/models';
import { historySchema, type ApiKeyRequest, type SavedQuery } from '../../../common/query-schemas';
import { subscriptionStatusSchema, type SubscriptionStatus } from '../../../common/subscription-schemas';
import type { MessageResponse } from '../../../common/user-schemas';
import { apiRequest } from '../../lib/api';

// Home's calls (spec section 7). Query keys are the request paths, as everywhere else.

export const apiStatusPath = '/api/api-status';
export const historyPath = (sessionId: string) => `/api/history/${encodeURIComponent(sessionId)}`;
export const subscriptionStatusPath = (sessionId: string) =>
  `/api/subscription-status-by-session/${encodeURIComponent(sessionId)}`;

/** Spec section 9: the subscription status is polled every 120 s, not on window focus. */
export const SUBSCRIPTION_POLL_MS = 120_000;

/** What the page assumes when the status cannot be read (spec section 4, 'Subscription status polling'). */
export const UNKNOWN_SUBSCRIPTION: SubscriptionStatus = {
  userId: null,
  hasActiveSubscription: false,
  subscriptionStatus: 'unknown',
  subscriptionTier: 'free',
  subscriptionExpiresAt: null,
  stripeSubscriptionId: null,
  paidQuestionsRemaining: 0,
  freeQuestionsRemaining: 0,
};

/** Whether each model can answer for this caller. */
export function useApiStatus() {
  return useQuery<ApiStatus>({
    queryKey: [apiStatusPath],
    queryFn: async ({ signal }) => apiStatusSchema.parse(await apiRequest('GET', apiStatusPath, undefined, { signal })),
  });
}

/** The caller's questions, newest first. */
export function useHistory(sessionId: string) {
  const path = historyPath(sessionId);
  return useQuery<SavedQuery[]>({
    queryKey: [path],
    queryFn: async ({ signal }) => {
      const history = historySchema.parse(await apiRequest('GET', path, undefined, { signal }));
      return [...history].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id);
    },
  });
}

export function useClearHistory(sessionId: string) {
  const queryClient = useQueryClient();
  const path = historyPath(sessionId);
  return useMutation({
    mutationFn: () => apiRequest<MessageResponse>('DELETE', path),
    onSuccess: () => {
      queryClient.setQueryData<SavedQuery[]>([path], []);
      return queryClient.invalidateQueries({ queryKey: [path] });
    },
  });
}

async function readSubscriptionStatus(path: string, signal?: AbortSignal): Promise<SubscriptionStatus> {
  return subscriptionStatusSchema.parse(await apiRequest('GET', path, undefined, { signal }));
}

/**
 * The allowance and subscription behind the free-questions badge and the trial gate; `refresh()`
 * forces the server to re-check.
 */
export function useSubscriptionStatus(sessionId: string) {
  const queryClient = useQueryClient();
  const path = subscriptionStatusPath(sessionId);
  const query = useQuery<SubscriptionStatus>({
    queryKey: [path],
    queryFn: ({ signal }) => readSubscriptionStatus(path, signal),
    // Spec: refreshed on mount and every 120 s.
    staleTime: 0,
    refetchInterval: SUBSCRIPTION_POLL_MS,
    refetchOnWindowFocus: false,
  });

  const refresh = useCallback(async () => {
    try {
      queryClient.setQueryData([path], await readSubscriptionStatus(`${path}?forceRefresh=true`));
    } catch {
      // The polled value stays; the next poll tries again.
    }
  }, [queryClient, path]);

  // A failed read falls back to no allowance; isError stays set so the trial gate can say so.
  return { ...query, data: query.isError ? UNKNOWN_SUBSCRIPTION : query.data, refresh };
}

export function useSaveApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiKeyRequest) => apiRequest<MessageResponse>('POST', '/api/api-key', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [apiStatusPath] }),
  });
}
