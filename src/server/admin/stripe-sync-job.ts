import { and, count, gt, isNotNull } from 'drizzle-orm';
import { SYNC_ERRORS_KEPT, type SyncJob } from '../../common/admin-job-schemas';
import type { BillingService } from '../billing/service';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import type { JobHandler, JobRow } from '../jobs/job-service';
import type { UserRow } from '../users/repository';

// 'Sync with Stripe' as a background job (decision 0036): every user with a Stripe customer, in id
// order, brought up to date with Stripe. Progress (the last user id done and the tally) is saved after
// each user, so a restart, here or on another instance, resumes after the last one saved. A user done
// again after a crash between its sync and its checkpoint changes nothing: the sync writes Stripe's
// state as an upsert and grants each invoice once (billing/subscription-sync.ts).

export const STRIPE_SYNC_JOB = 'stripe-sync';

/** Users read from the database at a time. */
const BATCH_SIZE = 50;

/** The fields whose change makes a user count as updated. */
const SYNCED_FIELDS = [
  'subscriptionStatus',
  'subscriptionTier',
  'stripeSubscriptionId',
  'paidQuestionsRemaining',
] as const;

export interface SyncTally {
  syncedCount: number;
  updatedCount: number;
  unchangedCount: number;
  failedCount: number;
  errors: string[];
}

const emptyTally = (): SyncTally => ({
  syncedCount: 0,
  updatedCount: 0,
  unchangedCount: 0,
  failedCount: 0,
  errors: [],
});

function tallyOf(state: unknown): SyncTally {
  return state && typeof state === 'object' ? { ...emptyTally(), ...(state as Partial<SyncTally>) } : emptyTally();
}

/** The job as the console sees it: the spec's sync result plus the job's state. */
export function toSyncJob(row: JobRow): SyncJob {
  const tally = tallyOf(row.state);
  return {
    id: row.id,
    status: row.status as SyncJob['status'],
    processed: row.processed,
    total: row.total,
    syncedCount: tally.syncedCount,
    updatedCount: tally.updatedCount,
    unchangedCount: tally.unchangedCount,
    failedCount: tally.failedCount,
    errors: tally.errors,
    error: row.error,
    requestedBy: row.requestedBy,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

const customers = (after: number) => and(isNotNull(users.stripeCustomerId), gt(users.id, after));

/** One user: did Stripe have a subscription for them, and did anything of theirs change? */
async function syncUser(billing: BillingService, user: UserRow): Promise<{ synced: boolean; updated: boolean }> {
  const synced = await billing.discoverSubscription(user);
  const after = await billing.reload(user);
  return { synced, updated: SYNCED_FIELDS.some((field) => after[field] !== user[field]) };
}

export function stripeSyncJob(db: Database, billing: BillingService, batchSize = BATCH_SIZE): JobHandler {
  return async (job, { signal, checkpoint }) => {
    // Payments unconfigured since the sync was queued: the job fails with the same reason the request would get.
    await billing.stripe();
    const tally = tallyOf(job.state);
    let processed = job.processed;
    let cursor = job.cursor === null ? 0 : Number(job.cursor);
    let total = job.total;
    if (total === null) {
      const [counted] = await db.select({ n: count() }).from(users).where(customers(0));
      total = counted?.n ?? 0;
      await checkpoint({ processed, total, cursor: String(cursor), state: tally });
    }
    for (;;) {
      const batch = await db.select().from(users).where(customers(cursor)).orderBy(users.id).limit(batchSize);
      if (batch.length === 0) break;
      for (const user of batch) {
        if (signal.aborted) return tally;
        try {
          const outcome = await syncUser(billing, user);
          if (outcome.synced) tally.syncedCount += 1;
          if (outcome.updated) tally.updatedCount += 1;
          else tally.unchangedCount += 1;
        } catch (error) {
          tally.failedCount += 1;
          const reason = error instanceof Error ? error.message : String(error);
          if (tally.errors.length < SYNC_ERRORS_KEPT)
            tally.errors.push(`User #${user.id} (${user.username}): ${reason}`);
        }
        processed += 1;
        cursor = user.id;
        // Customers added while the sync runs are synced too, so the total can grow.
        total = Math.max(total, processed);
        await checkpoint({ processed, total, cursor: String(cursor), state: tally });
      }
    }
    return tally;
  };
}
