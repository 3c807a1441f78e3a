import { expect } from 'vitest';
import { isJobActive, type SyncJob } from '../../common/admin-job-schemas';
import { adminCall } from '../../../tests/helpers/admins';

// Following a background Stripe sync from tests, as the console does: through the API only.

type App = Parameters<typeof adminCall>[0];

export async function readSync(app: App, cookie: string, id: number): Promise<SyncJob> {
  const res = await adminCall(app, cookie, 'GET', `/api/admin/sync-stripe-subscriptions/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SyncJob;
}

/** Polls the job until `done` holds of it (by default: it ended), or fails after `timeoutMs`. */
export async function syncEnded(
  app: App,
  cookie: string,
  id: number,
  { done = (job: SyncJob) => !isJobActive(job.status), timeoutMs = 90_000 } = {},
): Promise<SyncJob> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await readSync(app, cookie, id);
    if (done(job)) return job;
    if (Date.now() > deadline) throw new Error(`sync ${id} still ${job.status} at ${job.processed}/${job.total}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
