import { defineConfig } from '@playwright/test';

const port = 4319;

// Runs against the built app (npm run build first) on a throwaway embedded database, in Debian's
// Chromium: no browser is ever downloaded.
export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1',
      ],
    },
  },
  projects: [{ name: 'desktop', use: { viewport: { width: 1366, height: 900 } } }],
  webServer: {
    command: `node e2e/support/start-server.mjs ${port}`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    // A loaded 2-core machine has taken longer than a minute to start the server and its fakes.
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
