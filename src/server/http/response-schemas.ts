import type { RouteOptions } from 'fastify';

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
