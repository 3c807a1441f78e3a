import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelCatalogue } from '../../common/models';
import { startFakeAiVendors, type FakeAiVendors } from '../../../tests/fakes/ai-vendors';
import { registerAccount, uniqueAccount } from '../../../tests/helpers/accounts';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

// The security headers every answer carries (docs/architecture.md, "Security rules"). Pages: a content
// security policy that lets in Stripe.js and its frames and nothing else from outside, no framing by
// other sites, no MIME sniffing, no referrer. API answers, JSON and never a document: a policy that
// lets nothing load and nothing frame them, no sniffing, no referrer, no reading by other origins and
// no caching (decision 0030). HSTS and the upgrade of insecure requests only over https.

/** A signed-in user's cookie, made through the real register and login routes. */
async function signIn(app: TestApp): Promise<string> {
  return (await registerAccount(app.app, uniqueAccount('headers'))).cookie;
}

describe('security headers', () => {
  let http: TestApp;
  let https: TestApp;
  beforeAll(async () => {
    http = await createTestApp({ APP_URL: 'http://parallax.test' });
    https = await createTestApp({ APP_URL: 'https://parallax.example' });
  });
  afterAll(async () => {
    await http.close();
    await https.close();
  });

  const directivesOf = (header: unknown) =>
    Object.fromEntries(
      String(header)
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values.join(' ')]),
    );

  it('lets in Stripe and nothing else from outside on pages', async () => {
    for (const url of ['/', '/pricing', '/assets/index.js']) {
      const res = await http.app.inject({ method: 'GET', url });
      const csp = directivesOf(res.headers['content-security-policy']);
      expect(csp['default-src'], url).toBe("'self'");
      expect(csp['script-src'], url).toBe("'self' https://js.stripe.com");
      expect(csp['frame-src'], url).toBe("'self' https://js.stripe.com https://hooks.stripe.com");
      expect(csp['connect-src'], url).toBe("'self' https://api.stripe.com");
      expect(csp['img-src'], url).toBe("'self' data: https://*.stripe.com");
      expect(csp['frame-ancestors'], url).toBe("'self'");
      expect(csp['object-src'], url).toBe("'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(res.headers['cross-origin-opener-policy'], url).toBe('same-origin');
    }
  });

  it('lets nothing load from or frame an API answer, on success and on error alike', async () => {
    const cookie = await signIn(http);
    for (const [url, status] of [
      ['/api/health', 200],
      ['/api/me', 200],
      ['/api/history/security-headers-session', 200],
      ['/api/no-such-call', 404],
    ] as const) {
      const res = await http.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.statusCode, url).toBe(status);
      expect(directivesOf(res.headers['content-security-policy']), url).toEqual({
        'default-src': "'none'",
        'frame-ancestors': "'none'",
      });
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(res.headers['cache-control'], url).toBe('no-store');
      expect(res.headers['x-request-id'], url).toMatch(/^[0-9a-f-]{36}$/);
    }
    const withoutSession = await http.app.inject({ method: 'GET', url: '/api/me' });
    expect(withoutSession.statusCode).toBe(401);
    expect(withoutSession.headers['x-frame-options']).toBe('DENY');
  });

  it('asks for https only when the app is served over https', async () => {
    const plain = await http.app.inject({ method: 'GET', url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    expect(directivesOf(plain.headers['content-security-policy'])).not.toHaveProperty('upgrade-insecure-requests');

    const secure = await https.app.inject({ method: 'GET', url: '/' });
    expect(secure.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(directivesOf(secure.headers['content-security-policy'])).toHaveProperty('upgrade-insecure-requests');
    const secureApi = await https.app.inject({ method: 'GET', url: '/api/health' });
    expect(secureApi.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    const plainApi = await http.app.inject({ method: 'GET', url: '/api/health' });
    expect(plainApi.headers['strict-transport-security']).toBeUndefined();
  });

  it('gives a streamed answer the same headers, its request id and no-store', async () => {
    const fakes: FakeAiVendors = await startFakeAiVendors();
    const streaming = await createTestApp({ ...fakes.env, JUDGE_MODEL: 'local' });
    try {
      fakes.openai.script(modelCatalogue.chatgpt.defaultVersion, { chunks: ['Paris.'] });
      const res = await streaming.app.inject({
        method: 'POST',
        url: '/api/query/stream',
        headers: { 'x-request-id': 'stream-trace-1' },
        payload: {
          text: 'What is the capital of France?',
          sessionId: 'headers-session-1',
          selectedModels: ['chatgpt'],
        },
      });
      expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
      expect(directivesOf(res.headers['content-security-policy'])['default-src']).toBe("'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-request-id']).toBe('stream-trace-1');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-accel-buffering']).toBe('no');
    } finally {
      await streaming.close();
      await fakes.stop();
    }
  });
});
