import type { RouteOptions } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';

// Every API route says what it answers (issue "One owner for every rule", item 3): its response
// schema, from src/common/, is the contract the client parses with, and Fastify serializes through
// it, so a field that should never leave the server cannot leak by being added to a row. A route
// without one stops the app at start-up, in every test. Static files and the page fallback are not
// API routes; a route that streams its own answer (Server-Sent Events) says so in its config.

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The handler writes the response itself (Server-Sent Events), so there is no JSON to describe. */
    streamsResponse?: true;
  }
}

const isApiRoute = (url: string) => url.startsWith('/api/') || url === '/stripe-webhook';

export function requireResponseSchema(route: RouteOptions): void {
  if (!isApiRoute(route.url) || route.schema?.response || route.config?.streamsResponse) return;
  throw new Error(
    `${String(route.method)} ${route.url} has no response schema: add schema.response with the ` +
      "contract's schema from src/common/ (or config.streamsResponse for a streamed answer).",
  );
}

/**
 * The zod serializer (fastify-type-provider-zod), run once per frozen answer. A frozen object cannot
 * change, so the JSON it gave is the JSON it gives: the cached reads (db/read-cache.ts) are frozen,
 * and a cached history of 50 questions is encoded once, not on every page load.
 */
export const serializerCompiler: typeof zodSerializerCompiler = (route) => {
  const serialize = zodSerializerCompiler(route);
  const encoded = new WeakMap<object, string>();
  return (data) => {
    if (data === null || typeof data !== 'object' || !Object.isFrozen(data)) return serialize(data);
    let json = encoded.get(data);
    if (json === undefined) {
      json = serialize(data);
      encoded.set(data, json);
    }
    return json;
  };
};
