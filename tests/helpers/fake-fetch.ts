import { vi } from 'vitest';

// The browser's network boundary for component tests: answers `fetch` from a table of
// "METHOD /path" handlers and records every request, so a test can check what the page sent.

export interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
}

export type FakeResponse = { status?: number; json?: unknown; text?: string; delayMs?: number };
export type FakeHandler = (request: RecordedRequest) => FakeResponse | Promise<FakeResponse>;

export function installFakeFetch(handlers: Record<string, FakeHandler | FakeResponse>) {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const request = { method, path: url.pathname + url.search, body };
    requests.push(request);
    const handler = handlers[`${method} ${url.pathname}`] ?? handlers[`${method} ${url.pathname}${url.search}`];
    if (!handler)
      return new Response(JSON.stringify({ message: 'Not found' }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      });
    const answer = typeof handler === 'function' ? await handler(request) : handler;
    if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    if (answer.text !== undefined) return new Response(answer.text, { status: answer.status ?? 200 });
    return new Response(JSON.stringify(answer.json ?? {}), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests, fetchMock };
}
