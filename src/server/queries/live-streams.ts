import { randomBytes } from 'node:crypto';
import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { fairUseMessages, QUESTIONS_IN_FLIGHT_RETRY_AFTER_SECONDS } from '../../common/fair-use-messages';
import { fillMessage } from '../../common/messages';
import type { Database } from '../db/client';
import { liveStreams, users } from '../db/schema';
import { HttpError } from '../http/errors';
import { OutageLog } from '../lib/outage-log';
import { StopRequested } from '../providers/stream-answer';

// The questions being answered right now, so the asker can stop them (issue 20, item 1; decision
// 0048). Each stream has a random name, sent in its `start` event, and one AbortController per model:
// stopping a model aborts its vendor call (the AI SDK's fetch), which keeps the words that arrived and
// marks the answer 'stopped' (providers/stream-answer.ts). Behind a load balancer the stop request may
// reach an instance that is not holding the stream: that instance relays it to the others through
// PostgreSQL's NOTIFY, and the one that holds the stream checks the owner and stops it.
//
// Every stream also has a row in live_streams from its start to its end (issue 32; decision 0059), so
// that every instance sees the same streams: a user's streams are counted there against
// MAX_CONCURRENT_QUESTIONS_PER_USER, and a Stop is relayed only for a stream that row says exists and
// is the caller's. A row left by an instance that died stops counting after the longest a question
// can run (`staleAfterMs`, allowance/reconciler.ts) and is removed by that user's next start.

export interface StopOrder {
  streamId: string;
  /** Who asks: only the user the stream answers may stop it. */
  ownerId: number;
  /** One model, or every model when null. */
  model: string | null;
}

/** Passes stop orders to the other instances and hands theirs to this one. */
export interface StopRelay {
  publish(order: StopOrder): Promise<void>;
  listen(onOrder: (order: StopOrder) => void): Promise<void>;
  close(): Promise<void>;
}

export interface LiveStream {
  id: string;
  /** Aborts when the asker stops this model (or every model), or when `cancelled` aborts. */
  signalFor(model: string): AbortSignal;
  /** Lets the stream go, here and in the shared record; never throws, and only the first call acts. */
  close(): Promise<void>;
}

export interface LiveStreamSettings {
  /** Streams one user (or anonymous session) may run at once; 0 for no limit. */
  perUser: number;
  /** A shared row older than this belongs to an instance that died (allowance/reconciler.ts, longestQuestionMs). */
  staleAfterMs: number;
  log: FastifyBaseLogger;
}

interface Held {
  ownerId: number;
  /** Stops every model, including one whose signal is asked for after the stop. */
  all: AbortController;
  stoppers: Map<string, AbortController>;
}

/** 128 random bits, base64url: what streamIdSchema (common/query-schemas.ts) accepts. */
const newStreamId = () => randomBytes(16).toString('base64url');

function stopperOf(held: Held, model: string): AbortController {
  let stopper = held.stoppers.get(model);
  if (!stopper) held.stoppers.set(model, (stopper = new AbortController()));
  return stopper;
}

export class LiveStreams {
  private readonly held = new Map<string, Held>();

  constructor(
    private readonly db: Database,
    private readonly settings: LiveStreamSettings,
    private readonly relay: StopRelay | null = null,
  ) {}

  /** Starts listening for other instances' stop orders; a no-op on a single instance. */
  async start(): Promise<void> {
    await this.relay?.listen((order) => this.stopHere(order));
  }

  async close(): Promise<void> {
    await this.relay?.close();
    // Streams still held end with this instance: their rows need not wait to go stale.
    const ids = [...this.held.keys()];
    this.held.clear();
    for (const id of ids) await this.forget(id);
  }

  /**
   * Starts a stream for `ownerId`, before anything is charged or asked: 429 (with Retry-After) when the
   * owner already has `perUser` streams running on any instance.
   */
  async open(ownerId: number, cancelled: AbortSignal): Promise<LiveStream> {
    const id = newStreamId();
    if (!(await this.record(id, ownerId))) {
      throw new HttpError(
        429,
        fillMessage(fairUseMessages.questionsInFlight, { limit: this.settings.perUser }),
        { questionsInFlight: true },
        { 'retry-after': String(QUESTIONS_IN_FLIGHT_RETRY_AFTER_SECONDS) },
      );
    }
    const held: Held = { ownerId, all: new AbortController(), stoppers: new Map() };
    this.held.set(id, held);
    let closing: Promise<void> | undefined;
    return {
      id,
      signalFor: (model) => AbortSignal.any([cancelled, held.all.signal, stopperOf(held, model).signal]),
      close: () => (closing ??= this.held.delete(id) ? this.forget(id) : Promise.resolve()),
    };
  }

  /**
   * 'stopped' when this instance holds the stream; 'relayed' when another instance holds it (the order
   * went to every instance); 'unknown' when no instance does: never started, finished, or another
   * user's, so a name reveals nothing and a made-up one costs the other instances nothing.
   */
  async stop(order: StopOrder): Promise<'stopped' | 'relayed' | 'unknown'> {
    if (this.held.has(order.streamId)) return this.stopHere(order) ? 'stopped' : 'unknown';
    if (!this.relay || !(await this.runningElsewhere(order))) return 'unknown';
    await this.relay.publish(order);
    return 'relayed';
  }

