import { randomBytes } from 'node:crypto';
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp, type App } from '../../src/server/app';
import { loadConfig, type Config, type Env } from '../../src/server/config';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client';
import { withDatabase } from './global-setup';

export interface TestDatabase extends DatabaseHandle {
  dataDir: string;
}

/** A fresh, migrated database for one test file: a copy of the run's template (PGlite or PostgreSQL). */
export async function createTestDatabase(
  { onStatement }: { onStatement?: (statement: string) => void } = {},
): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parallax-data-'));
  const postgresUrl = inject('postgresUrl');
  let handle: DatabaseHandle;
  if (postgresUrl) {
    const name = `parallax_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
    handle = await openDatabase({
      databaseUrl: withDatabase(postgresUrl, name),
      dataDir,
      migrate: false,
      onStatement,
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
  }
  const close = handle.close;
  return {
    ...handle,
    dataDir,
    close: async () => {
      await close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestApp {
  app: App;
  db: TestDatabase['db'];
  config: Config;
  close(): Promise<void>;
}

/** The real app on a fresh database, configured only by `env` (never by the machine's environment). */
export async function createTestApp(
  env: Partial<Env> = {},
  databaseOptions: { onStatement?: (statement: string) => void } = {},
): Promise<TestApp> {
  const handle = await createTestDatabase(databaseOptions);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: handle.dataDir,
    APP_SECRET: 'test-secret-test-secret-test-secret-0123',
    APP_URL: 'http://parallax.test',
    LOG_LEVEL: 'silent',
    ...(env as Record<string, string>),
  });
  const app = await buildApp({ config, db: handle.db, logger: false, clientDir: null });
  await app.ready();
  return {
    app,
    db: handle.db,
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
