import { z } from 'zod';
import { HISTORY_PAGE_MAX, HISTORY_SEARCH_MAX, parseHistoryCursor } from './history-paging';
import { DATABASE_INT_MAX } from './limits';
import { fillMessage } from './messages';
import { queryMessages } from './query-messages';
import { safeText } from './text-rules';

// The Session History's pages and search (docs/product.md, "History and query detail"; decision 0050): the
// query GET /api/history/:sessionId takes. The constants and the cursor's rule are history-paging.ts's, which
// has no zod, so Home can use them; the client never loads this file, so the two never share a chunk.

const historyLimitMessage = fillMessage(queryMessages.invalidHistoryLimit, { max: HISTORY_PAGE_MAX });

/**
 * GET /api/history/:sessionId's query: `q` searches the questions and their answers (empty = the plain
 * history), `before` is the cursor of the page to continue from, `limit` the page size. `around=<id>`
 * instead reads that question with its newer and older neighbours (the query page's Previous and Next).
 */
export const historyQuerySchema = z
  .object({
    q: safeText({
      max: HISTORY_SEARCH_MAX,
      trim: true,
      messages: {
        required: queryMessages.historySearchInvalid,
        tooLong: fillMessage(queryMessages.historySearchTooLong, { max: HISTORY_SEARCH_MAX }),
      },
    }).optional(),
    before: safeText({ max: 64, messages: { required: queryMessages.invalidHistoryCursor } })
      .refine((cursor) => parseHistoryCursor(cursor) !== null, queryMessages.invalidHistoryCursor)
      .optional(),
    limit: z.coerce
      .number(historyLimitMessage)
      .int(historyLimitMessage)
      .min(1, historyLimitMessage)
      .max(HISTORY_PAGE_MAX, historyLimitMessage)
      .optional(),
    around: z.coerce
      .number(queryMessages.queryNotFound)
      .int(queryMessages.queryNotFound)
      .positive(queryMessages.queryNotFound)
      .max(DATABASE_INT_MAX, queryMessages.queryNotFound)
      .optional(),
  })
  .refine(
    (query) =>
      query.around === undefined || (query.q === undefined && query.before === undefined && query.limit === undefined),
    { message: queryMessages.historyAroundAlone, path: ['around'] },
  );
export type HistoryQuery = z.infer<typeof historyQuerySchema>;
