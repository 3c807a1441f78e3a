import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Server suites that start processes, inject faults, exercise the test fakes themselves, or sweep
 * exhaustively (every route with hostile bodies; a 250-customer sync handed between instances):
 * a large share of the server suite's time for a small share of what a change usually touches.
 */
const SLOW_SERVER_SUITES = [
  'tests/process/**/*.test.ts',
  'tests/faults/**/*.test.ts',
  'tests/fakes/**/*.test.ts',
  'src/server/http/hostile-bodies.test.ts',
  'src/server/admin/stripe-sync-job.test.ts',
];

export default defineConfig({
  test: {
    // Vitest leaves a core for itself by default, which on a 2-core CI machine means one worker;
    // the tests wait on PGlite and jsdom as much as on the CPU, so one per core is faster (decision 0016).
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          // A worker keeps the modules it has loaded from one file to the next: importing the app anew for
          // each of 60-odd files was 40 % of the run. Each file still gets its own database and app
          // (tests/helpers/test-app.ts); a module that keeps state must not assume it starts fresh
          // (decision 0046).
          isolate: false,
          include: ['src/server/**/*.test.ts', 'src/common/**/*.test.ts', 'tests/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...SLOW_SERVER_SUITES],
          globalSetup: ['tests/helpers/global-setup.ts'],
          setupFiles: ['tests/helpers/fail-on-console-error.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Out of `npm test` so the README's command stays quick; CI runs them (npm run test:slow,
        // and on PostgreSQL with npm run test:pg). Decision 0045.
        test: {
          name: 'server-slow',
          environment: 'node',
          include: SLOW_SERVER_SUITES,
          globalSetup: ['tests/helpers/global-setup.ts'],
          setupFiles: ['tests/helpers/fail-on-console-error.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'client',
          environment: 'jsdom',
          // As the server project's (decision 0046): tests/helpers/client-setup.ts resets what the
          // client keeps between renders.
          isolate: false,
          include: ['src/client/**/*.test.tsx', 'src/client/**/*.test.ts'],
          setupFiles: ['tests/helpers/fail-on-console-error.ts', 'tests/helpers/client-setup.ts'],
          testTimeout: 15_000,
        },
      },
    ],
  },
});
