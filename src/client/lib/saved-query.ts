import { queryOptions } from '@tanstack/react-query';
import { savedQuerySchema, type SavedQuery } from '../../common/query-schemas';
import { apiRequest } from './api';

// GET /api/query/{id} (spec section 7): one saved question with its whole comparison, claims included.
// Shared by the query page and Home, which reopens questions from the session history.

export function savedQueryPath(id: number, sessionId: string): string {
  return `/api/query/${id}?sessionId=${encodeURIComponent(sessionId)}`;
}

export async function fetchSavedQuery(id: number, sessionId: string, signal?: AbortSignal): Promise<SavedQuery> {
  return savedQuerySchema.parse(await apiRequest('GET', savedQueryPath(id, sessionId), undefined, { signal }));
}

export function savedQueryOptions(id: number, sessionId: string) {
  return queryOptions({
    queryKey: [savedQueryPath(id, sessionId)],
    queryFn: ({ signal }) => fetchSavedQuery(id, sessionId, signal),
  });
}
