import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { HISTORY_NEXT_CURSOR_HEADER } from '../../common/history-paging';
import { TOTAL_COUNT_HEADER } from '../../common/list-headers';
import type { SavedQuery } from '../../common/query-schemas';
import { apiList, apiRequest } from '../lib/api';
import { checkResponse, historyCheck } from './response-checks';

// The Session History's calls (docs/product.md, "History and query detail"; decision 0050). Home reads the
// history as it first paints, so its answers are checked without zod (response-checks.ts). Every key
// starts with the history's path, so one invalidation of [historyPath] reaches the pages, the searches
// and the query page's neighbours (and api/auth.ts finds them all when the caller changes). The calls that
// change the history are history-changes.ts's, loaded when first used.

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

/** The question `id` with its newer and older neighbours in the history, newest first (the query page). */
export function historyAroundOptions(sessionId: string, id: number) {
  return queryOptions({
    queryKey: [historyPath(sessionId), { around: id }],
    queryFn: async ({ signal }) =>
      checkResponse(
        historyCheck,
        await apiRequest('GET', `${historyPath(sessionId)}?around=${id}`, undefined, { signal }),
      ),
  });
}

const isPages = (data: unknown): data is HistoryPages =>
  typeof data === 'object' && data !== null && 'pages' in data && Array.isArray((data as HistoryPages).pages);

/** Every cached page list of the history and its searches, changed by `change`. */
export function changePages(
  queryClient: QueryClient,
  sessionId: string,
  change: (pages: HistoryPages) => HistoryPages,
) {
  queryClient.setQueriesData<unknown>({ queryKey: [historyPath(sessionId)] }, (data: unknown) =>
    isPages(data) ? change(data) : data,
  );
}

/** A question just answered: on top of the plain history at once, then the history is read again. */
export function rememberNewQuery(queryClient: QueryClient, sessionId: string, query: SavedQuery): void {
  const key = historyPagesOptions(sessionId, '').queryKey;
  queryClient.setQueryData(key, (old) => {
    if (!old) return old;
    const pages = old.pages.map((page) => ({ ...page, items: page.items.filter((q) => q.id !== query.id) }));
    const [first, ...rest] = pages;
    return { ...old, pages: first ? [{ ...first, items: [query, ...first.items] }, ...rest] : pages };
  });
  void queryClient.invalidateQueries({ queryKey: [historyPath(sessionId)] });
}
