import { afterEach, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

// Behind a proxy without TRUST_PROXY every caller shares one address (issue item 8): the log says so.

let testApp: TestApp | undefined;
afterEach(async () => {
  await testApp?.close();
});

async function start(trustProxy: 'true' | 'false') {
  const lines: string[] = [];
  testApp = await createTestApp({ LOG_LEVEL: 'warn', TRUST_PROXY: trustProxy }, {}, { logLines: lines });
  const warnings = () =>
    lines
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .filter((entry) => entry.level === 40 && entry.msg.includes('TRUST_PROXY'));
  return { app: testApp.app, warnings };
}

const viaProxy = (target: App, client: string) =>
  target.inject({
    method: 'GET',
    url: '/api/health',
    remoteAddress: '10.0.0.2',
    headers: { 'x-forwarded-for': client },
  });

describe('X-Forwarded-For while TRUST_PROXY is false', () => {
  it('logs one warning that every caller shares the proxy address', async () => {
    const { app: target, warnings } = await start('false');
    await target.inject({ method: 'GET', url: '/api/health' });
    expect(warnings()).toHaveLength(0);
    await viaProxy(target, '203.0.113.7');
    await viaProxy(target, '203.0.113.8');
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]!.msg).toContain('every caller shares its address');
  });

  it('stays quiet when TRUST_PROXY is true, and each caller keeps its own address', async () => {
    const { app: target, warnings } = await start('true');
    const res = await viaProxy(target, '203.0.113.7');
    expect(res.statusCode).toBe(200);
    expect(warnings()).toHaveLength(0);
  });
});
