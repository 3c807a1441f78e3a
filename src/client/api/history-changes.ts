import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { SavedQuery } from '../../common/query-schemas';
import { apiRequest } from '../lib/api';
import { historyPath, type HistoryPages } from './history';
import { savedQueryPath } from './questions';
import { checkResponse, messageResponseCheck } from './response-checks';

// The calls that change the Session History (docs/product.md, "History and query detail"; decision 0050):
// clear it, delete one question, restore it. Apart from history.ts, so Home's first paint does not load
// them (docs/performance.md, "Home page weight").

const isPages = (data: unknown): data is HistoryPages =>
  typeof data === 'object' && data !== null && 'pages' in data && Array.isArray((data as HistoryPages).pages);

/** Every cached page list of the history and its searches, changed by `change`. */
function changePages(queryClient: QueryClient, sessionId: string, change: (pages: HistoryPages) => HistoryPages) {
  queryClient.setQueriesData<unknown>({ queryKey: [historyPath(sessionId)] }, (data: unknown) =>
    isPages(data) ? change(data) : data,
  );
}

export function useClearHistory(sessionId: string) {
  const queryClient = useQueryClient();
  const path = historyPath(sessionId);
  return useMutation({
    mutationFn: async () => checkResponse(messageResponseCheck, await apiRequest('DELETE', path)),
    onSuccess: () => {
      changePages(queryClient, sessionId, (data) => ({
        ...data,
        pages: data.pages.slice(0, 1).map((page) => ({ ...page, items: [], next: null, total: 0 })),
        pageParams: data.pageParams.slice(0, 1),
      }));
      return queryClient.invalidateQueries({ queryKey: [path] });
    },
  });
}

const withSession = (path: string, sessionId: string) => `${path}?sessionId=${encodeURIComponent(sessionId)}`;

/**
 * DELETE /api/query/{id}: the question leaves every cached list at once, and comes back in its place
 * when the call fails (the error is thrown on). The lists are read again either way.
 */
export async function deleteQuestion(queryClient: QueryClient, sessionId: string, query: SavedQuery): Promise<void> {
  const path = historyPath(sessionId);
  await queryClient.cancelQueries({ queryKey: [path] });
  const before = queryClient.getQueriesData<unknown>({ queryKey: [path] });
  changePages(queryClient, sessionId, (data) => ({
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.filter((q) => q.id !== query.id),
      total: page.total === null ? null : Math.max(0, page.total - 1),
    })),
  }));
  try {
    checkResponse(messageResponseCheck, await apiRequest('DELETE', withSession(`/api/query/${query.id}`, sessionId)));
    queryClient.removeQueries({ queryKey: [savedQueryPath(query.id, sessionId)] });
  } catch (error) {
    for (const [key, data] of before) queryClient.setQueryData(key, data);
    throw error;
  } finally {
    void queryClient.invalidateQueries({ queryKey: [path] });
  }
}

/** POST /api/query/{id}/restore (Undo): the question is back, in its place, once the lists are read again. */
export async function restoreQuestion(queryClient: QueryClient, sessionId: string, query: SavedQuery): Promise<void> {
  try {
    checkResponse(
      messageResponseCheck,
      await apiRequest('POST', withSession(`/api/query/${query.id}/restore`, sessionId)),
    );
  } finally {
    void queryClient.invalidateQueries({ queryKey: [historyPath(sessionId)] });
  }
}
