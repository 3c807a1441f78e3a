import pino from 'pino';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { StopRequested } from '../providers/stream-answer';
import { LiveStreams, PostgresStopRelay } from './live-streams';

// Stop orders between instances (issue 20, item 1; decision 0048): the instance that receives the
// stop may not hold the stream; PostgreSQL's NOTIFY carries the order to the one that does.

const postgresUrl = inject('postgresUrl');
const quiet = pino({ level: 'silent' });
const opened: LiveStreams[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((streams) => streams.close()));
});

async function instance(relayed: boolean): Promise<LiveStreams> {
  const streams = new LiveStreams(relayed ? new PostgresStopRelay(postgresUrl!, quiet) : null);
  await streams.start();
  opened.push(streams);
  return streams;
}

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
    const stream = streams.open(7, ['chatgpt', 'claude'], new AbortController().signal);
    expect(await streams.stop({ streamId: stream.id, ownerId: 8, model: null })).toBe('unknown');
    expect(await streams.stop({ streamId: stream.id, ownerId: 7, model: 'chatgpt' })).toBe('stopped');
    expect(stream.signalFor('chatgpt').reason).toBeInstanceOf(StopRequested);
    expect(stream.signalFor('claude').aborted).toBe(false);
    stream.close();
    expect(await streams.stop({ streamId: stream.id, ownerId: 7, model: null })).toBe('unknown');
  });

  it('lets the asker going away abort every model, with a reason that is not a stop', async () => {
    const streams = await instance(false);
    const gone = new AbortController();
    const stream = streams.open(7, ['chatgpt'], gone.signal);
    gone.abort(new Error('client disconnected'));
    expect(stream.signalFor('chatgpt').aborted).toBe(true);
    expect(stream.signalFor('chatgpt').reason).not.toBeInstanceOf(StopRequested);
  });
});

describe.runIf(postgresUrl)('two instances on one PostgreSQL', () => {
  it('a stop sent to the other instance reaches the stream, for its owner only', async () => {
    const holder = await instance(true);
    const other = await instance(true);
    const stream = holder.open(42, ['chatgpt', 'gemini'], new AbortController().signal);

    expect(await other.stop({ streamId: stream.id, ownerId: 43, model: null })).toBe('relayed');
    expect(await other.stop({ streamId: stream.id, ownerId: 42, model: 'gemini' })).toBe('relayed');
    await waitUntil(() => stream.signalFor('gemini').aborted);
    expect(stream.signalFor('gemini').reason).toBeInstanceOf(StopRequested);
    // The stranger's order, sent first, stopped nothing.
    expect(stream.signalFor('chatgpt').aborted).toBe(false);
  });
});
