import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The server runs from src/ under tsx and from dist/ once bundled; both sit below the project
// root, so walk up to the package.json instead of hard-coding a depth.
function findProjectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot find the project root (no package.json above the server)');
    dir = parent;
  }
  return dir;
}

export const projectRoot = findProjectRoot();
export const migrationsFolder = path.join(projectRoot, 'src/server/db/migrations');
export const clientDistFolder = path.join(projectRoot, 'dist/client');
