import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { serverMessages } from '../../common/messages';
import type { ModelKey } from '../../common/models';
import type { VendorFailure } from '../../common/vendor-failure-messages';
import type { AllowanceBucket } from '../allowance/service';
import type { Database } from '../db/client';

// What an operator's Prometheus reads at GET /metrics (docs/operations.md, "Metrics"; decision 0034). Every
// app has its own registry: tests build many apps in one process, and prom-client's global registry would
// refuse the second app's metrics. Labels are bounded sets only (route patterns, model keys, kinds), never a
// raw URL, an id or a user-chosen string, so the series stay few.

/** What became of one Stripe webhook delivery (billing/webhook.ts). */
export type WebhookOutcomeKind = 'applied' | 'duplicate' | 'ignored' | 'rejected' | 'failed';

/** A route's label: its pattern as registered, or this for a request no route matched (404s, scans). */
const UNMATCHED_ROUTE = 'unmatched';

const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;

/** The figures a PostgreSQL pool (pg.Pool) keeps; PGlite has no pool. */
interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  options?: { max?: number };
}

function poolOf(db: Database): PoolCounts | null {
  const client = (db as unknown as { $client?: Partial<PoolCounts> }).$client;
  return client && typeof client.totalCount === 'number' && typeof client.waitingCount === 'number'
    ? (client as PoolCounts)
    : null;
}

export class AppMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status_class'>;
  private readonly requestSeconds: Histogram<'method' | 'route' | 'status_class'>;
  private readonly vendorSeconds: Histogram<'model' | 'outcome'>;
  private readonly vendorFailures: Counter<'model' | 'failure'>;
  private readonly charged: Counter<'bucket'>;
  private readonly refunded: Counter<'bucket'>;
  private readonly webhooks: Counter<'outcome'>;

  /**
   * `processMetrics`: also Node's own (CPU, memory, event-loop lag, GC). prom-client starts observers for
   * those that cannot be stopped, so only an app that serves /metrics asks for them.
   */
  constructor({ db, processMetrics = false }: { db: Database; processMetrics?: boolean }) {
    const registers = [this.registry];
    this.requests = new Counter({
      name: 'parallax_http_requests_total',
      help: 'HTTP requests answered, by route pattern, method and status class',
      labelNames: ['method', 'route', 'status_class'],
      registers,
    });
    this.requestSeconds = new Histogram({
      name: 'parallax_http_request_duration_seconds',
      help: 'Time to answer an HTTP request (a streamed question: until its stream ends)',
      labelNames: ['method', 'route', 'status_class'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
      registers,
    });
    this.vendorSeconds = new Histogram({
      name: 'parallax_vendor_call_duration_seconds',
      help: "One model's answer, from the call to its last word or its failure; outcome is ok or the failure kind",
      labelNames: ['model', 'outcome'],
      buckets: [0.25, 0.5, 1, 2, 5, 10, 20, 30, 60, 120],
      registers,
    });
    this.vendorFailures = new Counter({
      name: 'parallax_vendor_failures_total',
      help: 'Model calls that failed, by model and kind (timeout, rate-limited, key-rejected, vendor-error, empty, cancelled, stopped, model-unavailable)',
      labelNames: ['model', 'failure'],
      registers,
    });
    this.charged = new Counter({
      name: 'parallax_questions_charged_total',
      help: 'Questions that cost the asker one, by allowance bucket',
      labelNames: ['bucket'],
      registers,
    });
    this.refunded = new Counter({
      name: 'parallax_questions_refunded_total',
      help: 'Reserved questions given back because no model produced an answer, by allowance bucket',
      labelNames: ['bucket'],
      registers,
    });
    this.webhooks = new Counter({
      name: 'parallax_stripe_webhooks_total',
      help: 'Stripe webhook deliveries by outcome (applied, duplicate, ignored, rejected, failed)',
      labelNames: ['outcome'],
      registers,
    });
    const pool = poolOf(db);
    if (pool) {
      const gauge = (name: string, help: string, read: () => number | undefined) =>
        new Gauge({
          name,
          help,
          registers,
          collect() {
            const value = read();
            if (value !== undefined) this.set(value);
          },
        });
      gauge(
        'parallax_db_pool_connections',
        'PostgreSQL connections the pool holds (busy and idle)',
        () => pool.totalCount,
      );
      gauge('parallax_db_pool_idle_connections', 'PostgreSQL connections open and unused', () => pool.idleCount);
      gauge(
        'parallax_db_pool_waiting_requests',
        'Queries waiting for a connection: above zero for long, the pool is too small or the database too slow',
        () => pool.waitingCount,
      );
      gauge('parallax_db_pool_max_connections', 'The pool size limit', () => pool.options?.max);
    }
    if (processMetrics) collectDefaultMetrics({ register: this.registry });
  }

  /**
   * Counts every answered request under its route pattern (Fastify's, e.g. /api/query/:id). This runs
   * on every request, so it stays cheap (docs/performance.md, budget 1): a synchronous hook, and each
   * label set's two series looked up once and kept, instead of prom-client hashing the labels per call.
   */
  observeRequests(app: FastifyInstance): void {
    const series = new Map<string, { count: { inc(): void }; seconds: { observe(value: number): void } }>();
    app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      const method = request.method;
      const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
      const status = statusClass(reply.statusCode);
      const key = `${method} ${status} ${route}`;
      let found = series.get(key);
      if (!found) {
        found = {
          count: this.requests.labels(method, route, status),
          seconds: this.requestSeconds.labels(method, route, status),
        };
        series.set(key, found);
      }
      found.count.inc();
      found.seconds.observe(reply.elapsedTime / 1000);
      done();
    });
  }

  /** One model's call: how long it took and, when it failed, why (stream-answer.ts's `failure`). */
  vendorCall(model: ModelKey, ms: number, failure: VendorFailure | null): void {
    this.vendorSeconds.observe({ model, outcome: failure ?? 'ok' }, ms / 1000);
    if (failure) this.vendorFailures.inc({ model, failure });
  }

  questionCharged(bucket: AllowanceBucket): void {
    this.charged.inc({ bucket });
  }

  questionRefunded(bucket: AllowanceBucket): void {
    this.refunded.inc({ bucket });
  }

  webhook(outcome: WebhookOutcomeKind): void {
    this.webhooks.inc({ outcome });
  }
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether `header` is `Bearer <token>`, compared in constant time (digests make the lengths equal). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

/**
 * GET /metrics in Prometheus's text format, for a caller presenting `Authorization: Bearer <METRICS_TOKEN>`.
 * Without METRICS_TOKEN it answers 404 like any unknown path, so the figures are never public by accident;
 * with it, a missing or wrong token answers 401 (decision 0034).
 */
export async function metricsRoutes(
  app: FastifyInstance,
  { metrics, token }: { metrics: AppMetrics; token: string | undefined },
) {
  app.get('/metrics', async (request, reply) => {
    if (!token) return reply.code(404).send({ message: serverMessages.notFound });
    if (!bearerMatches(request.headers.authorization, token)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ message: serverMessages.notAuthenticated });
    }
    reply.header('cache-control', 'no-store');
    reply.type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });
}
