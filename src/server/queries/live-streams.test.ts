import { sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { fairUseMessages } from '../../common/fair-use-messages';
import { fillMessage } from '../../common/messages';
import { liveStreams } from '../db/schema';
import { HttpError } from '../http/errors';
import { StopRequested } from '../providers/stream-answer';
import { findOrCreateSessionUser } from '../users/repository';
import { createTestDatabase, type TestDatabase } from '../../../tests/helpers/test-app';
import { LiveStreams, PostgresStopRelay } from './live-streams';

// Stop orders between instances (issue 20, item 1; decision 0048): the instance that receives the
// stop may not hold the stream; PostgreSQL's NOTIFY carries the order to the one that does, and only
// for a stream the shared record says runs for the caller (issue 32). The same record counts each
// user's streams on every instance against the limit of questions in flight (decision 0059).

const postgresUrl = inject('postgresUrl');
const quiet = pino({ level: 'silent' });
const STALE_MS = 60_000;
let handle: TestDatabase;
const opened: LiveStreams[] = [];
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((streams) => streams.close()));
});
afterAll(async () => {
  await handle?.close();
});

async function instance(relayed: boolean, perUser = 3): Promise<LiveStreams> {
  const streams = new LiveStreams(
    handle.db,
    { perUser, staleAfterMs: STALE_MS, log: quiet },
    relayed ? new PostgresStopRelay(postgresUrl!, quiet) : null,
  );
  await streams.start();
  opened.push(streams);
  return streams;
}

let users = 0;
const newUser = async () => (await findOrCreateSessionUser(handle.db, `live-streams-${++users}`, 33)).id;
const running = () => new AbortController().signal;

const waitUntil = async (check: () => boolean, withinMs = 3000) => {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > withinMs) throw new Error('did not happen in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('one instance', () => {
  it('stops the named model only, and only for the stream owner', async () => {
    const streams = await instance(false);
    const [owner, stranger] = [await newUser(), await newUser()];
    const stream = await streams.open(owner, running());
    expect(await streams.stop({ streamId: stream.id, ownerId: stranger, model: null })).toBe('unknown');
    expect(await streams.stop({ streamId: stream.id, ownerId: owner, model: 'chatgpt' })).toBe('stopped');
    expect(stream.signalFor('chatgpt').reason).toBeInstanceOf(StopRequested);
    expect(stream.signalFor('claude').aborted).toBe(false);
    await stream.close();
    expect(await streams.stop({ streamId: stream.id, ownerId: owner, model: null })).toBe('unknown');
  });

  it('stopping every model stops each of them', async () => {
    const streams = await instance(false);
    const owner = await newUser();
    const stream = await streams.open(owner, running());
    expect(await streams.stop({ streamId: stream.id, ownerId: owner, model: null })).toBe('stopped');
    expect(stream.signalFor('chatgpt').reason).toBeInstanceOf(StopRequested);
    expect(stream.signalFor('gemini').reason).toBeInstanceOf(StopRequested);
  });

  it('lets the asker going away abort every model, with a reason that is not a stop', async () => {
    const streams = await instance(false);
    const gone = new AbortController();
    const stream = await streams.open(await newUser(), gone.signal);
    gone.abort(new Error('client disconnected'));
    expect(stream.signalFor('chatgpt').aborted).toBe(true);
    expect(stream.signalFor('chatgpt').reason).not.toBeInstanceOf(StopRequested);
  });
});

describe('questions in flight per user', () => {
  const refusal = (limit: number) =>
    expect.objectContaining({
      statusCode: 429,
      message: fillMessage(fairUseMessages.questionsInFlight, { limit }),
      headers: { 'retry-after': expect.stringMatching(/^\d+$/) },
    });

  it('twenty starts at once on two instances: exactly three run; one ending lets the next start', async () => {
    const [a, b] = [await instance(false), await instance(false)];
    const owner = await newUser();
    const starts = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).open(owner, running())),
    );
    const started = starts.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    expect(started).toHaveLength(3);
    for (const s of starts) if (s.status === 'rejected') expect(s.reason).toEqual(refusal(3));

    // Another user is not held back by this one.
    await (await a.open(await newUser(), running())).close();
    await started[0]!.close();
    const next = await b.open(owner, running());
    await expect(a.open(owner, running())).rejects.toBeInstanceOf(HttpError);
    await next.close();
  });

  it('a stream an instance left behind when it died stops counting once it is stale', async () => {
    const streams = await instance(false, 1);
    const owner = await newUser();
    await handle.db.insert(liveStreams).values({
      id: 'left-behind-by-a-dead-instance',
      userId: owner,
      startedAt: sql`now() - make_interval(secs => ${(STALE_MS + 1000) / 1000})`,
    });
    const stream = await streams.open(owner, running());
    await expect(streams.open(owner, running())).rejects.toEqual(refusal(1));
    await stream.close();
  });
});

describe.runIf(postgresUrl)('two instances on one PostgreSQL', () => {
  /** Every stop order NOTIFY carries while `run` runs, as a listening instance would receive them. */
  async function notified(run: () => Promise<void>): Promise<string[]> {
    const listener = new pg.Client({ connectionString: postgresUrl! });
    const payloads: string[] = [];
    await listener.connect();
    try {
      listener.on('notification', (message) => payloads.push(message.payload ?? ''));
      await listener.query('LISTEN parallax_stop_stream');
      await run();
      // A NOTIFY sent is delivered well within this; one never sent never is.
      await new Promise((resolve) => setTimeout(resolve, 300));
    } finally {
      await listener.end();
    }
    return payloads;
  }

  it('a stop sent to the other instance reaches the stream, for its owner only', async () => {
    const holder = await instance(true);
    const other = await instance(true);
    const [owner, stranger] = [await newUser(), await newUser()];
    const stream = await holder.open(owner, running());

    expect(await other.stop({ streamId: stream.id, ownerId: stranger, model: null })).toBe('unknown');
    expect(await other.stop({ streamId: stream.id, ownerId: owner, model: 'gemini' })).toBe('relayed');
    await waitUntil(() => stream.signalFor('gemini').aborted);
    expect(stream.signalFor('gemini').reason).toBeInstanceOf(StopRequested);
    // The stranger's order stopped nothing.
    expect(stream.signalFor('chatgpt').aborted).toBe(false);
  });

  it('a stop of a name no stream has, or of a finished stream, is unknown and notifies no instance', async () => {
    const holder = await instance(true);
    const other = await instance(true);
    const owner = await newUser();
    const finished = await holder.open(owner, running());
    await finished.close();
    const payloads = await notified(async () => {
      expect(await other.stop({ streamId: 'AAAAAAAAAAAAAAAAAAAAAA', ownerId: owner, model: null })).toBe('unknown');
      expect(await other.stop({ streamId: finished.id, ownerId: owner, model: null })).toBe('unknown');
    });
    expect(payloads).toEqual([]);
  });
});
