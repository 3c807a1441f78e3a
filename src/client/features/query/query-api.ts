import { queryOptions } from '@tanstack/react-query';
import { historySchema, savedQuerySchema, type SavedQuery } from '../../../common/query-schemas';
import { apiRequest } from '../../lib/api';

// GET /api/query/{id} and GET /api/history/{sessionId} (spec section 7). The cache key is the
// request path, so the history list is shared with every other screen that reads it.

export function savedQueryPath(id: number, sessionId: string): string {
  return `/api/query/${id}?sessionId=${encodeURIComponent(sessionId)}`;
}

export function historyPath(sessionId: string): string {
  return `/api/history/${encodeURIComponent(sessionId)}`;
}

export async function fetchSavedQuery(id: number, sessionId: string, signal?: AbortSignal): Promise<SavedQuery> {
  return savedQuerySchema.parse(await apiRequest('GET', savedQueryPath(id, sessionId), undefined, { signal }));
}

/** The caller's questions, newest first (sorted here too, the same way the sidebar's list is). */
export async function fetchHistory(sessionId: string, signal?: AbortSignal): Promise<SavedQuery[]> {
  const history = historySchema.parse(await apiRequest('GET', historyPath(sessionId), undefined, { signal }));
  return [...history].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id);
}

export function savedQueryOptions(id: number, sessionId: string) {
  return queryOptions({
    queryKey: [savedQueryPath(id, sessionId)],
    queryFn: ({ signal }) => fetchSavedQuery(id, sessionId, signal),
  });
}

export function historyOptions(sessionId: string) {
  return queryOptions({
    queryKey: [historyPath(sessionId)],
    queryFn: ({ signal }) => fetchHistory(sessionId, signal),
  });
}
