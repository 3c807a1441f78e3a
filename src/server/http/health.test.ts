import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READINESS_TIMEOUT_MS } from '../db/readiness';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

// The health checks a load balancer asks (issue 18, item 6): live means the process answers; ready
// means the database answers in time and has every migration of this build.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('health checks', () => {
  it('answers live, and the old /api/health, while the process runs', async () => {
    for (const url of ['/api/health/live', '/api/health']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.json(), url).toEqual({ status: 'ok' });
    }
  });

  it('answers ready when the database is reachable and migrated', async () => {
    const res = await get('/api/health/ready');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
  });

  it('answers 503 with Retry-After while the database does not answer in time', async () => {
    let holding: Promise<unknown> = Promise.resolve();
    const locked = new Promise<void>((resolve) => {
      holding = t.db.transaction(async (tx) => {
        await tx.execute(sql`lock table drizzle.__drizzle_migrations in access exclusive mode`);
        resolve();
        await new Promise((wait) => setTimeout(wait, READINESS_TIMEOUT_MS + 1000));
      });
    });
    await locked;
    const res = await get('/api/health/ready');
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({
      status: 'not ready',
      reason: `the database did not answer within ${READINESS_TIMEOUT_MS} ms`,
    });
    await holding;
    expect((await get('/api/health/ready')).statusCode).toBe(200);
  });

  it('answers 503 when a migration of this build is not applied', async () => {
    const [{ shipped }] = (
      (await t.db.execute(sql`select count(*)::int as shipped from drizzle.__drizzle_migrations`)) as unknown as {
        rows: { shipped: number }[];
      }
    ).rows as [{ shipped: number }];
    await t.writeFromAnotherInstance(
      'DELETE FROM drizzle.__drizzle_migrations WHERE id = (SELECT max(id) FROM drizzle.__drizzle_migrations)',
    );
    const res = await get('/api/health/ready');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'not ready', reason: `1 of ${shipped} migrations are not applied` });
  });

  it('answers 503 when the database is gone, and live still answers', async () => {
    const other = await createTestApp();
    try {
      await other.closeDatabase();
      const res = await other.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'not ready', reason: 'the database is not reachable' });
      expect((await other.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await other.app.close();
    }
  });
});
