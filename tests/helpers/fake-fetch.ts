import { vi } from 'vitest';

// The browser's network boundary for component tests: answers `fetch` from a table of
// "METHOD /path" handlers and records every request, so a test can check what the page sent.

export interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
  /**
   * When the page sent it (performance.now()). A test of a delay compares these: a timer never fires
   * early, so "at least N ms after" holds on any machine, where "not within N ms of wall time" does not.
   * Not enumerable, so a test that compares what was sent compares method, path and body.
   */
  at: number;
}

export type FakeResponse = {
  status?: number;
  json?: unknown;
  text?: string;
  delayMs?: number;
  /** Extra response headers, e.g. X-Total-Count on a paged list. */
  headers?: Record<string, string>;
};
/** A handler may also answer with a real Response, e.g. a streamed body from `sseStream()`. */
export type FakeHandler = (request: RecordedRequest) => FakeResponse | Response | Promise<FakeResponse | Response>;

export function installFakeFetch(handlers: Record<string, FakeHandler | FakeResponse>) {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const request = Object.defineProperty({ method, path: url.pathname + url.search, body }, 'at', {
      value: performance.now(),
      enumerable: false,
    }) as RecordedRequest;
    requests.push(request);
    const handler = handlers[`${method} ${url.pathname}`] ?? handlers[`${method} ${url.pathname}${url.search}`];
    if (!handler)
      return new Response(JSON.stringify({ message: 'Not found' }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      });
    const answer = typeof handler === 'function' ? await handler(request) : handler;
    if (answer instanceof Response) return answer;
    if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    if (answer.text !== undefined)
      return new Response(answer.text, { status: answer.status ?? 200, headers: answer.headers });
    return new Response(JSON.stringify(answer.json ?? {}), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json', ...answer.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests, fetchMock };
}

/**
 * An answer held back until the test calls `release()`, so a test can look at the page while the
 * request is in flight ("Updating...", a disabled button) however fast or slow the machine is.
 */
export function heldResponse(response: FakeResponse) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const handler: FakeHandler = async () => {
    await released;
    return response;
  };
  return { handler, release };
}

/**
 * A Server-Sent Events body the test writes to as it goes: `send` one event (`event: <type>` and
 * `data: <json>`), `close` to end the stream. `response()` is what a handler returns.
 */
export function sseStream() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return {
    response: () => new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    send(event: { type: string } & Record<string, unknown>) {
      controller.enqueue(encoder.encode(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`));
    },
    /** Raw text, for frames split across chunks. */
    write(text: string) {
      controller.enqueue(encoder.encode(text));
    },
    close() {
      controller.close();
    },
  };
}
