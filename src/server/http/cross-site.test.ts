import { beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_PATH } from '../../common/admin-settings-schemas';
import { EMERGENCY_TOKEN_HEADER } from '../../common/emergency-schemas';
import { serverMessages } from '../../common/messages';
import { getMe, relaxedRateLimits } from '../../../tests/helpers/accounts';
import { signInAdmin, type SignedInAdmin } from '../../../tests/helpers/admins';
import { concreteUrl, servedRoutes, type ServedRoute } from '../../../tests/helpers/served-routes';
import { useTestApp } from '../../../tests/helpers/test-app';

// Cross-site requests (issue item 7, decision 0017): every state-changing route the app serves, read
// from Fastify's route tree, refuses another site's request before its handler runs, even with an
// administrator's cookie; the app's own pages still get through.

const TOKEN = 'cross-site-emergency-token-0123456789ab';
const APP_ORIGIN = 'http://parallax.test';
const t = useTestApp({ ...relaxedRateLimits, EMERGENCY_ADMIN_TOKEN: TOKEN });

let admin: SignedInAdmin;
beforeAll(async () => {
  admin = await signInAdmin(t.app, t.db);
});

type Method = 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const stateChanging = () =>
  servedRoutes(t.app).filter(
    (r): r is ServedRoute & { method: Method } =>
      !['GET', 'HEAD', 'OPTIONS'].includes(r.method) && r.url !== WEBHOOK_PATH,
  );

function call(route: ServedRoute, headers: Record<string, string>, payload?: string | object) {
  return t.app.inject({
    method: route.method as Method,
    url: concreteUrl(route.url),
    // The admin's session and the break-glass token: only the request's origin can be what refuses it.
    headers: { cookie: admin.cookie, [EMERGENCY_TOKEN_HEADER]: TOKEN, ...headers },
    ...(payload !== undefined && { payload }),
  });
}

const crossSite: Array<[string, Record<string, string>]> = [
  ['another port of the same host', { origin: 'http://parallax.test:8080' }],
  ['a subdomain (same site)', { origin: 'http://evil.parallax.test' }],
  ['https of the same host', { origin: 'https://parallax.test' }],
  ['another site', { origin: 'https://evil.example' }],
  ['an opaque origin', { origin: 'null' }],
  ['a malformed origin', { origin: 'not a url' }],
  ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }],
  ['Sec-Fetch-Site same-site', { 'sec-fetch-site': 'same-site' }],
  [
    'a same-origin Sec-Fetch-Site beside a foreign Origin',
    { origin: 'https://evil.example', 'sec-fetch-site': 'same-origin' },
  ],
];

describe('state-changing routes', () => {
  it('include every kind the issue names', () => {
    const names = stateChanging().map((r) => `${r.method} ${r.url}`);
    expect(names.length).toBeGreaterThan(30);
    expect(names).toEqual(
      expect.arrayContaining([
        'POST /api/billing/terminate-subscription',
        'POST /api/billing/resume-subscription',
        'POST /api/admin/generate-webhook-key',
        'POST /api/admin/users/:id/reset-password',
        'POST /api/admin/login-as/:id',
        'POST /api/create-emergency-admin',
        'DELETE /api/history/:sessionId',
        'PUT /api/admin/users/:id',
      ]),
    );
  });

  it.each(crossSite)('refuse a request from %s with 403 before the handler', async (_name, headers) => {
    for (const route of stateChanging()) {
      for (const payload of [undefined, {}]) {
        const res = await call(route, headers, payload);
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
        expect(res.json()).toEqual({ message: serverMessages.crossSiteRefused });
        expect(res.cookies, `${route.method} ${route.url}`).toHaveLength(0);
      }
    }
  });

  it('refuse what an HTML form can send without a preflight (text/plain, urlencoded, multipart) with 415', async () => {
    const forms: Array<[string, string]> = [
      ['text/plain', '{"userId":1}'],
      ['text/plain;charset=UTF-8', 'a=b'],
      ['application/x-www-form-urlencoded', 'userId=1'],
      ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n'],
    ];
    for (const route of stateChanging()) {
      for (const [type, body] of forms) {
        // No Origin: what an old browser, or a form the Origin check missed, would send.
        const res = await call(route, { 'content-type': type }, body);
        expect(res.statusCode, `${route.method} ${route.url} ${type}`).toBe(415);
        expect(res.json()).toEqual({ message: serverMessages.jsonRequired });
      }
      const untyped = await t.app.inject({
        method: route.method as Method,
        url: concreteUrl(route.url),
        headers: { cookie: admin.cookie, 'content-length': '2' },
        payload: Buffer.from('{}'),
      });
      expect(untyped.statusCode, `${route.method} ${route.url} without a type`).toBe(415);
    }
  });

  it('changed nothing while refusing: the admin is still signed in, the webhook key unchanged', async () => {
    const before = await t.app.inject({
      method: 'GET',
      url: '/api/admin/webhook-key',
      headers: { cookie: admin.cookie },
    });
    expect(before.statusCode).toBe(200);
    for (const route of stateChanging()) await call(route, { origin: 'https://evil.example' });
    expect((await getMe(t.app, admin.cookie)).statusCode).toBe(200);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/admin/webhook-key',
      headers: { cookie: admin.cookie },
    });
    expect(after.json()).toEqual(before.json());
  });

  it("let the app's own pages through: APP_URL's origin, the Host's origin, Sec-Fetch-Site same-origin or none, and no header at all", async () => {
    const own: Array<Record<string, string>> = [
      { origin: APP_ORIGIN },
      { origin: 'http://127.0.0.1:5173', host: '127.0.0.1:5173' },
      { origin: 'http://localhost:80', host: 'localhost' },
      { 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'none' },
      {},
    ];
    for (const headers of own) {
      const res = await t.app.inject({ method: 'POST', url: '/api/subscription-check', headers, payload: {} });
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
    }
  });

  it('reach their handlers from the own origin, with a JSON body or none', async () => {
    // Last, because the handlers really run (logout, deletes): only the guard's answers matter here.
    for (const route of stateChanging()) {
      for (const payload of [undefined, {}]) {
        const res = await call(route, { origin: APP_ORIGIN, 'sec-fetch-site': 'same-origin' }, payload);
        const refusal = [serverMessages.crossSiteRefused, serverMessages.jsonRequired];
        expect(refusal, `${route.method} ${route.url}: ${res.statusCode} ${res.body}`).not.toContain(
          res.json().message,
        );
      }
    }
  });
});

describe('other requests', () => {
  it('a cross-site read is not refused (it changes nothing and the browser keeps the answer from the other site)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('the Stripe webhook is exempt: Stripe sends its own body type from its own origin and is checked by signature', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: WEBHOOK_PATH,
      headers: {
        origin: 'https://stripe.com',
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': 'x',
      },
      payload: '{}',
    });
    expect(res.statusCode).not.toBe(403);
    expect(res.statusCode).not.toBe(415);
  });

  it('a JSON content type with an empty body is treated as no body, not as malformed JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/subscription-check',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
  });
});
