import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fillMessage, serverMessages } from '../../common/messages';
import { HttpError } from './errors';

export type RateLimitCheck = (request: FastifyRequest, key?: string) => Promise<void>;

/**
 * A named limit of `max` attempts per window for a key: the client address by default, or a key
 * the route passes (the account's email or username). Throws the 429 with the wait in words.
 * Counted in the store http/rate-limit-store.ts chose (shared by every instance on Redis or
 * PostgreSQL); while that store is unreachable, in this process (decision 0038).
 */
export function createLimit(app: FastifyInstance, name: string, max: number, windowMs: number): RateLimitCheck {
  const keys = new WeakMap<FastifyRequest, string>();
  const storedKey = (request: FastifyRequest) => app.rateLimitKey(name, keys.get(request) ?? request.ip);
  const check = app.createRateLimit({ max, timeWindow: windowMs, keyGenerator: storedKey });
  const fallback = new ProcessCounts(windowMs);
  return async (request, key) => {
    if (key !== undefined) keys.set(request, key.trim().toLowerCase());
    let waitSeconds: number;
    try {
      const result = await check(request);
      app.rateLimitStoreOutage.succeeded();
      if (result.isAllowed || !result.isExceeded) return;
      waitSeconds = result.ttlInSeconds;
    } catch (err) {
      // Neither open (a Redis outage would let password guessing through) nor closed (nobody could
      // sign in): each instance holds the limit on its own until the shared store answers again.
      app.rateLimitStoreOutage.failed(err);
      const hit = fallback.hit(storedKey(request));
      if (hit.count <= max) return;
      waitSeconds = Math.max(1, Math.ceil(hit.ttlMs / 1000));
    }
    throw new HttpError(
      429,
      fillMessage(serverMessages.tooManyRequests, { wait: describeWait(waitSeconds) }),
      {},
      { 'retry-after': String(waitSeconds) },
    );
  };
}

/** How many events a key had in the current window, this one included. */
export type EventCount = (request: FastifyRequest, key: string) => Promise<number>;

// A ceiling no count reaches, so the store only counts and never refuses.
const COUNT_ONLY_MAX = 2 ** 31;

/**
 * Counts events per key in the same store as createLimit (or in this process while it is away) and
 * refuses nothing: the caller decides what a count means, as the sign-in back-off does with failed
 * passwords (auth/login-backoff.ts, decision 0060).
 */
export function createCounter(app: FastifyInstance, name: string, windowMs: number): EventCount {
  const keys = new WeakMap<FastifyRequest, string>();
  const storedKey = (request: FastifyRequest) => app.rateLimitKey(name, keys.get(request) ?? request.ip);
  const check = app.createRateLimit({ max: COUNT_ONLY_MAX, timeWindow: windowMs, keyGenerator: storedKey });
  const fallback = new ProcessCounts(windowMs);
  return async (request, key) => {
    keys.set(request, key.trim().toLowerCase());
    try {
      const result = await check(request);
      app.rateLimitStoreOutage.succeeded();
      return result.isAllowed ? 0 : COUNT_ONLY_MAX - result.remaining;
    } catch (err) {
      app.rateLimitStoreOutage.failed(err);
      return fallback.hit(storedKey(request)).count;
    }
  };
}

const MAX_PROCESS_KEYS = 10_000;

/** Fixed windows counted in this process, for while the shared store is away. */
class ProcessCounts {
  private readonly counts = new Map<string, { count: number; endsAt: number }>();

  constructor(private readonly windowMs: number) {}

  hit(key: string): { count: number; ttlMs: number } {
    const now = Date.now();
    if (this.counts.size >= MAX_PROCESS_KEYS) {
      for (const [old, entry] of this.counts) if (entry.endsAt <= now) this.counts.delete(old);
      // Still full: the oldest window goes, so an outage cannot grow memory without end.
      if (this.counts.size >= MAX_PROCESS_KEYS) this.counts.delete(this.counts.keys().next().value!);
    }
    let entry = this.counts.get(key);
    if (!entry || entry.endsAt <= now) {
      entry = { count: 0, endsAt: now + this.windowMs };
      this.counts.set(key, entry);
    }
    entry.count += 1;
    return { count: entry.count, ttlMs: entry.endsAt - now };
  }
}

/** A wait of under a minute in seconds ('1 second', '16 seconds'), a longer one as describeWait says it. */
export function describeShortWait(seconds: number): string {
  if (seconds >= 60) return describeWait(seconds);
  return seconds === 1 ? '1 second' : `${seconds} seconds`;
}

/** A wait in words for a 429: in minutes up to an hour ('60 minutes'), in whole hours beyond. */
export function describeWait(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes <= 60) return minutes === 1 ? '1 minute' : `${minutes} minutes`;
  const hours = Math.ceil(seconds / 3600);
  return `${hours} hours`;
}
