import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { lockDataDir } from './db/data-dir-lock';

async function main() {
  const config = loadConfig();
  const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  // The app's logger once it exists; a connection lost while migrating is told on stderr.
  const logs: { to?: FastifyBaseLogger } = {};
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    timeouts: config.databaseTimeouts,
    // An outage, not a defect (docs/operations.md, "When the database is unreachable"); said once per outage.
    onConnectionError: (error) =>
      logs.to
        ? logs.to.warn({ reason: error.message }, 'database connection lost; the pool reconnects')
        : console.warn(`database connection lost; the pool reconnects: ${error.message}`),
  });
  const app = await buildApp({ config, db: database.db });
  logs.to = app.log;
  app.log.info({ engine: database.engine }, 'database ready');

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
    // A stuck request must not keep the process alive forever.
    const forceExit = setTimeout(() => {
      app.log.error('shutdown took longer than 20 s; exiting');
      process.exit(1);
    }, 20_000);
    forceExit.unref();
    try {
      await app.close();
      await database.close();
      unlock();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Parallax is listening on ${config.appUrl}`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
