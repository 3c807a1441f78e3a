// Bundles the server's entry points into dist/server with the packages left as imports, so the
// production process runs plain JavaScript without a TypeScript loader. An argument names another
// folder (tests/faults/long-answers.test.ts builds its own copy there).
import { build } from 'esbuild';

await build({
  entryPoints: {
    main: 'src/server/main.ts',
    'create-admin': 'src/server/cli/create-admin.ts',
    'recompute-comparisons': 'src/server/cli/recompute-comparisons.ts',
    // The comparison's worker thread, started from main.js as ./comparison-worker.js (comparison/worker-pool.ts).
    'comparison-worker': 'src/server/comparison/comparison-worker.ts',
  },
  outdir: process.argv[2] ?? 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
