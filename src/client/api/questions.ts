import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiStatus } from '../../common/models';
import type { ApiKeyRequest, QueryOptions, SavedQuery } from '../../common/query-schemas';
import { apiRequest } from '../lib/api';
import {
  apiStatusCheck,
  checkResponse,
  messageResponseCheck,
  queryOptionsCheck,
  savedQueryCheck,
} from './response-checks';

// The questions' calls (docs/product.md, "API calls"): which models can answer, one saved question and the
// API keys (the Session History's are history.ts's). Query keys are the request paths, so Home, the query page and the
// history sidebar share one cache entry per call. Asking itself streams: question-stream.ts. Home
// makes these calls as it first paints, so their answers are checked without zod (response-checks.ts).

export const apiStatusPath = '/api/api-status';
export const queryOptionsPath = '/api/query-options';

/** What the question form may offer beyond the models ("Search the web", unless the administrator turned it off). */
export function useQueryOptions() {
  return useQuery<QueryOptions>({
    queryKey: [queryOptionsPath],
    queryFn: async ({ signal }) =>
      checkResponse(queryOptionsCheck, await apiRequest('GET', queryOptionsPath, undefined, { signal })),
  });
}

/** Whether each model can answer for this caller. */
export function useApiStatus() {
  return useQuery<ApiStatus>({
    queryKey: [apiStatusPath],
    queryFn: async ({ signal }) =>
      checkResponse(apiStatusCheck, await apiRequest('GET', apiStatusPath, undefined, { signal })),
  });
}

/** GET /api/query/{id}: one saved question with its whole comparison, claims included. */
export function savedQueryPath(id: number, sessionId: string): string {
  return `/api/query/${id}?sessionId=${encodeURIComponent(sessionId)}`;
}

export async function fetchSavedQuery(id: number, sessionId: string, signal?: AbortSignal): Promise<SavedQuery> {
  return checkResponse(savedQueryCheck, await apiRequest('GET', savedQueryPath(id, sessionId), undefined, { signal }));
}

export function savedQueryOptions(id: number, sessionId: string) {
  return queryOptions({
    queryKey: [savedQueryPath(id, sessionId)],
    queryFn: ({ signal }) => fetchSavedQuery(id, sessionId, signal),
  });
}

export function useSaveApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ApiKeyRequest) =>
      checkResponse(messageResponseCheck, await apiRequest('POST', '/api/api-key', input)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [apiStatusPath] }),
  });
}
