import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { handleApi } from './stripe-routes';
import { FAKE_API_VERSION, type FakeStripeStore } from './stripe-store';
import { type Params, parseForm, randomToken, respondJson, StripeFakeError } from './stripe-wire';

// The /v1 request cycle: API-key check, Idempotency-Key replay, dispatch, Stripe's response
// headers, and a record of the request for tests to read back.

/** One /v1 request, as received and answered. */
export interface ReceivedStripeRequest {
  method: string;
  path: string;
  query: Params;
  /** The decoded form body (POST). */
  body: Params;
  rawBody: string;
  headers: IncomingHttpHeaders;
  idempotencyKey: string | undefined;
  apiKey: string | undefined;
  requestId: string;
  status: number;
  response: unknown;
  /** True when answered from the idempotency cache. */
  replayed: boolean;
  receivedAt: Date;
}

interface CachedResponse {
  fingerprint: string;
  status: number;
  body: unknown;
  requestId: string;
}

export interface ApiHandlerOptions {
  state: FakeStripeStore;
  /** Accepted secret keys; undefined = any test-mode key. */
  apiKeys: () => string[] | undefined;
  record: (request: ReceivedStripeRequest) => void;
  /** The hosted Checkout page of a session (its `url`). */
  payUrl: (sessionId: string) => string;
}

export class StripeApiHandler {
  private idempotency = new Map<string, CachedResponse>();

  constructor(private readonly options: ApiHandlerOptions) {}

  forgetIdempotencyKeys(): void {
    this.idempotency.clear();
  }

  handle(req: IncomingMessage, url: URL, rawBody: string, res: ServerResponse): void {
    const method = req.method ?? 'GET';
    const requestId = `req_${randomToken(14)}`;
    const query = parseForm(url.search.slice(1));
    const body = method === 'POST' ? parseForm(rawBody) : {};
    const idempotencyKey = header(req.headers, 'idempotency-key');
    const { apiKey, error: authError } = this.authenticate(req.headers.authorization);
    // Stripe scopes keys to the account (here: the API key) and compares the whole request.
    const cacheKey = `${apiKey}\n${idempotencyKey}`;
    const fingerprint = `${method} ${url.pathname}${url.search}\n${rawBody}`;
    const cached = method === 'POST' && idempotencyKey ? this.idempotency.get(cacheKey) : undefined;

    let status: number;
    let response: unknown;
    let replayed = false;
    if (authError) {
      [status, response] = [authError.status, authError.body];
    } else if (cached && cached.fingerprint !== fingerprint) {
      const error = new StripeFakeError(
        400,
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
        { type: 'idempotency_error' },
      );
      [status, response] = [error.status, error.body];
    } else if (cached) {
      [status, response, replayed] = [cached.status, cached.body, true];
    } else {
      [status, response] = this.execute(method, url.pathname, { ...query, ...body }, requestId, idempotencyKey);
      // Stripe keeps the result of a request that ran (success or decline), not of one it rejected.
      if (method === 'POST' && idempotencyKey && (status < 400 || status === 402)) {
        this.idempotency.set(cacheKey, { fingerprint, status, body: response, requestId });
      }
    }

    const headers: Record<string, string> = {
      'request-id': requestId,
      'stripe-version': header(req.headers, 'stripe-version') ?? FAKE_API_VERSION,
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      ...(replayed && cached ? { 'idempotent-replayed': 'true', 'original-request': cached.requestId } : {}),
      // A 500 here is a bug in the fake; retrying would only repeat it.
      ...(status >= 500 ? { 'stripe-should-retry': 'false' } : {}),
    };
    this.options.record({
      method,
      path: url.pathname,
      query,
      body,
      rawBody,
      headers: req.headers,
      idempotencyKey,
      apiKey,
      requestId,
      status,
      response,
      replayed,
      receivedAt: new Date(),
    });
    respondJson(res, status, response, headers);
  }

  private execute(
    method: string,
    path: string,
    params: Params,
    requestId: string,
    idempotencyKey: string | undefined,
  ): [number, unknown] {
    const state = this.options.state;
    state.request = { id: requestId, idempotencyKey: idempotencyKey ?? null };
    try {
      return [200, handleApi(state, method, path, params, this.options.payUrl)];
    } catch (error) {
      if (error instanceof StripeFakeError) return [error.status, error.body];
      const message = error instanceof Error ? error.message : String(error);
      return [500, { error: { type: 'api_error', message: `fake Stripe failed: ${message}` } }];
    } finally {
      state.request = null;
    }
  }

  private authenticate(authorization: string | undefined): { apiKey?: string; error?: StripeFakeError } {
    const bearer = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
    const basic = /^Basic\s+(\S+)$/i.exec(authorization ?? '')?.[1];
    const apiKey = bearer ?? (basic ? Buffer.from(basic, 'base64').toString('utf8').split(':')[0] : undefined);
    if (!apiKey) {
      return {
        error: new StripeFakeError(
          401,
          "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
        ),
      };
    }
    if (apiKey.startsWith('pk_')) {
      return {
        apiKey,
        error: new StripeFakeError(
          401,
          'This API call cannot be made with a publishable API key. Please use a secret API key.',
        ),
      };
    }
    const allowed = this.options.apiKeys();
    const accepted = allowed ? allowed.includes(apiKey) : /^(sk|rk)_test_\w+$/.test(apiKey);
    if (accepted) return { apiKey };
    // Stripe echoes the key masked: its prefix, stars, and the last four characters.
    const prefix = apiKey.slice(0, apiKey.indexOf('_', 3) + 1);
    const masked = `${prefix}${'*'.repeat(Math.max(apiKey.length - prefix.length - 4, 4))}${apiKey.slice(-4)}`;
    return { apiKey, error: new StripeFakeError(401, `Invalid API Key provided: ${masked}`) };
  }
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}
