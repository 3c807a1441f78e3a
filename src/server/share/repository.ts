import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { sharedReports } from '../db/schema';

// Shared reports' rows (issue 14, item 1). A slug is 16 bytes from the system's secure random source,
// base64url: 128 bits, so links can be neither guessed nor walked.

export type SharedReportRow = typeof sharedReports.$inferSelect;

export const newShareSlug = () => randomBytes(16).toString('base64url');

export async function findLiveShare(db: Database, queryId: number): Promise<SharedReportRow | undefined> {
  const [row] = await db
    .select()
    .from(sharedReports)
    .where(and(eq(sharedReports.queryId, queryId), isNull(sharedReports.revokedAt)))
    .limit(1);
  return row;
}

/** The question's live link, made now when it has none; concurrent calls all get the same one. */
export async function shareQuestion(db: Database, queryId: number): Promise<SharedReportRow> {
  const existing = await findLiveShare(db, queryId);
  if (existing) return existing;
  await db.insert(sharedReports).values({ slug: newShareSlug(), queryId }).onConflictDoNothing();
  const made = await findLiveShare(db, queryId);
  if (!made) throw new Error(`question ${queryId} has no live share after sharing it`);
  return made;
}

/** Revokes the question's live link; its slug answers 404 from now on and is never handed out again. */
export async function revokeShare(db: Pick<Database, 'update'>, queryId: number): Promise<void> {
  await db
    .update(sharedReports)
    .set({ revokedAt: new Date(), previewPng: null, previewKey: null })
    .where(and(eq(sharedReports.queryId, queryId), isNull(sharedReports.revokedAt)));
}

export async function findShareBySlug(db: Database, slug: string): Promise<SharedReportRow | undefined> {
  const [row] = await db
    .select()
    .from(sharedReports)
    .where(and(eq(sharedReports.slug, slug), isNull(sharedReports.revokedAt)))
    .limit(1);
  return row;
}

export async function keepPreview(db: Database, id: number, key: string, png: Buffer): Promise<void> {
  await db.update(sharedReports).set({ previewKey: key, previewPng: png }).where(eq(sharedReports.id, id));
}
