import type { FastifyInstance, FastifyRequest } from 'fastify';
import { WEBHOOK_PATH } from '../../common/admin-settings-schemas';
import { serverMessages } from '../../common/messages';
import { HttpError } from './errors';

// Cross-site request refusal (docs/architecture.md, "Security rules"; decision 0017). SameSite=Lax still sends the
// session cookie from another port or subdomain of the same site, and a plain HTML form may POST
// text/plain or form bodies without any preflight, so every state-changing request must prove it
// comes from the app's own pages: by Origin, else by Sec-Fetch-Site.

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
// Same-origin fetches, and 'none' for what the user typed or bookmarked themselves.
const TRUSTED_FETCH_SITES = new Set(['same-origin', 'none']);

/** Stripe signs its webhook calls and sends no browser headers: the signature is its proof. */
const exempt = (request: FastifyRequest) => request.routeOptions.url === WEBHOOK_PATH;

function originOf(value: string): string | null {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/**
 * The origins the app's own pages may have: the configured public one (APP_URL, which is what a
 * browser shows behind a TLS proxy), and the one this request was addressed to (the Vite dev proxy
 * keeps the browser's Host; 127.0.0.1 and localhost are different origins but both are this app).
 */
function isOwnOrigin(request: FastifyRequest, origin: string, appOrigin: string | null): boolean {
  const given = originOf(origin);
  if (given === null) return false;
  return given === appOrigin || given === originOf(`${request.protocol}://${request.host}`);
}

function mediaType(request: FastifyRequest): string | undefined {
  const header = request.headers['content-type'];
  return header === undefined ? undefined : header.split(';')[0]!.trim().toLowerCase();
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** Refuses cross-site state changes with 403 and non-JSON bodies with 415, before any handler or body parser runs. */
export function refuseCrossSiteRequests(app: FastifyInstance, appUrl: string) {
  const appOrigin = originOf(appUrl);

  // Synchronous: a hook on every request, so no promise for the GETs it lets straight through.
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method) || exempt(request)) return done();
    try {
      checkStateChange(request, appOrigin);
      done();
    } catch (error) {
      done(error as Error);
    }
  });

  // Fastify parses text/plain by default; no call of ours takes it.
  app.removeContentTypeParser('text/plain');
  // `content-type: application/json` with no body (curl -X POST -H ...) means "no body", not a 400.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}

function checkStateChange(request: FastifyRequest, appOrigin: string | null): void {
  const origin = request.headers.origin;
  if (origin !== undefined) {
    // 'null' comes from sandboxed frames, data: URLs and some redirects: never the app's own page.
    if (origin === 'null' || !isOwnOrigin(request, origin, appOrigin)) refuse(request, 'origin');
  } else {
    const site = request.headers['sec-fetch-site'];
    if (site !== undefined && !TRUSTED_FETCH_SITES.has(site)) refuse(request, 'sec-fetch-site');
  }

  // A form can send text/plain, urlencoded or multipart bodies without a preflight; JSON it cannot.
  const type = mediaType(request);
  if (type === undefined ? hasBody(request) : type !== 'application/json') {
    throw new HttpError(415, serverMessages.jsonRequired);
  }
}

function refuse(request: FastifyRequest, reason: 'origin' | 'sec-fetch-site'): never {
  request.log.warn(
    { origin: request.headers.origin ?? null, secFetchSite: request.headers['sec-fetch-site'] ?? null, reason },
    'cross-site request refused',
  );
  throw new HttpError(403, serverMessages.crossSiteRefused);
}
