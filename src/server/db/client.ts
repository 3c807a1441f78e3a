import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { Logger } from 'drizzle-orm/logger';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { migrationsFolder } from '../paths';
import { registerWriteWatch } from './read-cache';
import * as schema from './schema';
import { WriteWatch } from './write-watch';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The handle a `db.transaction` callback receives: writes through it commit or roll back together. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  engine: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  /** Folder for PGlite's files; `memory://` keeps it in memory. */
  dataDir: string;
  /** A PGlite data-directory dump to start from (tests load a migrated template this way). */
  loadDataDir?: Blob;
  migrate?: boolean;
  /** Told when an idle PostgreSQL connection fails; the pool replaces it by itself. */
  onConnectionError?: (error: Error) => void;
  /** Told each SQL statement the app sends, with its parameters (statement counts, EXPLAIN in benchmarks). */
  onStatement?: (statement: string, params: unknown[]) => void;
}

function defaultConnectionError(error: Error): void {
  console.warn(`PostgreSQL connection lost (the pool reconnects): ${error.message}`);
}

function statementLogger({ onStatement }: OpenDatabaseOptions): Logger | undefined {
  return onStatement ? { logQuery: (statement, params) => onStatement(statement, params) } : undefined;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection can die (a database restart, a killed backend). Without a listener pg-pool
    // turns that into an uncaught exception; with one, the pool drops the client and reconnects.
    pool.on('error', (error) => (options.onConnectionError ?? defaultConnectionError)(error));
    const watch = new WriteWatch();
    watch.watchPool(pool);
    const db = drizzlePg(pool, { schema, logger: statementLogger(options) }) as unknown as Database;
    registerWriteWatch(db, watch);
    if (options.migrate !== false) await migratePg(drizzlePg(pool), { migrationsFolder });
    return { db, engine: 'postgres', close: () => pool.end() };
  }
  const dataDir = options.dataDir === 'memory://' ? undefined : path.resolve(options.dataDir, 'pglite');
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // pg_trgm backs the admin search indexes; PostgreSQL ships it in contrib, PGlite as an add-on.
  const client = await PGlite.create({ dataDir, loadDataDir: options.loadDataDir, extensions: { pg_trgm } });
  const watch = new WriteWatch();
  watch.watchPglite(client);
  const db = drizzlePglite(client, { schema, logger: statementLogger(options) }) as unknown as Database;
  registerWriteWatch(db, watch);
  if (options.migrate !== false) await migratePglite(drizzlePglite(client), { migrationsFolder });
  return { db, engine: 'pglite', close: () => client.close() };
}
