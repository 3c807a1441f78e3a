import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { adminJobMessages } from '../../common/admin-job-messages';
import { fillMessage } from '../../common/messages';
import type { Database, Transaction } from '../db/client';
import { isDatabaseUnavailable } from '../db/unavailable';
import { OutageLog } from '../lib/outage-log';
import {
  claimJob,
  enqueueOnce,
  findJob,
  finishJob,
  latestJob,
  releaseJob,
  renewLease,
  saveProgress,
  type JobProgress,
  type JobRow,
} from './job-store';

export type { JobProgress, JobRow, JobStatus } from './job-store';

// Background jobs (docs/architecture.md, "Background jobs"): work too long for one request runs here,
// in whichever instance claims it first; the jobs table (migration 0012) is the queue, the lock and
// the progress, so a restart or another instance resumes where the last one stopped.

export interface JobContext {
  /** Aborted when this instance stops or loses the job: stop at the next step, the progress saved so far stands. */
  signal: AbortSignal;
  /** Saves progress and extends the lease; throws once this instance no longer holds the job or is stopping. */
  checkpoint(progress: JobProgress): Promise<void>;
}

/** Runs (or resumes, from `job.cursor`) one job; its answer is the job's result (`state`). A throw fails the job. */
export type JobHandler = (job: JobRow, context: JobContext) => Promise<unknown>;

export interface JobRunnerOptions {
  /** How often an idle instance looks for queued work and expired leases (default 5 s). */
  pollMs?: number;
  /** How long a claim lasts without a word from its instance (default 60 s); renewed every third of it. */
  leaseMs?: number;
  /** A job whose instance died this many times is failed rather than tried again (default 5). */
  maxAttempts?: number;
  /**
   * This process is the database's only one (the embedded database, one process per data folder):
   * every job is queued by this process, or was left by one that ended. It takes those over at start,
   * whatever their lease says, and never polls.
   */
  exclusive?: boolean;
}

const DEFAULTS = {
  pollMs: 5_000,
  leaseMs: 60_000,
  maxAttempts: 5,
  exclusive: false,
} satisfies Required<JobRunnerOptions>;

/** Thrown at a checkpoint once the job is no longer this instance's to run. */
class JobInterrupted extends Error {}

export class JobService {
  private readonly handlers = new Map<string, JobHandler>();
  private readonly options: Required<JobRunnerOptions>;
  /** This instance, as the jobs it runs name it. */
  readonly owner = `${process.pid}-${randomUUID()}`;
  private started = false;
  private timer: NodeJS.Timeout | undefined;
  private loop: Promise<void> | undefined;
  private again = false;
  /** Whether the next claim may take over running jobs (an exclusive instance's first look). */
  private takeOver = false;
  private readonly stopping = new AbortController();
  /** A database away for a while fails every poll: said when that starts and when it ends. */
  private readonly outage: OutageLog;

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    options: JobRunnerOptions = {},
  ) {
    this.options = { ...DEFAULTS, ...options };
    this.outage = new OutageLog(log, {
      down: 'background jobs: the database is unreachable; looking for work again at each poll until it answers',
      back: 'background jobs: the database answers again',
    });
  }

  register(kind: string, handler: JobHandler): void {
    this.handlers.set(kind, handler);
  }

  /**
   * Queues a job of `kind` unless one is already queued or running, and returns the active one.
   * Given a transaction, the job exists once it commits: call `wake()` after.
   */
  async enqueue(kind: string, requestedBy: number | null, tx?: Transaction) {
    const queued = await enqueueOnce(tx ?? this.db, kind, requestedBy);
    if (!tx) this.wake();
    return queued;
  }

  find(id: number) {
    return findJob(this.db, id);
  }

  latest(kind: string) {
    return latestJob(this.db, kind);
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.takeOver = this.options.exclusive;
    this.wake();
  }

  /** Looks for work now rather than at the next poll. */
  wake(): void {
    if (!this.started || this.stopping.signal.aborted) return;
    if (this.loop) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.loop = this.drain().then((looked) => {
      this.loop = undefined;
      if (this.stopping.signal.aborted) return;
      if (this.again) {
        this.again = false;
        this.wake();
      } else if (!this.options.exclusive || !looked) {
        this.timer = setTimeout(() => this.wake(), this.options.pollMs);
        this.timer.unref();
      }
    });
  }

  /** Stops claiming; a job in progress stops at its next step and is handed back, its progress kept. */
  async stop(): Promise<void> {
    this.stopping.abort();
    clearTimeout(this.timer);
    await this.loop;
  }

  /** Runs jobs until none is left; false when the database could not be asked. */
  private async drain(): Promise<boolean> {
    try {
      while (!this.stopping.signal.aborted) {
        const job = await claimJob(this.db, [...this.handlers.keys()], this.owner, this.options.leaseMs, {
          takeOver: this.takeOver,
        });
        this.outage.succeeded();
        if (!job) {
          this.takeOver = false;
          return true;
        }
        await this.run(job);
      }
      return true;
    } catch (error) {
      // The database may be away for a while; the next poll tries again.
      if (isDatabaseUnavailable(error)) this.outage.failed(error);
      else this.log.error({ err: error }, 'background jobs: looking for work failed');
      return false;
    }
  }

  private async run(job: JobRow): Promise<void> {
    const { leaseMs, maxAttempts } = this.options;
    const log = this.log.child({ jobId: job.id, jobKind: job.kind });
    if (job.attempts > maxAttempts) {
      await finishJob(this.db, job.id, this.owner, {
        status: 'failed',
        error: fillMessage(adminJobMessages.jobGaveUp, { attempts: maxAttempts }),
      });
      log.error('background job failed: too many attempts');
      return;
    }
    const lost = new AbortController();
    const signal = AbortSignal.any([this.stopping.signal, lost.signal]);
    const heartbeat = setInterval(() => {
      renewLease(this.db, job.id, this.owner, leaseMs)
        .then((held) => held || lost.abort())
        .catch((error: unknown) => log.warn({ err: error }, 'background job: renewing the lease failed'));
    }, leaseMs / 3);
    heartbeat.unref();
    const context: JobContext = {
      signal,
      checkpoint: async (progress) => {
        if (!(await saveProgress(this.db, job.id, this.owner, leaseMs, progress))) lost.abort();
        if (signal.aborted) throw new JobInterrupted();
      },
    };
    log.info({ resumedAt: job.cursor, attempt: job.attempts }, 'background job started');
    try {
      const state = await this.handlers.get(job.kind)!(job, context);
      if (signal.aborted) throw new JobInterrupted();
      await finishJob(this.db, job.id, this.owner, { status: 'succeeded', state });
      log.info('background job finished');
    } catch (error) {
      if (lost.signal.aborted) {
        log.warn('background job: another instance holds it now');
      } else if (this.stopping.signal.aborted) {
        await releaseJob(this.db, job.id, this.owner).catch((err: unknown) =>
          log.warn({ err }, 'background job: handing it back failed; its lease will expire'),
        );
        log.info('background job handed back: this instance is stopping');
      } else {
        const message = error instanceof Error ? error.message : String(error);
        log.error({ err: error }, 'background job failed');
        await finishJob(this.db, job.id, this.owner, { status: 'failed', error: message });
      }
    } finally {
      clearInterval(heartbeat);
    }
  }
}
