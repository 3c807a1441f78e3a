import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fillMessage, serverMessages } from '../../common/messages';
import { HttpError } from './errors';

export type RateLimitCheck = (request: FastifyRequest, key?: string) => Promise<void>;

/**
 * A named limit of `max` attempts per window for a key: the client address by default, or a key
 * the route passes (the account's email or username). Throws the 429 with the wait in words.
 */
export function createLimit(app: FastifyInstance, name: string, max: number, windowMs: number): RateLimitCheck {
  const keys = new WeakMap<FastifyRequest, string>();
  const check = app.createRateLimit({
    max,
    timeWindow: windowMs,
    keyGenerator: (request) => `${name}:${keys.get(request) ?? request.ip}`,
  });
  return async (request, key) => {
    if (key !== undefined) keys.set(request, key.trim().toLowerCase());
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      throw new HttpError(
        429,
        fillMessage(serverMessages.tooManyRequests, { wait: describeWait(result.ttlInSeconds) }),
        {},
        { 'retry-after': String(result.ttlInSeconds) },
      );
    }
  };
}

/** A wait in words for a 429: in minutes up to an hour ('60 minutes'), in whole hours beyond. */
export function describeWait(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes <= 60) return minutes === 1 ? '1 minute' : `${minutes} minutes`;
  const hours = Math.ceil(seconds / 3600);
  return `${hours} hours`;
}
