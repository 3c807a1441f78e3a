import { DATABASE_INT_MAX } from './limits';

// The Session History's pages (docs/product.md, "History and query detail"; decision 0050), without zod:
// Home reads the first page as it first paints (docs/decisions/0032-home-page-weight.md).

/** Questions in a history page when the call names no `limit`, and the most it may name. */
export const HISTORY_PAGE_SIZE = 30;
export const HISTORY_PAGE_MAX = 100;
/** The longest search text, in characters (after trimming). */
export const HISTORY_SEARCH_MAX = 200;
/** Names the next page's `before` cursor; absent on the last page. */
export const HISTORY_NEXT_CURSOR_HEADER = 'x-next-cursor';

/**
 * A page ends at a question; the next one starts after it in (created_at, id) order, newest first.
 * The cursor is that question's time in UTC to the microsecond (what PostgreSQL stores, so no two
 * questions are confused by rounding), a comma and its id: `2026-05-04T10:20:30.123456Z,42`.
 */
const HISTORY_CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})\.\d{6}Z,([1-9]\d{0,9})$/;

/** The time and id a cursor names, or null when it is not one (a malformed or impossible date, an id out of range). */
export function parseHistoryCursor(cursor: string): { at: string; id: number } | null {
  const match = HISTORY_CURSOR.exec(cursor);
  if (!match) return null;
  const at = cursor.slice(0, cursor.indexOf(','));
  const date = new Date(at);
  // 2026-02-30 parses as 2 March: a date that does not round-trip names no real moment.
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 19) !== match[1]) return null;
  const id = Number(match[2]);
  return id <= DATABASE_INT_MAX ? { at, id } : null;
}
