import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { purgeDeletedQuestions } from './history-repository';

// Deleted questions are removed for good a day after their deletion (decision 0050): every instance
// runs the purge on a timer. It is one indexed, idempotent DELETE in small batches, so instances that
// run it at once only find less to do, and there is no progress to keep: the jobs table (decision 0036)
// would add a queue to a statement that needs none.

/** How often the purge runs; a deleted question lives between one day and one day and an hour. */
export const PURGE_EVERY_MS = 60 * 60 * 1000;
/** The first run, after start-up: not at start-up itself, which has enough to do. */
const FIRST_PURGE_AFTER_MS = 10 * 60 * 1000;

/** Runs the purge while the app is up: from a while after it is ready, until it closes. */
export function scheduleHistoryPurge(app: FastifyInstance, db: Database): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const run = () => {
    running = purgeDeletedQuestions(db)
      .then((purged) => {
        if (purged > 0) app.log.info({ purged }, 'deleted questions purged');
      })
      .catch((err: unknown) => app.log.warn({ err }, 'purging deleted questions failed; the next run tries again'))
      .finally(() => {
        running = undefined;
      });
    timer = setTimeout(run, PURGE_EVERY_MS);
    timer.unref();
  };
  app.addHook('onReady', async () => {
    timer = setTimeout(run, FIRST_PURGE_AFTER_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearTimeout(timer);
    await running;
  });
}
