import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';

/** Waits until the app at `base` answers its health check. */
export async function waitForHealth(base: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the app did not start');
}

export interface AppProcess {
  base: string;
  child: ChildProcess;
  stop: () => Promise<void>;
}

/**
 * Starts the app as its own process on `port` with a fresh data folder: `args` is what follows the
 * Node executable (the built bundle, or tsx and the source), `env` is added to this process's.
 */
export async function startAppProcess(
  port: number,
  args: string[],
  env: Record<string, string> = {},
): Promise<AppProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parallax-bench-app-'));
  const child = spawn(process.execPath, args, {
    env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'silent', ...env, PORT: String(port), DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForHealth(base);
  return {
    base,
    child,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The settings a benchmark's in-process app runs with: production mode, silent, plus `extra`. */
export function benchEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'production',
    DATA_DIR: `/tmp/parallax-bench-${process.pid}`,
    APP_SECRET: 'bench-secret-bench-secret-bench-secret-01',
    APP_URL: 'http://127.0.0.1',
    LOG_LEVEL: 'silent',
    ...extra,
  };
}

/** The settings that let one address ask as many anonymous questions as a benchmark needs. */
export const UNCAPPED_ANONYMOUS = {
  ANONYMOUS_QUESTIONS_PER_ADDRESS_PER_DAY: '0',
  ANONYMOUS_SESSIONS_PER_ADDRESS_PER_DAY: '0',
  ANONYMOUS_QUESTIONS_PER_HOUR: '0',
} as const;

/** Debian's Chromium, headless, reaching nothing but loopback. */
export function launchChromium() {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1'],
  });
}
