import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { Logger } from 'drizzle-orm/logger';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { DATABASE_TIMEOUT_DEFAULTS } from '../config';
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
  /**
   * Told when a PostgreSQL connection is lost, idle or in use, once per outage (see watchConnections);
   * the pool replaces it by itself.
   */
  onConnectionError?: (error: Error) => void;
  /** Told each SQL statement the app sends, with its parameters (statement counts, EXPLAIN in benchmarks). */
  onStatement?: (statement: string, params: unknown[]) => void;
  /** PostgreSQL only: bounds on a connection and on a statement (config.databaseTimeouts). */
  timeouts?: DatabaseTimeouts;
}

export interface DatabaseTimeouts {
  /** The longest wait for a connection: a free one from the pool, or a new one from the server. */
  connectMs: number;
  /** The longest a statement may run before the server cancels it. */
  statementMs: number;
}

/**
 * How long the client waits for a statement's answer beyond the server's own statement_timeout: a
 * server that is alive cancels the statement itself and says why; one that is stalled or cut off
 * says nothing, and this is what stops the request from hanging (issue 18, item 3).
 */
const CLIENT_GRACE_MS = 1_000;

function defaultConnectionError(error: Error): void {
  console.warn(`PostgreSQL connection lost (the pool reconnects): ${error.message}`);
}

/**
 * Gives every connection the pool opens an error listener for its whole life. pg-pool listens only
 * while a connection sits idle: it removes its listener while a request holds the connection
 * (node_modules/pg-pool/index.js, _acquireClient), so a connection lost inside a transaction (a
 * restart, pg_terminate_backend, a network cut) would emit 'error' with nobody listening, an uncaught
 * exception that ends the process (issue 32, H1). The request holding the connection fails by itself
 * (its statement, or its ROLLBACK, rejects; db/unavailable.ts makes that a 503) and the pool drops the
 * broken connection when it is released. A restart breaks every connection at once: only the first
 * loss is reported until a connection has been made again.
 */
function watchConnections(pool: pg.Pool, report: (error: Error) => void): void {
  let reported = false;
  pool.on('connect', (client) => {
    reported = false;
    client.on('error', (error) => {
      if (reported) return;
      reported = true;
      report(error);
    });
  });
  // An idle connection's error also reaches the pool (through pg-pool's listener); the connection's own
  // listener above has reported it, but the pool must listen too, or its 'error' event would throw.
  pool.on('error', () => {});
}

function statementLogger({ onStatement }: OpenDatabaseOptions): Logger | undefined {
  return onStatement ? { logQuery: (statement, params) => onStatement(statement, params) } : undefined;
}

/** The key of the advisory lock an instance holds while it migrates (any constant of ours). */
const MIGRATION_LOCK = 72_616_465;

/**
 * Drizzle's migrate reads the last applied migration before its transaction, so instances starting
 * together would each apply the same migrations and all but one fail (CREATE TABLE: already exists).
 * Under this session lock they take turns and the later ones find nothing to do. The lock and the
 * migrations use a connection of their own, without the pool's timeouts: waiting for another
 * instance's migration, or building an index on a large table, is not a stalled statement. Closing
 * the connection releases the lock.
 */
async function migrateOneAtATime(databaseUrl: string): Promise<void> {
  const holder = new pg.Client({ connectionString: databaseUrl });
  // A connection lost mid-migration fails the statement awaited below, which stops the start-up;
  // without a listener it would also be thrown as an uncaught exception.
  holder.on('error', () => {});
  await holder.connect();
  try {
    await holder.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(holder), { migrationsFolder });
  } finally {
    await holder.end();
  }
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const timeouts = options.timeouts ?? DATABASE_TIMEOUT_DEFAULTS;
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: timeouts.connectMs,
      statement_timeout: timeouts.statementMs,
      query_timeout: timeouts.statementMs + CLIENT_GRACE_MS,
      // A transaction left open by a request that gave up must not hold its row locks for long.
      idle_in_transaction_session_timeout: timeouts.statementMs * 2,
      // Notices a dead peer (a database host gone without closing the connection) sooner.
      keepAlive: true,
    });
    watchConnections(pool, options.onConnectionError ?? defaultConnectionError);
    const watch = new WriteWatch();
    watch.watchPool(pool);
    const db = drizzlePg(pool, { schema, logger: statementLogger(options) }) as unknown as Database;
    registerWriteWatch(db, watch);
    if (options.migrate !== false) await migrateOneAtATime(options.databaseUrl);
    return { db, engine: 'postgres', close: () => pool.end() };
  }
  const dataDir = options.dataDir === 'memory://' ? undefined : path.resolve(options.dataDir, 'pglite');
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // pg_trgm backs the admin search indexes, btree_gin the history search's (user, words) index;
  // PostgreSQL ships both in contrib, PGlite as add-ons.
  const extensions = { pg_trgm, btree_gin };
  const client = await PGlite.create({ dataDir, loadDataDir: options.loadDataDir, extensions });
  const watch = new WriteWatch();
  watch.watchPglite(client);
  const db = drizzlePglite(client, { schema, logger: statementLogger(options) }) as unknown as Database;
  registerWriteWatch(db, watch);
  if (options.migrate !== false) await migratePglite(drizzlePglite(client), { migrationsFolder });
  return { db, engine: 'pglite', close: () => client.close() };
}
