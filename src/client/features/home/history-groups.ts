import type { SavedQuery } from '../../../common/query-schemas';

// The Session History's date groups (docs/product.md, "History and query detail"), by the browser's own
// calendar: Today, Yesterday, the days before it back to a week ago (Previous 7 days), and Older.

export type HistoryGroupKey = 'today' | 'yesterday' | 'week' | 'older';

export interface HistoryGroup {
  key: HistoryGroupKey;
  items: SavedQuery[];
}

/** The group of a question asked at `at`, seen at `now` (both local time). A time ahead of now is today. */
export function groupOf(at: Date, now: Date): HistoryGroupKey {
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  const time = at.getTime();
  if (Number.isNaN(time) || time >= today) return 'today';
  // Days are counted on the calendar, so a day of 23 or 25 hours (a clock change) is still one day.
  const startOf = (daysBack: number) => new Date(now.getFullYear(), now.getMonth(), now.getDate() - daysBack).getTime();
  if (time >= startOf(1)) return 'yesterday';
  return time >= startOf(7) ? 'week' : 'older';
}

/** The questions in their groups, in the order given (newest first); groups without questions are left out. */
export function groupByDate(items: readonly SavedQuery[], now: Date): HistoryGroup[] {
  const groups = new Map<HistoryGroupKey, SavedQuery[]>();
  for (const item of items) {
    const key = groupOf(new Date(item.createdAt), now);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return [...groups].map(([key, grouped]) => ({ key, items: grouped }));
}
