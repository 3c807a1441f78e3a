import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { AnswerForComparison, ComparisonAnalysis } from '../../common/comparison';
import { COMPARISON_TIME_BUDGET_MS, COMPARISON_WORKER_HEAP_MB, COMPARISON_WORKER_YOUNG_MB } from '../../common/limits';
import type { CitedAnswer } from './cited-positions';
import type { ComparisonTask, FinishedComparison } from './comparison-tasks';

// The comparison runs off the event loop (decision 0058): its work grows with the answers, and on the
// loop one long question held every request of the instance. A few worker threads, each with its own
// heap limit, take the tasks in turn; a task that outgrows its heap or its time ends its worker, not
// the process, and its caller gets an error to fall back on (queries/service.ts).

/** Why a comparison task gave no result. */
export class ComparisonUnavailable extends Error {
  constructor(
    readonly reason: 'time' | 'memory' | 'failed',
    message: string,
  ) {
    super(message);
    this.name = 'ComparisonUnavailable';
  }
}

export interface WorkerPoolOptions {
  /** Worker threads at most; more tasks wait in line. */
  size?: number;
  timeBudgetMs?: number;
  heapMb?: number;
}

interface Queued {
  task: ComparisonTask;
  resolve: (result: unknown) => void;
  reject: (error: Error) => void;
}

/**
 * Where the worker's code is: beside the bundle (dist/server/main.js) when built, or beside this module
 * when it runs from source (under tsx or vitest). From source the thread first registers tsx's loader
 * itself: Node 20 does not apply an `--import tsx` given in a worker's execArgv before its entry loads.
 */
function workerSource(): { code: string | URL; eval: boolean } {
  if (!import.meta.url.endsWith('.ts'))
    return { code: new URL('./comparison-worker.js', import.meta.url), eval: false };
  // tsx's require hook, which works inside the thread: Node 20 runs neither `--import tsx` from a worker's
  // execArgv nor module.register() hooks for a worker's ESM entry.
  const require = createRequire(import.meta.url);
  const tsx = require.resolve('tsx/cjs/api');
  const entry = fileURLToPath(new URL('./comparison-worker.ts', import.meta.url));
  return {
    code: `require(${JSON.stringify(tsx)}).register(); require(${JSON.stringify(entry)});`,
    eval: true,
  };
}

/** Leaves one core to the event loop, but never fewer than one worker. */
const defaultSize = () => Math.max(1, Math.min(4, availableParallelism() - 1));

export class ComparisonWorkers {
  private readonly size: number;
  private readonly timeBudgetMs: number;
  private readonly heapMb: number;
  private readonly idle: Worker[] = [];
  private running = 0;
  private readonly queue: Queued[] = [];
  private closed = false;

  constructor(options: WorkerPoolOptions = {}) {
    this.size = options.size ?? defaultSize();
    this.timeBudgetMs = options.timeBudgetMs ?? COMPARISON_TIME_BUDGET_MS;
    this.heapMb = options.heapMb ?? COMPARISON_WORKER_HEAP_MB;
  }

  /** The local analysis (local-analyser.ts) of the answers. */
  analyse(answers: AnswerForComparison[], question: string): Promise<ComparisonAnalysis> {
    return this.run({ kind: 'analyse', answers, question }) as Promise<ComparisonAnalysis>;
  }

  /** The cited sources noted on the disputes and the Parallax answer assembled (service.ts). */
  finish(comparison: ComparisonAnalysis, answers: CitedAnswer[]): Promise<FinishedComparison> {
    return this.run({ kind: 'finish', comparison, answers }) as Promise<FinishedComparison>;
  }

  /** Starts a worker ahead of the first comparison, so that one does not wait for the thread to load. */
  warm(): void {
    if (this.closed || this.idle.length > 0 || this.running > 0) return;
    const worker = this.start();
    worker.unref();
    this.idle.push(worker);
  }

  /** Ends every worker; tasks still waiting fail. */
  async close(): Promise<void> {
    this.closed = true;
    for (const queued of this.queue.splice(0)) queued.reject(new ComparisonUnavailable('failed', 'closed'));
    await Promise.all(this.idle.splice(0).map((worker) => worker.terminate()));
  }

  private run(task: ComparisonTask): Promise<unknown> {
    if (this.closed) return Promise.reject(new ComparisonUnavailable('failed', 'the comparison workers are closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ task, resolve, reject });
      this.next();
    });
  }

  private next(): void {
    if (this.queue.length === 0 || (this.idle.length === 0 && this.running >= this.size)) return;
    const queued = this.queue.shift()!;
    const worker = this.idle.pop() ?? this.start();
    this.running += 1;
    worker.ref();
    let done = false;
    const finish = (outcome: { result: unknown } | { error: Error }, keep: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      // Only these listeners: the Worker's own (which start its message port) must stay.
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      this.running -= 1;
      if (keep && !this.closed) {
        worker.unref();
        this.idle.push(worker);
      } else {
        void worker.terminate();
      }
      if ('error' in outcome) queued.reject(outcome.error);
      else queued.resolve(outcome.result);
      this.next();
    };
    const timer = setTimeout(
      () =>
        finish(
          { error: new ComparisonUnavailable('time', `the comparison took longer than ${this.timeBudgetMs} ms`) },
          false,
        ),
      this.timeBudgetMs,
    );
    const onMessage = (reply: { ok: true; result: unknown } | { ok: false; message: string }) =>
      finish(reply.ok ? { result: reply.result } : { error: new ComparisonUnavailable('failed', reply.message) }, true);
    const onError = (error: Error & { code?: string }) =>
      finish(
        {
          error: new ComparisonUnavailable(
            error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'failed',
            error.message,
          ),
        },
        false,
      );
    const onExit = (code: number) =>
      finish({ error: new ComparisonUnavailable('failed', `the comparison worker exited with code ${code}`) }, false);
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    worker.postMessage(queued.task);
  }

  private start(): Worker {
    const { code, eval: evaluated } = workerSource();
    const worker = new Worker(code, {
      eval: evaluated,
      // The parent's V8 flags (--max-old-space-size) are not the worker's: resourceLimits are.
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: this.heapMb, maxYoungGenerationSizeMb: COMPARISON_WORKER_YOUNG_MB },
    });
    // An error after its task was given up (out of memory as the time ran out) must not end the process.
    worker.on('error', () => {});
    return worker;
  }
}

/** The process's comparison workers, started on the first comparison. */
let shared: ComparisonWorkers | undefined;
export function comparisonWorkers(): ComparisonWorkers {
  shared ??= new ComparisonWorkers();
  return shared;
}
