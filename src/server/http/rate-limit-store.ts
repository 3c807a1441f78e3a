import { createHmac, hkdfSync } from 'node:crypto';
import path from 'node:path';
import fastifyRateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { rateLimitCounts } from '../db/schema';
import { OutageLog } from '../lib/outage-log';

// Where every createLimit (http/rate-limit.ts) counts (decision 0038): Redis when REDIS_URL is set,
// else PostgreSQL when DATABASE_URL is, else this process's memory (the embedded database serves one
// process only). Counts kept outside the process are shared by every instance of the deployment.

declare module 'fastify' {
  interface FastifyInstance {
    /** The key a limit stores for a caller: a keyed hash, so no address or email sits in Redis or a table. */
    rateLimitKey(name: string, caller: string): string;
    /** Told when the shared store fails or answers (http/rate-limit.ts): one line per outage, for every limit. */
    rateLimitStoreOutage: OutageLog;
  }
}

export type RateLimitStoreKind = 'redis' | 'postgres' | 'memory';

export interface RateLimitStoreOptions {
  config: Config;
  db: Database;
  appSecret: string;
}

/** How long a shared store may take to answer before the limit counts in memory instead. */
const SHARED_STORE_TIMEOUT_MS = 1000;
const SWEEP_EVERY_MS = 5 * 60_000;

export function rateLimitStoreKind(config: Pick<Config, 'redisUrl' | 'databaseUrl'>): RateLimitStoreKind {
  if (config.redisUrl) return 'redis';
  if (config.databaseUrl) return 'postgres';
  return 'memory';
}

/**
 * The Redis key prefix: one per database, so the instances of one deployment share their counts and
 * two deployments on one Redis (staging and production, or two test runs) never mix them.
 */
export function rateLimitNamespace(config: Pick<Config, 'databaseUrl' | 'dataDir'>): string {
  const database = config.databaseUrl
    ? decodeURIComponent(new URL(config.databaseUrl).pathname.replace(/^\//, '')) || 'postgres'
    : `embedded-${createHmac('sha256', 'parallax').update(path.resolve(config.dataDir)).digest('hex').slice(0, 12)}`;
  return `parallax:rate-limit:${database}:`;
}

/** Registers @fastify/rate-limit on `app` with the store for this configuration; returns which one. */
export async function registerRateLimits(
  app: FastifyInstance,
  { config, db, appSecret }: RateLimitStoreOptions,
): Promise<RateLimitStoreKind> {
  const hashKey = Buffer.from(hkdfSync('sha256', appSecret, 'parallax-rate-limit-key', 'hmac-sha256', 32));
  app.decorate('rateLimitKey', (name: string, caller: string) => {
    return `${name}:${createHmac('sha256', hashKey).update(caller).digest('base64url')}`;
  });

  const kind = rateLimitStoreKind(config);
  const store = kind === 'redis' ? 'Redis' : 'the database';
  const outage = new OutageLog(app.log, {
    down: `${store} unreachable: rate limits count in each instance until it is back`,
    back: `${store} reachable again: rate limits are shared again`,
  });
  app.decorate('rateLimitStoreOutage', outage);
  if (kind === 'redis') {
    const redis = connectRedis(config.redisUrl!, outage);
    app.addHook('onClose', () => redis.disconnect());
    // The first requests should count in Redis too; an unreachable Redis delays the start by at most this.
    await firstAnswer(redis);
    // Errors are not skipped here: createLimit counts in memory while the store is unreachable.
    await app.register(fastifyRateLimit, { global: false, redis, nameSpace: rateLimitNamespace(config) });
  } else if (kind === 'postgres') {
    const store = new PostgresRateLimitStore(db);
    app.addHook('onClose', () => store.close());
    await app.register(fastifyRateLimit, { global: false, store: storeClass(store) });
  } else {
    await app.register(fastifyRateLimit, { global: false });
  }
  return kind;
}

/**
 * A Redis client that never holds a request up: no queue while disconnected and a bounded wait per
 * command, so an outage turns into an error at once (createLimit then counts in memory).
 */
function connectRedis(url: string, outage: OutageLog): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: SHARED_STORE_TIMEOUT_MS,
    commandTimeout: SHARED_STORE_TIMEOUT_MS,
    // Keep trying in the background, at most every 2 s, for as long as the app runs.
    retryStrategy: (attempt) => Math.min(attempt * 100, 2000),
  });
  // One line per outage, not one per reconnection attempt (nor per request: http/rate-limit.ts).
  redis.on('error', (err: Error) => outage.failed(err));
  redis.on('ready', () => outage.succeeded());
  return redis;
}

/** Resolves when Redis is ready, fails to connect, or has not answered within the store timeout. */
function firstAnswer(redis: Redis): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      redis.off('error', done);
      resolve();
    };
    const timer = setTimeout(done, SHARED_STORE_TIMEOUT_MS);
    redis.once('ready', done);
    redis.once('error', done);
  });
}

/** The plugin builds its store from a class; this one hands out the store made above. */
function storeClass(store: FastifyRateLimitStore) {
  return class {
    constructor() {
      return store;
    }
  } as unknown as new () => FastifyRateLimitStore;
}

/**
 * Counts in the `rate_limit_counts` table. Each attempt is one upsert that either starts a window or
 * adds one to the current count, under the row's lock: two instances counting the same key at once
 * both land, and the database's clock decides when a window ends, whatever the instances' clocks say.
 */
export class PostgresRateLimitStore implements FastifyRateLimitStore {
  private lastSweep = Date.now();
  private sweeping: Promise<void> = Promise.resolve();

  constructor(private readonly db: Database) {}

  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
  ): void {
    this.hit(key, timeWindow).then(
      (result) => callback(null, result),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
  }

  /** Limits made with createRateLimit all share this table; their names keep their keys apart. */
  child(): FastifyRateLimitStore {
    return this;
  }

  async hit(key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
    const expired = sql`${rateLimitCounts.expiresAt} <= now()`;
    const [row] = await this.db
      .insert(rateLimitCounts)
      .values({ key, count: 1, expiresAt: sql`now() + ${windowMs}::double precision * interval '1 millisecond'` })
      .onConflictDoUpdate({
        target: rateLimitCounts.key,
        set: {
          count: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateLimitCounts.count} + 1 END`,
          expiresAt: sql`CASE WHEN ${expired} THEN excluded.expires_at ELSE ${rateLimitCounts.expiresAt} END`,
        },
      })
      .returning({
        count: rateLimitCounts.count,
        ttl: sql<string>`ceil(extract(epoch from ${rateLimitCounts.expiresAt} - now()) * 1000)`,
      });
    this.sweepNowAndThen();
    return { current: row!.count, ttl: Math.max(0, Number(row!.ttl)) };
  }

  /** Waits for a sweep in progress, so the database is not closed under it. */
  close(): Promise<void> {
    return this.sweeping;
  }

  private sweepNowAndThen(): void {
    const now = Date.now();
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    this.sweeping = this.db
      .delete(rateLimitCounts)
      .where(lt(rateLimitCounts.expiresAt, sql`now()`))
      .then(
        () => undefined,
        // A failed sweep leaves old rows for the next one; counting is unaffected.
        () => undefined,
      );
  }
}
