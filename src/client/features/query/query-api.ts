import { queryOptions } from '@tanstack/react-query';
import { historySchema, type SavedQuery } from '../../../common/query-schemas';
import { apiRequest } from '../../lib/api';

// GET /api/history/{sessionId} (spec section 7); GET /api/query/{id} lives in lib/saved-query.ts, shared
// with Home. The cache key is the request path, so the history list is shared with every other screen
// that reads it.

export { fetchSavedQuery, savedQueryOptions, savedQueryPath } from '../../lib/saved-query';

export function historyPath(sessionId: string): string {
  return `/api/history/${encodeURIComponent(sessionId)}`;
}

/** The caller's questions, newest first (sorted here too, the same way the sidebar's list is). */
export async function fetchHistory(sessionId: string, signal?: AbortSignal): Promise<SavedQuery[]> {
  const history = historySchema.parse(await apiRequest('GET', historyPath(sessionId), undefined, { signal }));
  return [...history].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id);
}

export function historyOptions(sessionId: string) {
  return queryOptions({
    queryKey: [historyPath(sessionId)],
    queryFn: ({ signal }) => fetchHistory(sessionId, signal),
  });
}
