import { z } from 'zod';
import { DATABASE_INT_MAX } from './limits';
import { syncResultSchema } from './admin-user-schemas';

// The background Stripe sync (decision 0036): POST /api/admin/sync-stripe-subscriptions queues it and
// answers 202 with the job at once; GET .../sync-stripe-subscriptions/:id and .../latest follow it.

export const jobStatuses = ['queued', 'running', 'succeeded', 'failed'] as const;
export type JobStatus = (typeof jobStatuses)[number];

/** A sync keeps the first this many error lines; failedCount counts them all. */
export const SYNC_ERRORS_KEPT = 100;
/** How often the console asks for a running sync's progress. */
export const SYNC_POLL_MS = 1_000;

/**
 * A sync job. processed, syncedCount, updatedCount and errors are the spec's sync result (so far, while
 * status is queued or running; final once succeeded); unchangedCount and failedCount complete them, so
 * processed = updatedCount + unchangedCount + failedCount. `error` is why a failed job stopped.
 */
export const syncJobSchema = syncResultSchema.extend({
  id: z.number().int(),
  status: z.enum(jobStatuses),
  total: z.number().int().nullable(),
  unchangedCount: z.number().int(),
  failedCount: z.number().int(),
  error: z.string().nullable(),
  requestedBy: z.number().int().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type SyncJob = z.infer<typeof syncJobSchema>;

/** GET /api/admin/sync-stripe-subscriptions/latest: the newest sync, if any ran. */
export const latestSyncJobSchema = z.object({ job: syncJobSchema.nullable() });

export const syncJobParamsSchema = z.object({ id: z.coerce.number().int().positive().max(DATABASE_INT_MAX) });

export const isJobActive = (status: JobStatus) => status === 'queued' || status === 'running';
