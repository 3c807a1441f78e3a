import { connect } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseSse } from '../../../tests/helpers/sse';
import { startFakeAiVendors, type FakeAiVendors } from '../../../tests/fakes/ai-vendors';
import { listen, visitor } from '../../../tests/faults/asking';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

// Issue 32, M4: an instance reached directly bounds how long a client may take to send a request and
// how long a connection may stay silent; a streamed answer may stay silent longer (http/timeouts.ts).
// Small bounds here so each case takes seconds: a request must be in within 2 s, an ordinary
// connection may be silent 1 s, a stream 3 s.

const REQUEST_MS = 2000;
const CONNECTION_IDLE_MS = 1000;
const STREAM_IDLE_MS = 3000;
/** Node looks for requests past their bound every half second here (checkingIntervalMs); and room for a busy machine. */
const SLACK_MS = 500 + 1500;

let fakes: FakeAiVendors;
let t: TestApp;
let port: number;

beforeAll(async () => {
  fakes = await startFakeAiVendors();
  t = await createTestApp({
    ...fakes.env,
    JUDGE_MODEL: 'local',
    MODEL_TIMEOUT_SECONDS: '10',
    REQUEST_TIMEOUT_SECONDS: String(REQUEST_MS / 1000),
    CONNECTION_TIMEOUT_SECONDS: String(CONNECTION_IDLE_MS / 1000),
    STREAM_IDLE_TIMEOUT_SECONDS: String(STREAM_IDLE_MS / 1000),
  });
  port = await listen(t);
});
afterEach(() => fakes.reset());
afterAll(async () => {
  await t?.close();
  await fakes?.stop();
});

interface Trickle {
  /** When the server closed the connection, in ms from the first byte; undefined if it was still open. */
  closedAfterMs?: number;
  /** What the server sent before closing. */
  received: string;
}

/**
 * Opens a raw connection, sends `head` and then `body` one byte every `everyMs`, faster than the
 * connection idle timeout but in all slower than the request bound; gives up after `watchMs`.
 */
function trickle(head: string, body: string, everyMs: number, watchMs: number): Promise<Trickle> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const started = performance.now();
    let received = '';
    let sent = 0;
    const timer = setInterval(() => {
      if (sent < body.length && !socket.destroyed) socket.write(body[sent++]!);
    }, everyMs);
    const giveUp = setTimeout(() => {
      clearInterval(timer);
      socket.removeAllListeners('close');
      socket.destroy();
      resolve({ received });
    }, watchMs);
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ closedAfterMs: performance.now() - started, received });
    });
    socket.write(head);
  });
}

describe('a client that sends its request too slowly', () => {
  it('sending the body a byte at a time is answered 408 and closed within the request bound', async () => {
    const body = JSON.stringify({ email: 'someone@example.com', password: 'x'.repeat(40) });
    const head =
      'POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/json\r\n' +
      `content-length: ${body.length}\r\n\r\n`;
    const result = await trickle(head, body, 300, REQUEST_MS + SLACK_MS + 2000);
    expect(result.closedAfterMs, 'the connection was still open').toBeDefined();
    expect(result.closedAfterMs!).toBeLessThan(REQUEST_MS + SLACK_MS);
    expect(result.received).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('sending the headers a byte at a time is answered 408 and closed within the request bound', async () => {
    const result = await trickle('GET /api/health/live HTTP/1.1\r\n', 'x-slow: ' + 'a'.repeat(100), 300, 6000);
    expect(result.closedAfterMs, 'the connection was still open').toBeDefined();
    expect(result.closedAfterMs!).toBeLessThan(REQUEST_MS + SLACK_MS);
    expect(result.received).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('a connection that sends nothing is closed once it has been idle for the connection bound', async () => {
    const result = await trickle('', '', 1000, 6000);
    expect(result.closedAfterMs, 'the connection was still open').toBeDefined();
    expect(result.closedAfterMs!).toBeLessThan(CONNECTION_IDLE_MS + SLACK_MS);
  });
});

/** A streamed question read over a real connection: its events, or how the connection broke. */
async function askStreaming(sessionId: string): Promise<{ events: ReturnType<typeof parseSse>; broke?: string }> {
  const response = await fetch(`http://127.0.0.1:${port}/api/query/stream`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ text: 'Capital of France?', sessionId, selectedModels: ['chatgpt'] }),
  });
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) text += decoder.decode(read.value);
  } catch (error) {
    const complete = text.slice(0, text.lastIndexOf('\n\n') + 2);
    return { events: parseSse(complete), broke: (error as Error).message };
  }
  return { events: parseSse(text) };
}

describe('a streamed answer', () => {
  it('may pause longer than the connection bound between its words, within the stream bound, and completes', async () => {
    // Silent 1.8 s before each word: past the connection bound, within the stream's.
    fakes.script('*', { chunks: ['Paris ', 'is ', 'the capital.'], chunkDelayMs: 1800 });
    const { sessionId } = await visitor(t.db);
    const { events, broke } = await askStreaming(sessionId);
    expect(broke).toBeUndefined();
    expect(events.filter((e) => e.type === 'delta').map((e) => (e as { text: string }).text)).toEqual([
      'Paris ',
      'is ',
      'the capital.',
    ]);
    expect(events.at(-1)?.type).toBe('query');
  });

  it('is cut once it has been silent for longer than the stream bound', async () => {
    fakes.script('*', { chunks: ['Paris ', 'is ', 'the capital.'], initialDelayMs: STREAM_IDLE_MS + 3000 });
    const { sessionId } = await visitor(t.db);
    const started = performance.now();
    const { events, broke } = await askStreaming(sessionId);
    expect(broke, 'the stream ran to its end').toBeDefined();
    expect(performance.now() - started).toBeLessThan(STREAM_IDLE_MS + SLACK_MS);
    expect(events.some((e) => e.type === 'delta')).toBe(false);
  });
});
