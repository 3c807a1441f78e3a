import type { FastifyBaseLogger } from 'fastify';
import { isDatabaseUnavailable } from '../db/unavailable';

// What work that retries by itself (the job runner's poll, the reconciliation, the rate-limit store)
// says while a service it needs is away (issue 32, lows): an outage is not a defect, and a line at
// every attempt buried everything else in the log. One warning when it starts, with the reason and
// no stack, and one line when it is over.

export class OutageLog {
  private downSince: number | undefined;

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly lines: { down: string; back: string },
  ) {}

  /** An attempt failed because the service is away: said once per outage. */
  failed(error: unknown): void {
    if (this.downSince !== undefined) return;
    this.downSince = Date.now();
    this.log.warn({ reason: error instanceof Error ? error.message : String(error) }, this.lines.down);
  }

  /** An attempt worked: the end of an outage, if there was one, is said with how long it lasted. */
  succeeded(): void {
    if (this.downSince === undefined) return;
    this.log.info({ downForMs: Date.now() - this.downSince }, this.lines.back);
    this.downSince = undefined;
  }
}

/**
 * Logs a failure of one request or task: a database outage at warn (the caller is told to come back,
 * nothing is wrong with the code), anything else at error, with its stack.
 */
export function logFailure(log: FastifyBaseLogger, err: unknown, message: string): void {
  if (isDatabaseUnavailable(err)) log.warn({ err }, message);
  else log.error({ err }, message);
}
