import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SavedQuery } from '../../common/query-schemas';
import { apiRequest } from '../lib/api';
import { checkResponse, historyCheck, messageResponseCheck } from './response-checks';

// The Session History's calls (docs/product.md, "History and query detail"). Home reads the history as
// it first paints, so its answer is checked without zod (response-checks.ts).

export function historyPath(sessionId: string): string {
  return `/api/history/${encodeURIComponent(sessionId)}`;
}

/** The caller's questions, newest first. */
export async function fetchHistory(sessionId: string, signal?: AbortSignal): Promise<SavedQuery[]> {
  const history = checkResponse(historyCheck, await apiRequest('GET', historyPath(sessionId), undefined, { signal }));
  return [...history].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id);
}

export function historyOptions(sessionId: string) {
  return queryOptions({
    queryKey: [historyPath(sessionId)],
    queryFn: ({ signal }) => fetchHistory(sessionId, signal),
  });
}

export function useHistory(sessionId: string) {
  return useQuery(historyOptions(sessionId));
}

export function useClearHistory(sessionId: string) {
  const queryClient = useQueryClient();
  const path = historyPath(sessionId);
  return useMutation({
    mutationFn: async () => checkResponse(messageResponseCheck, await apiRequest('DELETE', path)),
    onSuccess: () => {
      queryClient.setQueryData<SavedQuery[]>([path], []);
      return queryClient.invalidateQueries({ queryKey: [path] });
    },
  });
}
