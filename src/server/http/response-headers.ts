import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config';

type Header = [name: string, value: string];

/**
 * The pages' security headers (docs/architecture.md, "Security rules"). None depends on the request,
 * so helmet runs once, against a stand-in response, and every page gets the headers it set: running
 * helmet's middleware chain per request cost a tenth of a cached signed-in call (docs/performance.md).
 */
export function pageSecurityHeaders(config: Config): Header[] {
  const https = config.appUrl.startsWith('https://');
  const middleware = helmet({
    contentSecurityPolicy: {
      directives: {
        // Stripe.js and its Payment Element frames (billing issue) are the only outside origins.
        scriptSrc: ["'self'", 'https://js.stripe.com'],
        frameSrc: ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'],
        connectSrc: ["'self'", 'https://api.stripe.com'],
        imgSrc: ["'self'", 'data:', 'https://*.stripe.com'],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    strictTransportSecurity: https,
  });
  const headers: Header[] = [];
  const standIn = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers.push([name.toLowerCase(), String(value)]);
    },
    removeHeader: () => {},
  };
  let failure: unknown;
  middleware({} as never, standIn as never, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return headers;
}

/**
 * The API's answers are JSON, never a document, so they carry the short list OWASP gives for APIs,
 * stricter than the pages' (decision 0030): nothing may load from them or frame them, no sniffing, no
 * referrer, no reading by other origins, no shared cache (they carry accounts and allowances).
 */
export function apiSecurityHeaders(page: Header[]): Header[] {
  const headers: Header[] = [
    ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
    ['x-content-type-options', 'nosniff'],
    ['x-frame-options', 'DENY'],
    ['referrer-policy', 'no-referrer'],
    ['cross-origin-resource-policy', 'same-origin'],
    ['cache-control', 'no-store'],
  ];
  // HSTS is the same for both, and only set over https.
  const hsts = page.find(([name]) => name === 'strict-transport-security');
  if (hsts) headers.push(hsts);
  return headers;
}

/**
 * Every answer's fixed headers in one synchronous hook (a hook on every request: no promise): the
 * security headers of a page or of the API, and the request id, a caller's or load balancer's, so
 * one request can be followed across services.
 */
export function addResponseHeaders(app: FastifyInstance, config: Config): void {
  const page = pageSecurityHeaders(config);
  const api = apiSecurityHeaders(page);
  app.addHook('onRequest', (request, reply, done) => {
    for (const [name, value] of request.url.startsWith('/api/') ? api : page) reply.header(name, value);
    reply.header('x-request-id', request.id);
    done();
  });
}
