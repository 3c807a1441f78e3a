import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { lockDataDir } from '../db/data-dir-lock';
import { RECOMPUTE_BATCH_SIZE, recomputeComparisons, type RecomputeReport } from '../leaderboard/recompute-service';

// npm run comparisons:recompute (docs/operations.md, "Recomputing comparisons"; leaderboard/recompute-service.ts).

const usage = 'Usage: npm run comparisons:recompute [-- --batch-size N]';

const line = (r: RecomputeReport) =>
  `${r.read} read: ${r.compared} compared again, ${r.rowsRewritten} with leaderboard rows rewritten, ` +
  `${r.unchanged} unchanged, ${r.busy} changed meanwhile (run again for these)`;

async function main() {
  const { values } = parseArgs({ options: { 'batch-size': { type: 'string' } }, strict: true });
  const batchSize = values['batch-size'] === undefined ? RECOMPUTE_BATCH_SIZE : Number(values['batch-size']);
  if (!Number.isInteger(batchSize) || batchSize < 1)
    throw new Error(`--batch-size must be a whole number from 1.\n${usage}`);
  const config = loadConfig();
  // PGlite's data folder takes one process at a time: with it the app must be stopped first (the lock says so).
  const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const report = await recomputeComparisons(database.db, { batchSize, onBatch: (r) => console.log(line(r)) });
    console.log(`Done. ${line(report)}`);
  } finally {
    await database.close();
    unlock();
  }
}

if (process.argv[1] && /recompute-comparisons\.(ts|js)$/.test(process.argv[1])) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
