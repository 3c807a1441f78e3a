import { createHmac, hkdfSync } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { anonymousLimitMessages } from '../../common/anonymous-limit-messages';
import { fillMessage } from '../../common/messages';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { anonymousUsage } from '../db/schema';
import { HttpError } from '../http/errors';
import { describeWait } from '../http/rate-limit';

// Caps on anonymous use (issue item 6, decision 0022). A session id is the browser's own choice, so
// it bounds nothing: these caps count per client address (as a keyed hash, never the address) and for
// all anonymous visitors together, in the database so every instance shares them.

const DAY_MS = 24 * 60 * 60_000;
const HOUR_MS = 60 * 60_000;
const CLEANUP_EVERY_MS = HOUR_MS;

export type AnonymousLimitSettings = Config['anonymousLimits'];

interface Counter {
  scope: string;
  cap: number;
  windowMs: number;
  message: string;
  /** What the 429's body says besides the message: an anonymous visitor is asked to sign up. */
  extra?: Record<string, unknown>;
}

/** A question's counts, taken before it is charged; `release` gives them back if it is refused after all. */
export interface Admission {
  release(): Promise<void>;
}

const windowStart = (now: number, windowMs: number) => new Date(Math.floor(now / windowMs) * windowMs);

export class AnonymousLimits {
  private readonly addressKey: Buffer;
  private lastCleanup = 0;

  constructor(
    private readonly db: Database,
    private readonly limits: AnonymousLimitSettings,
    appSecret: string,
  ) {
    this.addressKey = Buffer.from(hkdfSync('sha256', appSecret, 'parallax-anonymous-address', 'hmac-sha256', 32));
  }

  /** The address as stored: an HMAC under a key derived from APP_SECRET, so the table holds no address. */
  addressHash(ip: string): string {
    return createHmac('sha256', this.addressKey).update(ip).digest('base64url');
  }

  /**
   * Counts a new anonymous session from this address; 429 when the address started its day's share.
   * Counted once per session id: the first questions of one new session sent at once are one new
   * session, not several (issue 32).
   */
  async admitNewSession(request: FastifyRequest, sessionId: string): Promise<void> {
    await this.take(
      [
        {
          scope: `sessions:${this.addressHash(request.ip)}`,
          cap: this.limits.sessionsPerAddressPerDay,
          windowMs: DAY_MS,
          message: anonymousLimitMessages.addressSessions,
        },
      ],
      `session:${this.addressHash(sessionId)}`,
    );
  }

  /**
   * Counts an anonymous question for its address and for everyone this hour, both or neither. An
   * account whose email is not verified yet (`unverified`) is counted on the same counters, and told
   * to verify rather than to sign up (decision 0060).
   */
  async admitQuestion(request: FastifyRequest, { unverified = false } = {}): Promise<Admission> {
    const unverifiedRefusal = unverified
      ? { message: anonymousLimitMessages.unverifiedAddressQuestions, extra: { verificationRequired: true } }
      : {};
    const counters: Counter[] = [
      {
        scope: `questions:${this.addressHash(request.ip)}`,
        cap: this.limits.questionsPerAddressPerDay,
        windowMs: DAY_MS,
        message: anonymousLimitMessages.addressQuestions,
        ...unverifiedRefusal,
      },
      {
        scope: 'questions:all',
        cap: this.limits.questionsPerHour,
        windowMs: HOUR_MS,
        message: anonymousLimitMessages.busy,
        ...unverifiedRefusal,
      },
    ];
    const taken = await this.take(counters);
    return { release: () => this.giveBack(taken) };
  }

