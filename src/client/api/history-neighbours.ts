import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../lib/api';
import { historyPath } from './history';
import { checkResponse, historyCheck } from './response-checks';

// The query page's Previous and Next (docs/product.md, "History and query detail"): the question with its
// two neighbours in the caller's history, read on the server however long the history is. Apart from
// history.ts, which Home loads as it first paints.

/** The question `id` with its newer and older neighbours in the history, newest first. */
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
