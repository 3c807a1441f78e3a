import { and, desc, eq } from 'drizzle-orm';
import type { SavedQuery } from '../../common/query-schemas';
import type { Database } from '../db/client';
import { ReadCache } from '../db/read-cache';
import { queries } from '../db/schema';
import { listedColumns, withResponses } from './repository';

// The Session History's reads and writes (docs/product.md, "History and query detail").

const HISTORY_LENGTH = 100;
// The history is read on every page load; a question saved, a history cleared or moved, an account
// deleted (its rows go with it) are writes to these tables and empty the cache (db/read-cache.ts).
const historyReads = new ReadCache<number, SavedQuery[]>(['queries', 'responses', 'users'], 1000);

/** Newest first, as the Session History lists them; without the claims (GET /api/query/:id has them). */
export async function readHistory(db: Database, userId: number): Promise<SavedQuery[]> {
  const rows = await db
    .select(listedColumns)
    .from(queries)
    .where(eq(queries.userId, userId))
    .orderBy(desc(queries.createdAt), desc(queries.id))
    .limit(HISTORY_LENGTH);
  return withResponses(db, rows);
}

/** The history as readHistory reads it, through the cache (db/read-cache.ts). */
export function listHistory(db: Database, userId: number): Promise<SavedQuery[]> {
  return historyReads.read(db, userId, () => readHistory(db, userId));
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