  private stopHere(order: StopOrder): boolean {
    const stream = this.held.get(order.streamId);
    if (!stream || stream.ownerId !== order.ownerId) return false;
    if (order.model === null) stream.all.abort(new StopRequested());
    else stopperOf(stream, order.model).abort(new StopRequested());
    return true;
  }

  private fresh() {
    return sql`now() - make_interval(secs => ${this.settings.staleAfterMs / 1000})`;
  }

  /**
   * Records the stream unless its owner is at the limit. The owner's row lock makes the count and the
   * insert one step for every instance: two starts at once are counted one after the other.
   */
  private record(id: string, ownerId: number): Promise<boolean> {
    const { perUser } = this.settings;
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from ${users} where ${users.id} = ${ownerId} for update`);
      await tx.delete(liveStreams).where(and(eq(liveStreams.userId, ownerId), lt(liveStreams.startedAt, this.fresh())));
      if (perUser > 0) {
        const [running] = await tx.select({ n: count() }).from(liveStreams).where(eq(liveStreams.userId, ownerId));
        if ((running?.n ?? 0) >= perUser) return false;
      }
      await tx.insert(liveStreams).values({ id, userId: ownerId });
      return true;
    });
  }

  private async runningElsewhere(order: StopOrder): Promise<boolean> {
    const [row] = await this.db
      .select({ id: liveStreams.id })
      .from(liveStreams)
      .where(
        and(
          eq(liveStreams.id, order.streamId),
          eq(liveStreams.userId, order.ownerId),
          gt(liveStreams.startedAt, this.fresh()),
        ),
      );
    return row !== undefined;
  }

  private async forget(id: string): Promise<void> {
    try {
      await this.db.delete(liveStreams).where(eq(liveStreams.id, id));
    } catch (err) {
      // The row stops counting once it is stale; until then it takes one of the owner's streams.
      this.settings.log.warn({ err, streamId: id }, 'live stream could not be let go in the database');
    }
  }
}

const CHANNEL = 'parallax_stop_stream';
/** How long a lost listening connection waits before it connects again, at most. */
const MAX_RECONNECT_MS = 10_000;

function parseOrder(payload: string | undefined): StopOrder | null {
  try {
    const value = JSON.parse(payload ?? '') as Partial<StopOrder>;
    if (typeof value.streamId !== 'string' || typeof value.ownerId !== 'number') return null;
    return {
      streamId: value.streamId,
      ownerId: value.ownerId,
      model: typeof value.model === 'string' ? value.model : null,
    };
  } catch {
    return null;
  }
}

/**
 * Stop orders over PostgreSQL's LISTEN/NOTIFY: one connection of its own listens (a pooled one cannot,
 * it changes hands); orders are sent through the pool. A lost listening connection reconnects by
 * itself; an order sent while it is away is missed, and the asker can press Stop again.
 */
export class PostgresStopRelay implements StopRelay {
  private client: pg.Client | null = null;
  private closed = false;
  private retryTimer: NodeJS.Timeout | undefined;
  private readonly sender: pg.Pool;
  /** Reconnecting fails at every attempt while the database is away: said when that starts and ends. */
  private readonly listening: OutageLog;

  constructor(
    private readonly databaseUrl: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.listening = new OutageLog(log, {
      down: 'stop relay: listening connection lost; reconnecting until the database answers',
      back: 'stop relay: listening again',
    });
    this.sender = new pg.Pool({ connectionString: databaseUrl, max: 1, connectionTimeoutMillis: 5_000 });
    this.sender.on('error', (error) => this.log.warn({ err: error }, 'stop relay: sending connection lost'));
    // As the app's own pool (db/client.ts, watchConnections): pg-pool stops listening to a connection while
    // it is checked out, so one lost between checkout and release would throw with nobody listening; the
    // publish that holds it fails by itself.
    this.sender.on('connect', (client) => client.on('error', () => {}));
  }

  async publish(order: StopOrder): Promise<void> {
    await this.sender.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify(order)]);
  }

  async listen(onOrder: (order: StopOrder) => void): Promise<void> {
    await this.connect(onOrder, 500);
  }

  private async connect(onOrder: (order: StopOrder) => void, backoffMs: number): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.databaseUrl, keepAlive: true });
    const reconnect = (error: Error) => {
      if (this.closed || this.client !== client) return;
      this.client = null;
      this.listening.failed(error);
      void client.end().catch(() => {});
      this.retryTimer = setTimeout(
        () => void this.connect(onOrder, Math.min(backoffMs * 2, MAX_RECONNECT_MS)),
        backoffMs,
      );
    };
    client.on('error', reconnect);
    client.on('end', () => reconnect(new Error('connection ended')));
    client.on('notification', (message) => {
      const order = message.channel === CHANNEL ? parseOrder(message.payload) : null;
      if (order) onOrder(order);
    });
    this.client = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      this.listening.succeeded();
    } catch (error) {
      reconnect(error as Error);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = null;
    await Promise.allSettled([client?.end(), this.sender.end()]);
  }
}
