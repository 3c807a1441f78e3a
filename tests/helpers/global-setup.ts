import { randomBytes } from 'node:crypto';
import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: a dump of a migrated data folder. */
    pgliteTemplate: string;
    /** PostgreSQL (npm run test:pg): the server URL and a migrated template database's name. */
    postgresUrl: string;
    postgresTemplate: string;
  }
}

/** The key test apps seal secrets with; on PostgreSQL the configuration requires one (config.ts). */
export const TEST_APP_SECRET = 'test-secret-test-secret-test-secret-0123';

/** The prefix of the databases a run's test files copy from `template` (one run never sweeps another's). */
export function testDatabasePrefix(template: string): string {
  return `parallax_t_${template.replace('parallax_tpl_', '')}_`;
}

// Migrating costs seconds; do it once per run and let every test file copy the result.
export default async function setup(project: TestProject) {
  // Only the database setting of the machine's environment matters here (npm run test:pg sets it).
  const { databaseUrl } = loadConfig({ DATABASE_URL: process.env.DATABASE_URL, APP_SECRET: TEST_APP_SECRET });
  if (databaseUrl) {
    const template = `parallax_tpl_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${template}`);
    const handle = await openDatabase({ databaseUrl: withDatabase(databaseUrl, template), dataDir: 'unused' });
    await handle.close();
    project.provide('postgresUrl', databaseUrl);
    project.provide('postgresTemplate', template);
    project.provide('pgliteTemplate', '');
    return async () => {
      // Test files drop their own copies; the template goes last. Only this run's copies are swept
      // (test-app.ts names them after the template), so runs side by side keep their databases. In
      // LIKE, _ matches any character: escaped, it matches only itself.
      const leftovers = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE $1 OR datname = $2`,
        [`${testDatabasePrefix(template).replaceAll('_', '\\_')}%`, template],
      );
      for (const { datname } of leftovers.rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      await admin.end();
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'parallax-test-'));
  const handle = await openDatabase({ dataDir: 'memory://' });
  const client = (handle.db as unknown as { $client: { dumpDataDir(c?: string): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('none');
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('pgliteTemplate', file);
  project.provide('postgresUrl', '');
  project.provide('postgresTemplate', '');
  return () => rmSync(dir, { recursive: true, force: true });
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
