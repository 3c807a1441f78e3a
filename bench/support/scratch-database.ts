import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle, type OpenDatabaseOptions } from '../../src/server/db/client';

/**
 * A migrated database for one benchmark: PGlite in memory by default, or, with DATABASE_URL, a scratch
 * PostgreSQL database made for the run and dropped after it.
 */
export async function scratchDatabase(
  options: Pick<OpenDatabaseOptions, 'onStatement'> = {},
): Promise<DatabaseHandle & { url?: string; dispose: () => Promise<void> }> {
  if (!process.env.DATABASE_URL) {
    const handle = await openDatabase({ dataDir: 'memory://', ...options });
    return { ...handle, dispose: () => handle.close() };
  }
  const scratch = await scratchDatabaseUrl();
  // Seeding 100k rows takes statements far longer than a request's bound (config.ts, DATABASE_STATEMENT_TIMEOUT_SECONDS).
  const timeouts = { connectMs: 5_000, statementMs: 600_000 };
  const handle = await openDatabase({ databaseUrl: scratch.url, dataDir: '.', timeouts, ...options });
  return {
    ...handle,
    url: scratch.url,
    dispose: async () => {
      await handle.close();
      await scratch.drop();
    },
  };
}

/**
 * For a benchmark whose server runs in another process: with DATABASE_URL, the address of a scratch
 * PostgreSQL database made for the run (never the one DATABASE_URL names), and how to drop it; without,
 * nothing (the server uses PGlite in its data folder).
 */
export async function scratchDatabaseUrl(): Promise<{ url: string | undefined; drop: () => Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) return { url: undefined, drop: async () => {} };
  const name = `parallax_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
