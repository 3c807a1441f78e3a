import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { StopRequested } from '../providers/stream-answer';

// The questions being answered right now, so the asker can stop them (issue 20, item 1; decision
// 0048). Each stream has a random name, sent in its `start` event, and one AbortController per model:
// stopping a model aborts its vendor call (the AI SDK's fetch), which keeps the words that arrived and
// marks the answer 'stopped' (providers/stream-answer.ts). Behind a load balancer the stop request may
// reach an instance that is not holding the stream: that instance relays it to the others through
// PostgreSQL's NOTIFY, and the one that holds the stream checks the owner and stops it.

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
  close(): void;
}

interface Held {
  ownerId: number;
  stoppers: Map<string, AbortController>;
}

/** 128 random bits, base64url: what streamIdSchema (common/query-schemas.ts) accepts. */
const newStreamId = () => randomBytes(16).toString('base64url');

export class LiveStreams {
  private readonly held = new Map<string, Held>();

  constructor(private readonly relay: StopRelay | null = null) {}

  /** Starts listening for other instances' stop orders; a no-op on a single instance. */
  async start(): Promise<void> {
    await this.relay?.listen((order) => this.stopHere(order));
  }

  async close(): Promise<void> {
    await this.relay?.close();
  }

  open(ownerId: number, models: readonly string[], cancelled: AbortSignal): LiveStream {
    const id = newStreamId();
    const stoppers = new Map(models.map((model) => [model, new AbortController()]));
    this.held.set(id, { ownerId, stoppers });
    return {
      id,
      signalFor: (model) => {
        const own = stoppers.get(model);
        return own ? AbortSignal.any([cancelled, own.signal]) : cancelled;
      },
      close: () => this.held.delete(id),
    };
  }

  /**
   * 'stopped' when this instance holds the stream; 'relayed' when another instance may (the order went
   * to every instance); 'unknown' when no instance can hold it. A stream of another user is 'unknown'
   * too, so a name reveals nothing.
   */
  async stop(order: StopOrder): Promise<'stopped' | 'relayed' | 'unknown'> {
    if (this.held.has(order.streamId)) return this.stopHere(order) ? 'stopped' : 'unknown';
    if (!this.relay) return 'unknown';
    await this.relay.publish(order);
    return 'relayed';
  }

  private stopHere(order: StopOrder): boolean {
    const stream = this.held.get(order.streamId);
    if (!stream || stream.ownerId !== order.ownerId) return false;
    for (const [model, stopper] of stream.stoppers) {
      if (order.model === null || order.model === model) stopper.abort(new StopRequested());
    }
    return true;
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

  constructor(
    private readonly databaseUrl: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.sender = new pg.Pool({ connectionString: databaseUrl, max: 1, connectionTimeoutMillis: 5_000 });
    this.sender.on('error', (error) => this.log.warn({ err: error }, 'stop relay: sending connection lost'));
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
      this.log.warn({ err: error }, 'stop relay: listening connection lost; reconnecting');
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
