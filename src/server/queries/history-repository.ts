import { and, asc, desc, eq, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { HISTORY_PAGE_SIZE, parseHistoryCursor } from '../../common/history-paging';
import type { SavedQuery } from '../../common/query-schemas';
import type { Database } from '../db/client';
import { ReadCache } from '../db/read-cache';
import { queries } from '../db/schema';
import { revokeShare } from '../share/repository';
import { listedColumns, withResponses, type ListedQueryRow } from './repository';

// The Session History's reads and writes (docs/product.md, "History and query detail"; decision 0050):
// pages in (created_at, id) order, newest first, read from queries_user_history_idx; a search through
// the search_vector column and queries_search_idx (migration 0016); one question deleted, restored, and
// purged for good a day later.

export interface HistoryPageRequest {
  /** Questions in the page (HISTORY_PAGE_SIZE unless the caller names another). */
  limit?: number;
  /** The cursor of the last question of the page before (history-paging.ts). */
  before?: string;
  /** Words that must each begin a word of the question or of its answers; blank = the plain history. */
  search?: string;
}

export interface HistoryPage {
  items: SavedQuery[];
  /** The cursor of the page after this one; null on the last page. */
  next: string | null;
  /** How many questions the search matches in all (searches only). */
  total?: number;
}

// The history is read on every page load; a question saved, deleted or restored, a history cleared or
// moved, an account deleted (its rows go with it) are writes to these tables and empty the cache
// (db/read-cache.ts). Only the plain first page is cached: it is the one every load asks for.
const firstPages = new ReadCache<number, HistoryPage>(['queries', 'responses', 'users'], 1000);

/** How long a deleted question can be restored before history-purge.ts removes it for good. */
export const DELETED_QUESTION_RETENTION_MS = 24 * 60 * 60 * 1000;

/** The question's time in UTC to the microsecond, as a cursor names it (history-paging.ts). */
const cursorTime = sql<string>`to_char(${queries.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
/**
 * The comparison without its Parallax answer, which only a question's own page and Home's chosen
 * question show (both read the whole question): a page of 30 stays as light as before it existed.
 */
const listedSummary = sql<ListedQueryRow['comparisonSummary']>`${queries.comparisonSummary} - 'consensus'`;
const pageColumns = { ...listedColumns, comparisonSummary: listedSummary, cursorTime };

/** The caller's questions that are not deleted. */
// Follow-up turns are read with their first question (repository.ts, findThread), never listed alone.
const liveOf = (userId: number) =>
  and(eq(queries.userId, userId), isNull(queries.deletedAt), isNull(queries.followUpOf));

/** Matches the search text (migration 0016, history_search_query); a text with no word matches nothing. */
const matches = (search: string) => sql`${queries.searchVector} @@ history_search_query(${search})`;

/** Before (older than) the question the cursor names, in the page order. */
function olderThan(cursor: string): SQL {
  const { at, id } = parseHistoryCursor(cursor) ?? { at: '1970-01-01T00:00:00.000000Z', id: 1 };
  return sql`(${queries.createdAt}, ${queries.id}) < (${at}::timestamptz, ${id}::integer)`;
}

/**
 * The statement of one page: one row more than the page, which says whether a next page exists without
 * counting. Exported for the EXPLAIN checks (history-search.test.ts, bench/history-search.bench.ts).
 */
export function historyPageStatement(db: Database, userId: number, { limit, before, search }: HistoryPageRequest) {
  const words = search?.trim() || undefined;
  return db
    .select(pageColumns)
    .from(queries)
    .where(and(liveOf(userId), words ? matches(words) : undefined, before ? olderThan(before) : undefined))
    .orderBy(desc(queries.createdAt), desc(queries.id))
    .limit((limit ?? HISTORY_PAGE_SIZE) + 1);
}

/** The statement that counts what a search finds in all. */
export function historySearchCountStatement(db: Database, userId: number, search: string) {
  return db
    .select({ total: sql<number>`count(*)::int` })
    .from(queries)
    .where(and(liveOf(userId), matches(search.trim())));
}

/** One page of the caller's history, or of what their search finds, newest first; without the claims. */
export async function readHistoryPage(
  db: Database,
  userId: number,
  request: HistoryPageRequest = {},
): Promise<HistoryPage> {
  const limit = request.limit ?? HISTORY_PAGE_SIZE;
  const search = request.search?.trim() || undefined;
  // A search's first page also says how many it found in all (the sidebar announces it).
  const [rows, counted] = await Promise.all([
    historyPageStatement(db, userId, { ...request, limit, search }),
    search && !request.before ? historySearchCountStatement(db, userId, search) : undefined,
  ]);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: await withResponses(db, page),
    next: rows.length > limit && last ? `${last.cursorTime},${last.id}` : null,
    ...(counted && { total: counted[0]?.total ?? 0 }),
  };
}

/** The plain first page as readHistoryPage reads it, through the cache (db/read-cache.ts). */
export function listHistory(db: Database, userId: number): Promise<HistoryPage> {
  return firstPages.read(db, userId, () => readHistoryPage(db, userId));
}

/**
 * The question `id` with its newer and older neighbours in the caller's history, newest first, as a
 * history page lists them (the query page's Next and Previous); none when it is not the caller's or
 * was deleted.
 */
export async function readHistoryAround(db: Database, userId: number, id: number): Promise<SavedQuery[]> {
  const [target] = await db
    .select(pageColumns)
    .from(queries)
    .where(and(liveOf(userId), eq(queries.id, id)))
    .limit(1);
  if (!target) return [];
  const at = sql`(${target.cursorTime}::timestamptz, ${target.id}::integer)`;
  const position = sql`(${queries.createdAt}, ${queries.id})`;
  const [newer, older] = await Promise.all([
    db
      .select(pageColumns)
      .from(queries)
      .where(and(liveOf(userId), sql`${position} > ${at}`))
      .orderBy(asc(queries.createdAt), asc(queries.id))
      .limit(1),
    db
      .select(pageColumns)
      .from(queries)
      .where(and(liveOf(userId), sql`${position} < ${at}`))
      .orderBy(desc(queries.createdAt), desc(queries.id))
      .limit(1),
  ]);
  return withResponses(db, [...newer, target, ...older]);
}

/**
 * Deletes one of the caller's questions so that it can still be restored: it leaves every read at
 * once, and purgeDeletedQuestions removes it for good later. The question stays charged: it was
 * answered. False when the caller has no such question.
 */
export async function deleteQuestion(db: Database, userId: number, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(queries)
      // A second delete keeps the first one's time, so it does not put off the purge.
      .set({ deletedAt: sql`coalesce(${queries.deletedAt}, now())` })
      .where(and(eq(queries.id, id), eq(queries.userId, userId)))
      .returning({ id: queries.id });
    if (rows.length === 0) return false;
    // Deleting ends the question's link for good (docs/product.md, "Share"): a restore brings back the
    // question, not the link.
    await revokeShare(tx, id);
    return true;
  });
}

/**
 * Undoes deleteQuestion while the question is not purged yet, without its share link. False when the
 * caller has no such question.
 */
export async function restoreQuestion(db: Database, userId: number, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ deletedAt: queries.deletedAt })
      .from(queries)
      .where(and(eq(queries.id, id), eq(queries.userId, userId)))
      .for('update');
    if (!found) return false;
    if (found.deletedAt === null) return true;
    // A link a deletion left live (deletions did not end links before issue 32) ends here instead.
    await revokeShare(tx, id);
    await tx.update(queries).set({ deletedAt: null }).where(eq(queries.id, id));
    return true;
  });
}

const PURGE_BATCH = 500;

/** Removes for good the questions deleted longer ago than `retentionMs` (with their answers); how many. */
export async function purgeDeletedQuestions(
  db: Database,
  retentionMs = DELETED_QUESTION_RETENTION_MS,
): Promise<number> {
  const cutoff = sql`now() - ${retentionMs}::integer * interval '1 millisecond'`;
  let purged = 0;
  for (;;) {
    // In batches, through queries_deleted_idx: a large purge never holds many rows' locks at once.
    const due = db.select({ id: queries.id }).from(queries).where(lt(queries.deletedAt, cutoff)).limit(PURGE_BATCH);
    const rows = await db.delete(queries).where(inArray(queries.id, due)).returning({ id: queries.id });
    purged += rows.length;
    if (rows.length < PURGE_BATCH) return purged;
  }
}

export async function clearHistory(db: Database, userId: number): Promise<number> {
  const deleted = await db.delete(queries).where(eq(queries.userId, userId)).returning({ id: queries.id });
  return deleted.length;
}

/** Moves what a browser asked anonymously into the account that just signed in there. */
export async function moveHistory(db: Database, fromUserId: number, toUserId: number): Promise<void> {
  await db
    .update(queries)
    .set({ userId: toUserId })
    .where(and(eq(queries.userId, fromUserId)));
}
