import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { HISTORY_NEXT_CURSOR_HEADER } from '../../common/history-paging';
import { TOTAL_COUNT_HEADER } from '../../common/list-headers';
import type { SavedQuery } from '../../common/query-schemas';
import { apiList } from '../lib/api';
import { checkResponse, historyCheck } from './response-checks';

// The Session History's calls (docs/product.md, "History and query detail"; decision 0050). Home reads the
// history as it first paints, so its answers are checked without zod (response-checks.ts). Every key
// starts with the history's path, so one invalidation of [historyPath] reaches the pages, the searches
// and the query page's neighbours (and api/auth.ts finds them all when the caller changes). The calls that
// change the history are history-changes.ts's, loaded when first used; the query page's neighbours are
// history-neighbours.ts's.

export function historyPath(sessionId: string): string {
  return `/api/history/${encodeURIComponent(sessionId)}`;
}

/** One page of the history, or of what a search finds, newest first. */
export interface HistoryPage {
  items: SavedQuery[];
  /** The cursor of the next page; null on the last one. */
  next: string | null;
  /** How many questions the search finds in all; null for the plain history. */
  total: number | null;
}

export type HistoryPages = InfiniteData<HistoryPage, string | null>;

/** The plain history's first page is the bare path (the spec's call); a search or a later page adds q and before. */
export function historyPagePath(sessionId: string, search: string, before: string | null): string {
  const query = new URLSearchParams();
  if (search) query.set('q', search);
  if (before) query.set('before', before);
  const rest = query.toString();
  return rest ? `${historyPath(sessionId)}?${rest}` : historyPath(sessionId);
}

export async function fetchHistoryPage(
  sessionId: string,
  search: string,
  before: string | null,
  signal?: AbortSignal,
): Promise<HistoryPage> {
  const { items, headers } = await apiList<unknown>(historyPagePath(sessionId, search, before), { signal });
  const total = headers.get(TOTAL_COUNT_HEADER);
  return {
    items: checkResponse(historyCheck, items),
    next: headers.get(HISTORY_NEXT_CURSOR_HEADER) || null,
    total: search && total !== null && Number.isFinite(Number(total)) ? Number(total) : null,
  };
}

/** The history's pages (`search` blank) or a search's, loaded one after the other as the list scrolls. */
export function historyPagesOptions(sessionId: string, search: string) {
  return infiniteQueryOptions({
    queryKey: [historyPath(sessionId), { search }],
    queryFn: ({ pageParam, signal }) => fetchHistoryPage(sessionId, search, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: HistoryPage) => last.next,
  });
}

/** While a new search is read, the last one's results stay (never another session's: a sign-out changes the path). */
export function useHistoryPages(sessionId: string, search: string) {
  const path = historyPath(sessionId);
  return useInfiniteQuery({
    ...historyPagesOptions(sessionId, search),
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[0] === path ? previous : undefined),
  });
}

/** A question just answered: on top of the plain history at once, then the history is read again. */
export function rememberNewQuery(queryClient: QueryClient, sessionId: string, query: SavedQuery): void {
  queryClient.setQueryData(historyPagesOptions(sessionId, '').queryKey, (old) => {
    const [first, ...rest] = old?.pages ?? [];
    if (!old || !first) return old;
    const items = [query, ...first.items.filter((q) => q.id !== query.id)];
    return { ...old, pages: [{ ...first, items }, ...rest] };
  });
  void queryClient.invalidateQueries({ queryKey: [historyPath(sessionId)] });
}
