import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { AppMetrics } from '../http/metrics';
import { isDatabaseUnavailable } from '../db/unavailable';
import { OutageLog } from '../lib/outage-log';
import { reconcileOpenReservations } from './reservation-service';

/** How often each instance looks for questions whose result was never saved. */
const RECONCILE_EVERY_MS = 60_000;
/** Room beyond the bounds below for the event loop, the comparison and retries of a slow save. */
const MARGIN_MS = 30_000;

/**
 * The longest a question can legitimately stay reserved: the models (in parallel), the judge's
 * comparison and its wording of the Parallax answer each within the model timeout, then a handful of
 * statements within the statement timeout. A reservation older than this belongs to a question that is
 * no longer running anywhere.
 */
export function longestQuestionMs(config: Pick<Config, 'modelTimeoutMs' | 'databaseTimeouts'>): number {
  return 3 * config.modelTimeoutMs + 4 * config.databaseTimeouts.statementMs + MARGIN_MS;
}

/**
 * Gives back the questions of reservations nobody settled (issue 18, item 4): once at start-up, for
 * what an outage or a killed instance left behind, and every minute after. Every instance runs it;
 * reservation-service.ts settles each one at most once however many run at the same time.
 */
export class ReservationReconciler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  /** A database away for a while fails every pass: said when that starts and when it ends. */
  private readonly outage: OutageLog;

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly metrics: Pick<AppMetrics, 'questionRefunded'>,
    private readonly olderThanMs: number,
  ) {
    this.outage = new OutageLog(log, {
      down: 'reconciling open question reservations: the database is unreachable; trying again every minute',
      back: 'reconciling open question reservations: the database answers again',
    });
  }

  start(): void {
    void this.runOnce();
    this.timer = setInterval(() => void this.runOnce(), RECONCILE_EVERY_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** One pass; a pass still running (a slow database) is not doubled. */
  runOnce(): Promise<void> {
    this.running ??= this.pass().finally(() => (this.running = undefined));
    return this.running;
  }

  private async pass(): Promise<void> {
    try {
      const returned = await reconcileOpenReservations(this.db, this.olderThanMs, (reservation) =>
        this.metrics.questionRefunded(reservation.bucket),
      );
      this.outage.succeeded();
      if (returned > 0) this.log.warn({ returned }, 'gave back questions whose answers were never saved');
    } catch (err) {
      // The next pass tries again.
      if (isDatabaseUnavailable(err)) this.outage.failed(err);
      else this.log.warn({ err }, 'could not reconcile open question reservations');
    }
  }
}
