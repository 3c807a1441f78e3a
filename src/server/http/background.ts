import type { FastifyBaseLogger } from 'fastify';
import { logFailure } from '../lib/outage-log';

/**
 * Work that must not hold up an answer (sending an email) but must not be lost either: shutdown
 * waits for it, and tests wait for it instead of sleeping.
 */
export class BackgroundTasks {
  private readonly pending = new Set<Promise<unknown>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  run(label: string, task: () => Promise<unknown>): void {
    const promise = task()
      .catch((err: unknown) => logFailure(this.log.child({ task: label }), err, 'background task failed'))
      .finally(() => this.pending.delete(promise));
    this.pending.add(promise);
  }

  async drain(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }
}
