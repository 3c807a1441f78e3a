import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client';
import { jobs } from '../db/schema';

// The jobs table's statements (migration 0012). Every write by the instance running a job names
// that instance (`locked_by`), so an instance that lost its lease (it stalled, another took the job
// over) changes nothing; times are the database's own clock, so instances' clocks need not agree.

export type JobRow = typeof jobs.$inferSelect;
export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed';

/** A job's progress, written after each step so a restart resumes from `cursor`. */
export interface JobProgress {
  processed: number;
  total: number | null;
  cursor: string | null;
  state: unknown;
}

const ACTIVE = sql`${jobs.status} in ('queued', 'running')`;
const leaseFrom = (ms: number) => sql`now() + ${ms} * interval '1 millisecond'`;

/**
 * Queues a job of `kind` unless one is queued or running already; either way returns the active job
 * and whether this call queued it.
 */
export async function enqueueOnce(
  db: Database | Transaction,
  kind: string,
  requestedBy: number | null,
): Promise<{ job: JobRow; created: boolean }> {
  // Two attempts: the running job may end between the refused insert and the read.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const [created] = await db
      .insert(jobs)
      .values({ kind, requestedBy })
      .onConflictDoNothing({ target: jobs.kind, where: ACTIVE })
      .returning();
    if (created) return { job: created, created: true };
    const [active] = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, kind), ACTIVE))
      .limit(1);
    if (active) return { job: active, created: false };
  }
  throw new Error(`could not queue a ${kind} job`);
}

export async function findJob(db: Database, id: number): Promise<JobRow | undefined> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id)).limit(1);
  return row;
}

export async function latestJob(db: Database, kind: string): Promise<JobRow | undefined> {
  const [row] = await db.select().from(jobs).where(eq(jobs.kind, kind)).orderBy(desc(jobs.id)).limit(1);
  return row;
}

/**
 * Takes the oldest job of `kinds` that is queued, or running under an expired lease (its instance
 * died), for `owner` until the lease ends; with `takeOver`, any running one (the caller knows no other
 * instance lives). SKIP LOCKED: instances claiming at once take different jobs, or none, never the same one.
 */
export async function claimJob(
  db: Database,
  kinds: string[],
  owner: string,
  leaseMs: number,
  { takeOver = false } = {},
) {
  if (kinds.length === 0) return undefined;
  const result = await db.execute<{ id: number }>(sql`
    update ${jobs} set
      status = 'running', locked_by = ${owner}, lease_expires_at = ${leaseFrom(leaseMs)},
      attempts = attempts + 1, started_at = coalesce(started_at, now()), updated_at = now()
    where id = (
      select id from ${jobs}
      where kind in (${sql.join(
        kinds.map((kind) => sql`${kind}`),
        sql`, `,
      )})
        and (status = 'queued' or (status = 'running' and (lease_expires_at < now() or ${takeOver})))
      order by id
      limit 1
      for update skip locked
    )
    returning id`);
  // Both drivers (node-postgres and PGlite) answer a raw statement with its rows under `rows`.
  const id = (result as unknown as { rows: { id: number }[] }).rows[0]?.id;
  return id === undefined ? undefined : findJob(db, Number(id));
}

const owned = (id: number, owner: string) => and(eq(jobs.id, id), eq(jobs.lockedBy, owner), eq(jobs.status, 'running'));

/** Records progress and extends the lease; false when `owner` no longer holds the job. */
export async function saveProgress(
  db: Database,
  id: number,
  owner: string,
  leaseMs: number,
  progress: JobProgress,
): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ ...progress, leaseExpiresAt: leaseFrom(leaseMs), updatedAt: sql`now()` })
    .where(owned(id, owner))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Extends the lease; false when `owner` no longer holds the job. */
export async function renewLease(db: Database, id: number, owner: string, leaseMs: number): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ leaseExpiresAt: leaseFrom(leaseMs) })
    .where(owned(id, owner))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Ends the job: succeeded with its final tally, or failed with a reason. */
export async function finishJob(
  db: Database,
  id: number,
  owner: string,
  outcome: { status: 'succeeded'; state: unknown } | { status: 'failed'; error: string },
): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({
      status: outcome.status,
      ...(outcome.status === 'succeeded' ? { state: outcome.state } : { error: outcome.error }),
      lockedBy: null,
      leaseExpiresAt: null,
      finishedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(owned(id, owner))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Hands a job back (this instance is stopping): queued again, with its progress, for whoever is next. */
export async function releaseJob(db: Database, id: number, owner: string): Promise<void> {
  await db
    .update(jobs)
    .set({ status: 'queued', lockedBy: null, leaseExpiresAt: null, updatedAt: sql`now()` })
    .where(owned(id, owner));
}
