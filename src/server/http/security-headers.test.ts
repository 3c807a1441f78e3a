import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

// The security headers every answer carries (docs/architecture.md, "Security rules"): a content
// security policy that lets in Stripe.js and its frames and nothing else from outside, no framing by
// other sites, no MIME sniffing, no referrer; HSTS and the upgrade of insecure requests only when the
// app is served over https.

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

  it('lets in Stripe and nothing else from outside, on API answers and pages alike', async () => {
    for (const url of ['/api/health', '/api/me', '/']) {
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

  it('asks for https only when the app is served over https', async () => {
    const plain = await http.app.inject({ method: 'GET', url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    expect(directivesOf(plain.headers['content-security-policy'])).not.toHaveProperty('upgrade-insecure-requests');

    const secure = await https.app.inject({ method: 'GET', url: '/api/health' });
    expect(secure.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(directivesOf(secure.headers['content-security-policy'])).toHaveProperty('upgrade-insecure-requests');
  });
});
