import type { ServerOptions } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

// Bounds on a client's connection (issue 32, M4; docs/operations.md, "Security notes"). Reached
// directly (HOST=0.0.0.0, no proxy in front), an instance otherwise kept any connection for as long as
// the client liked: a body sent one byte every 20 s held a socket for good. Node has three clocks:
// - requestTimeout: from the first byte of a request until the whole of it (headers and body) has
//   arrived. This is what ends a slow body, however regularly its bytes trickle in. It stops once the
//   request is in, so it never cuts an answer, streamed or not.
// - headersTimeout: the same for the headers alone.
// - the socket's idle timeout (Fastify's connectionTimeout): no byte read or written for that long,
//   which ends a client that stopped reading, or a connection that sends nothing at all.
// A streamed answer (Server-Sent Events) can fall silent for as long as a model thinks before its first
// word, or the comparison runs after the last one: its connection gets the longer stream idle timeout
// instead of the ordinary one.

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route answers a question without streaming: it may stay silent while the models answer, so
     * it gets the stream idle timeout, as the streamed routes (config.streamsResponse) do.
     */
    answersAtLength?: true;
  }
}

export type HttpTimeouts = Config['httpTimeouts'];

/**
 * How often Node looks for requests past requestTimeout or headersTimeout (its default, 30 s, would
 * let a slow request live up to 30 s past its bound); a pass over the open connections is cheap.
 */
export function checkingIntervalMs({ requestMs }: HttpTimeouts): number {
  return Math.min(5_000, Math.max(250, Math.floor(requestMs / 4)));
}

/** The Fastify server options that set the three clocks. */
export function serverTimeoutOptions(timeouts: HttpTimeouts) {
  const http: ServerOptions = {
    requestTimeout: timeouts.requestMs,
    // Node refuses a headers bound above the request's; its own default is 60 s.
    headersTimeout: Math.min(60_000, timeouts.requestMs),
    connectionsCheckingInterval: checkingIntervalMs(timeouts),
  };
  return { requestTimeout: timeouts.requestMs, connectionTimeout: timeouts.connectionIdleMs, http };
}

/**
 * Gives the connections of the routes that answer at length the stream idle timeout, from the moment
 * their request arrives. A kept-alive connection gets the ordinary one back with its next request
 * (Node resets it after the keep-alive wait).
 */
export function allowStreamsToIdle(app: FastifyInstance, timeouts: HttpTimeouts): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const config = request.routeOptions.config;
    // Requests injected in tests have a stand-in socket without timers.
    if (config.streamsResponse || config.answersAtLength) request.raw.socket?.setTimeout?.(timeouts.streamIdleMs);
    done();
  });
}
