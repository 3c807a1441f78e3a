import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrationsFolder } from '../paths';
import type { Database } from './client';

/** How long a readiness probe waits for the database: a load balancer must not wait on a stalled one. */
export const READINESS_TIMEOUT_MS = 2000;

export type Readiness = { ready: true } | { ready: false; reason: string };

/** The migrations this build ships (Drizzle's journal), counted once. */
function shippedMigrations(): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

/**
 * Whether this instance can serve (GET /api/health/ready): the database answers within
 * READINESS_TIMEOUT_MS and has every migration of this build applied (Drizzle records them in
 * drizzle.__drizzle_migrations on both engines).
 */
export async function databaseReadiness(db: Database, shipped = shippedMigrations()): Promise<Readiness> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Readiness>((resolve) => {
    timer = setTimeout(
      () => resolve({ ready: false, reason: `the database did not answer within ${READINESS_TIMEOUT_MS} ms` }),
      READINESS_TIMEOUT_MS,
    );
  });
  const check = (async (): Promise<Readiness> => {
    try {
      const result = await db.execute<{ applied: number }>(
        sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
      );
      const applied = Number((result as unknown as { rows: { applied: number }[] }).rows[0]?.applied ?? 0);
      return applied >= shipped
        ? { ready: true }
        : { ready: false, reason: `${shipped - applied} of ${shipped} migrations are not applied` };
    } catch {
      return { ready: false, reason: 'the database is not reachable' };
    }
  })();
  try {
    return await Promise.race([check, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
