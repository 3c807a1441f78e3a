import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { SavedQuery } from '../../../common/query-schemas';
import { toast } from '../../components/ui/toast-store';
import { ApiError } from '../../lib/api';
import { getSessionId } from '../../lib/session-id';
import { historyAroundOptions } from '../../api/history-neighbours';
import { savedQueryOptions } from '../../api/questions';
import { queryPageMessages } from './query-texts';

// The query detail page's data (docs/product.md, "History and query detail"): the saved question from
// GET /api/query/{id}; when that fails, the copy in the session history. The history also orders Previous and
// Next: the server reads the question with its two neighbours (GET /api/history/{sessionId}?around={id}), so
// the links hold however long the history is, without its pages.

/** Route ids are positive whole numbers; anything else names no query. */
export function parseQueryId(raw: string | undefined): number | null {
  if (!raw || !/^[1-9]\d*$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : null;
}

export interface Neighbours {
  /** The next older question in the session history. */
  previousId: number | null;
  /** The next newer question in the session history. */
  nextId: number | null;
}

/**
 * History is newest first, so the older neighbour sits after the question and the newer one before it
 * (in the three questions GET /api/history/{sessionId}?around={id} answers, or in any longer run of it).
 */
export function neighboursOf(history: readonly SavedQuery[] | undefined, id: number): Neighbours {
  const index = history?.findIndex((item) => item.id === id) ?? -1;
  if (!history || index < 0) return { previousId: null, nextId: null };
  return { previousId: history[index + 1]?.id ?? null, nextId: history[index - 1]?.id ?? null };
}

export type QueryDetailState =
  | { status: 'loading' }
  | { status: 'not-found' }
  | { status: 'failed'; message: string; retrying: boolean; retry: () => void }
  | { status: 'ready'; query: SavedQuery; neighbours: Neighbours };

/** A 404 means "no such question for you"; anything else (5xx, network, a bad body) is a real failure. */
function isRealFailure(error: unknown): boolean {
  return error != null && !(error instanceof ApiError && error.status === 404);
}

function describe(error: unknown): string {
  return error instanceof ApiError ? error.message : queryPageMessages.unreadableAnswer;
}

export function useQueryDetail(rawId: string | undefined): QueryDetailState {
  const id = parseQueryId(rawId);
  const [sessionId] = useState(getSessionId);
  const direct = useQuery({ ...savedQueryOptions(id ?? 0, sessionId), enabled: id !== null });
  const history = useQuery({ ...historyAroundOptions(sessionId, id ?? 0), enabled: id !== null });

  const saved = history.data?.find((item) => item.id === id);
  const query = direct.data ?? (direct.isError ? saved : undefined);
  const loading = id !== null && (direct.isPending || (direct.isError && history.isPending));

  // A toast for real failures only (docs/product.md, "Errors and messages"); a plain 404 is the 'Query not found'
  // screen.
  // Decided once both calls have settled, so one failure gives one toast.
  let failure: { title: string; description: string } | null = null;
  if (!loading && id !== null && !history.isPending) {
    if (isRealFailure(direct.error)) {
      failure = {
        title: queryPageMessages.fetchFailed,
        description: query ? queryPageMessages.shownFromHistory : describe(direct.error),
      };
    } else if (history.isError) {
      failure = { title: queryPageMessages.historyFailed, description: queryPageMessages.neighboursUnavailable };
    }
  }
  const failureTitle = failure?.title;
  const failureDescription = failure?.description;
  useEffect(() => {
    if (failureTitle) toast({ title: failureTitle, description: failureDescription, variant: 'destructive' });
  }, [failureTitle, failureDescription]);

  if (id === null) return { status: 'not-found' };
  if (loading) return { status: 'loading' };
  if (query) return { status: 'ready', query, neighbours: neighboursOf(history.data, query.id) };
  if (isRealFailure(direct.error)) {
    return {
      status: 'failed',
      message: describe(direct.error),
      retrying: direct.isFetching,
      retry: () => {
        void direct.refetch();
        if (history.isError) void history.refetch();
      },
    };
  }
  return { status: 'not-found' };
}
