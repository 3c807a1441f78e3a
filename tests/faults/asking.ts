import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { desc, eq } from 'drizzle-orm';
import type { StreamEvent } from '../../src/common/query-schemas';
import type { Database } from '../../src/server/db/client';
import { allowanceLedger, questionReservations, users } from '../../src/server/db/schema';
import { findOrCreateSessionUser } from '../../src/server/users/repository';
import { parseSse } from '../helpers/sse';
import type { TestApp } from '../helpers/test-app';

// What the fault tests share: a visitor with a known allowance, a question asked over a real socket
// that the "browser" can hang up on at any point, and what the database says afterwards.

export const QUESTION = 'What is the capital of France?';

export async function listen(t: TestApp): Promise<number> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return (t.app.server.address() as AddressInfo).port;
}

let visitors = 0;
/** An anonymous visitor whose session user exists with `free` questions; returns its session id and user id. */
export async function visitor(db: Database, free = 33) {
  const sessionId = `fault-visitor-${process.pid}-${++visitors}`;
  const user = await findOrCreateSessionUser(db, sessionId, free);
  return { sessionId, userId: user.id };
}

export async function freeLeft(db: Database, userId: number): Promise<number> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  return user!.freeQuestionsRemaining;
}

export async function reservationsOf(db: Database, userId: number) {
  return db.select().from(questionReservations).where(eq(questionReservations.userId, userId));
}

export async function ledgerReasons(db: Database, userId: number): Promise<string[]> {
  const rows = await db
    .select({ reason: allowanceLedger.reason })
    .from(allowanceLedger)
    .where(eq(allowanceLedger.userId, userId))
    .orderBy(desc(allowanceLedger.id));
  return rows.map((r) => r.reason).reverse();
}

export interface Hangup {
  /** The stream events the browser had read when it hung up (or all of them, if it never did). */
  events: StreamEvent[];
  hungUp: boolean;
  status: number;
}

/**
 * Asks on POST /api/query/stream over a real connection and hangs up (destroys the socket) as soon
 * as `hangUpWhen` says so for the events read so far; `hangUpWhen` also sees the status before any event.
 */
export function askOverSocket(
  port: number,
  body: { sessionId: string; selectedModels: string[]; text?: string },
  hangUpWhen: (events: StreamEvent[]) => boolean = () => false,
): Promise<Hangup> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/query/stream',
        method: 'POST',
        headers: { 'content-type': 'application/json' },
      },
      (response) => {
        let buffer = '';
        const events: StreamEvent[] = [];
        const finish = (hungUp: boolean) => resolve({ events, hungUp, status: response.statusCode ?? 0 });
        if (hangUpWhen(events)) {
          request.destroy();
          return finish(true);
        }
        response.setEncoding('utf8');
        response.on('data', (text: string) => {
          buffer += text;
          const end = buffer.lastIndexOf('\n\n');
          if (end < 0) return;
          const complete = buffer.slice(0, end + 2);
          buffer = buffer.slice(end + 2);
          for (const event of response.statusCode === 200 ? parseSse(complete) : []) {
            events.push(event);
            if (hangUpWhen(events)) {
              request.destroy();
              return finish(true);
            }
          }
        });
        response.on('end', () => finish(false));
        response.on('error', () => {});
      },
    );
    request.on('error', (error) => {
      if (!request.destroyed) reject(error);
    });
    request.end(JSON.stringify({ text: QUESTION, ...body }));
  });
}

/** Waits until `check` holds, polling; fails naming `what` if it does not within `withinMs`. */
export async function eventually(what: string, withinMs: number, check: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (await check()) return performance.now() - started;
    if (performance.now() - started > withinMs) throw new Error(`${what} did not happen within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** True once every reservation of the user is settled: the server is done with the question. */
export const settled = (db: Database, userId: number) => async () =>
  (await reservationsOf(db, userId)).every((r) => r.settledAt !== null);
