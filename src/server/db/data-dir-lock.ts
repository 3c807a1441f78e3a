import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// PGlite is one process's database: a second process opening the same folder would corrupt it.
// The server marks the folder while it runs; command-line tools refuse to open a marked folder.
const LOCK_FILE = 'pglite.pid';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function lockDataDir(dataDir: string): () => void {
  const file = path.resolve(dataDir, LOCK_FILE);
  const holder = existsSync(file) ? Number(readFileSync(file, 'utf8')) : NaN;
  if (Number.isInteger(holder) && holder !== process.pid && isRunning(holder)) {
    throw new Error(
      `The embedded database in ${path.resolve(dataDir)} is in use by process ${holder}. Stop that process first, or set DATABASE_URL to use PostgreSQL.`,
    );
  }
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, String(process.pid));
  return () => rmSync(file, { force: true });
}
