import { randomBytes } from 'node:crypto';
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { Writable } from 'node:stream';
import type { FastifyServerOptions } from 'fastify';
import { buildApp, type App } from '../../src/server/app';
import { loadConfig, type Config, type Env } from '../../src/server/config';
import { loggerOptions } from '../../src/server/http/logger';
import { openDatabase, type DatabaseHandle, type DatabaseTimeouts } from '../../src/server/db/client';
import { TEST_APP_SECRET, testDatabasePrefix, withDatabase } from './global-setup';

export interface TestDatabase extends DatabaseHandle {
  dataDir: string;
  /**
   * Runs a statement as another instance of the app would: on the same database, unseen by this
   * process's write watch (db/write-watch.ts), so its caches learn of it only by expiry.
   */
  writeFromAnotherInstance(statement: string, params?: unknown[]): Promise<void>;
}

/** A fresh, migrated database for one test file: a copy of the run's template (PGlite or PostgreSQL). */
export interface TestDatabaseOptions {
  onStatement?: (statement: string) => void;
  /** PostgreSQL only: the address the app's pool dials instead (a fault-injecting proxy, tests/fakes/tcp-proxy.ts). */
  connectVia?: { host: string; port: number };
  timeouts?: DatabaseTimeouts;
  /**
   * PostgreSQL only: told when a connection is lost, idle or in use, once per outage (db/client.ts); a
   * test that cuts the database expects it.
   */
  onConnectionError?: (error: Error) => void;
}

export async function createTestDatabase({
  onStatement,
  connectVia,
  timeouts,
  onConnectionError,
}: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parallax-data-'));
  const postgresUrl = inject('postgresUrl');
  let handle: DatabaseHandle;
  let writeFromAnotherInstance: TestDatabase['writeFromAnotherInstance'];
  if (postgresUrl) {
    const name = `${testDatabasePrefix(inject('postgresTemplate'))}${randomBytes(6).toString('hex')}`;
    writeFromAnotherInstance = async (statement, params) => {
      const other = new pg.Client({ connectionString: withDatabase(postgresUrl, name) });
      await other.connect();
      try {
        await other.query(statement, params);
      } finally {
        await other.end();
      }
    };
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
    const databaseUrl = new URL(withDatabase(postgresUrl, name));
    if (connectVia) Object.assign(databaseUrl, { hostname: connectVia.host, port: String(connectVia.port) });
    handle = await openDatabase({
      databaseUrl: databaseUrl.toString(),
      dataDir,
      migrate: false,
      onStatement,
      timeouts,
      onConnectionError,
    });
    const close = handle.close;
    handle = {
      ...handle,
      close: async () => {
        await close();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  } else {
    const dump = new Blob([readFileSync(inject('pgliteTemplate'))]);
    handle = await openDatabase({ dataDir: 'memory://', loadDataDir: dump, migrate: false, onStatement });
    // One embedded database serves one process; the prototype's query is the one the watch did not wrap.
    const client = (handle.db as unknown as { $client: PGlite }).$client;
    writeFromAnotherInstance = async (statement, params) => {
      await PGlite.prototype.query.call(client, statement, params);
    };
  }
  const close = handle.close;
  return {
    ...handle,
    dataDir,
    writeFromAnotherInstance,
    close: async () => {
      await close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestApp {
  app: App;
  db: TestDatabase['db'];
  writeFromAnotherInstance: TestDatabase['writeFromAnotherInstance'];
  /** Closes (and removes) the database under a running app, as an outage would; close the app itself after. */
  closeDatabase(): Promise<void>;
  config: Config;
  close(): Promise<void>;
}

/** A logger with the production options (http/logger.ts) whose JSON lines are pushed onto `lines`. */
function loggerInto(config: Config, lines: string[]): FastifyServerOptions['logger'] {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      callback();
    },
  });
  return { ...(loggerOptions(config) as object), stream } as FastifyServerOptions['logger'];
}

/**
 * The real app on a fresh database, configured only by `env` (never by the machine's environment).
 * With `logLines`, it logs as in production (LOG_LEVEL `info` unless `env` says otherwise) onto that
 * array, one JSON line per entry; without, it logs nothing.
 */
export async function createTestApp(
  env: Partial<Env> = {},
  databaseOptions: Omit<TestDatabaseOptions, 'timeouts'> = {},
  { logLines, clientDir = null }: { logLines?: string[]; clientDir?: string | null } = {},
): Promise<TestApp> {
  // The database bounds come from the same settings as the app's (DATABASE_*_TIMEOUT_SECONDS).
  const { databaseTimeouts } = loadConfig({ APP_SECRET: TEST_APP_SECRET, ...(env as Record<string, string>) });
  const handle = await createTestDatabase({ ...databaseOptions, timeouts: databaseTimeouts });
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: handle.dataDir,
    APP_SECRET: TEST_APP_SECRET,
    APP_URL: 'http://parallax.test',
    LOG_LEVEL: logLines ? 'info' : 'silent',
    ...(env as Record<string, string>),
  });
  const logger = logLines ? loggerInto(config, logLines) : false;
  // One test app per database: its job runner need not poll for other instances' jobs (jobs/job-service.ts).
  const app = await buildApp({ config, db: handle.db, logger, clientDir, jobs: { exclusive: true } });
  await app.ready();
  return {
    app,
    db: handle.db,
    writeFromAnotherInstance: handle.writeFromAnotherInstance,
    closeDatabase: () => handle.close(),
    config,
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
}

/**
 * The app of a test file that needs nothing started before it: made before the file's tests and
 * closed after them. Its fields are there from the first test on, not while the file is collected.
 */
export function useTestApp(env: Partial<Env> = {}): TestApp {
  const testApp = {} as TestApp;
  beforeAll(async () => {
    Object.assign(testApp, await createTestApp(env));
  });
  afterAll(async () => {
    await testApp.close?.();
  });
  return testApp;
}
