import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// The fakes double as standalone processes for local dev and e2e (`node --import tsx
// tests/fakes/<fake>.ts`); this is what each needs to tell that apart from being imported by a test.

/** Whether the module at `moduleUrl` (its import.meta.url) is the script node was started with. */
export function isMainModule(moduleUrl: string): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    // Through realpath, so the script still matches when started through a symlink.
    return realpathSync(entry) === realpathSync(fileURLToPath(moduleUrl));
  } catch {
    return false;
  }
}

/**
 * When the module at `moduleUrl` is the started script, runs `start` and keeps what it started
 * until SIGINT or SIGTERM, then stops it; if it cannot start, exits 1 with the reason.
 */
export function runAsScript(moduleUrl: string, start: () => Promise<{ stop(): Promise<void> }>): void {
  if (!isMainModule(moduleUrl)) return;
  start().then(
    (running) => {
      const shutdown = () => {
        running.stop().then(
          () => process.exit(0),
          () => process.exit(1),
        );
      };
      process.once('SIGINT', shutdown);
      process.once('SIGTERM', shutdown);
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