  /**
   * Counts a registration from this address; false once the address has had its day's share of new
   * accounts with free questions, so the caller opens the account without any (decision 0060).
   */
  async admitFreeAccount(request: FastifyRequest): Promise<boolean> {
    try {
      await this.take([
        {
          scope: `free-accounts:${this.addressHash(request.ip)}`,
          cap: this.limits.freeAccountsPerAddressPerDay,
          windowMs: DAY_MS,
          message: anonymousLimitMessages.addressSessions,
        },
      ]);
      return true;
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 429) return false;
      throw error;
    }
  }

  /**
   * How many questions this address may still ask anonymously today, or null when that cap is off.
   * A session's own count can be higher (a fresh session id starts full): the lower one is the truth.
   */
  async questionsLeftToday(request: FastifyRequest): Promise<number | null> {
    const cap = this.limits.questionsPerAddressPerDay;
    if (cap <= 0) return null;
    const [row] = await this.db
      .select({ count: anonymousUsage.count })
      .from(anonymousUsage)
      .where(
        and(
          eq(anonymousUsage.scope, `questions:${this.addressHash(request.ip)}`),
          eq(anonymousUsage.windowStart, windowStart(Date.now(), DAY_MS)),
        ),
      );
    return Math.max(0, cap - (row?.count ?? 0));
  }

  /**
   * Raises every counter by one in one transaction, each with a single upsert that only raises a
   * count still below its cap: concurrent requests cannot pass a cap, and a refusal by one counter
   * rolls back the others.
   */
  private async take(counters: Counter[], once?: string): Promise<Array<{ scope: string; windowStart: Date }>> {
    const now = Date.now();
    const active = counters.filter((c) => c.cap > 0);
    const taken = active.map((c) => ({ scope: c.scope, windowStart: windowStart(now, c.windowMs) }));
    if (active.length === 0) return taken;
    await this.db.transaction(async (tx) => {
      // `once` names what is counted at most once a day. Its marker row is written in this transaction:
      // a parallel request with the same name waits for it, then finds it and takes nothing; a refusal
      // rolls the marker back with the counts.
      if (once) {
        const [first] = await tx
          .insert(anonymousUsage)
          .values({ scope: once, windowStart: windowStart(now, DAY_MS), count: 1 })
          .onConflictDoNothing()
          .returning({ count: anonymousUsage.count });
        if (!first) return;
      }
      for (const [i, counter] of active.entries()) {
        const start = taken[i]!.windowStart;
        const [row] = await tx
          .insert(anonymousUsage)
          .values({ scope: counter.scope, windowStart: start, count: 1 })
          .onConflictDoUpdate({
            target: [anonymousUsage.scope, anonymousUsage.windowStart],
            set: { count: sql`${anonymousUsage.count} + 1` },
            setWhere: lt(anonymousUsage.count, counter.cap),
          })
          .returning({ count: anonymousUsage.count });
        if (!row) {
          const waitSeconds = Math.max(1, Math.ceil((start.getTime() + counter.windowMs - now) / 1000));
          throw new HttpError(
            429,
            fillMessage(counter.message, { wait: describeWait(waitSeconds) }),
            counter.extra ?? { signUpRequired: true },
            { 'retry-after': String(waitSeconds) },
          );
        }
      }
    });
    await this.forgetOldWindows(now);
    return taken;
  }

  private async giveBack(taken: Array<{ scope: string; windowStart: Date }>): Promise<void> {
    for (const { scope, windowStart: start } of taken) {
      await this.db
        .update(anonymousUsage)
        .set({ count: sql`${anonymousUsage.count} - 1` })
        .where(
          and(eq(anonymousUsage.scope, scope), eq(anonymousUsage.windowStart, start), sql`${anonymousUsage.count} > 0`),
        );
    }
  }

  /** Yesterday's windows mean nothing any more; dropped now and then so the table stays small. */
  private async forgetOldWindows(now: number): Promise<void> {
    if (now - this.lastCleanup < CLEANUP_EVERY_MS) return;
    this.lastCleanup = now;
    await this.db.delete(anonymousUsage).where(lt(anonymousUsage.windowStart, new Date(now - 2 * DAY_MS)));
  }
}
