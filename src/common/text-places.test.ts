import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Messages live in one kind of place per side (issue "One owner for every rule", item 6): the texts of server
// and client together in src/common/*messages.ts, the client's own texts in a *-texts.ts file beside the
// feature that uses them. This reads the sources, so a text table declared anywhere else fails here.

const ROOT = join(import.meta.dirname, '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every `export const <name>` in the files under `dir` whose name matches, as "path:line name". */
function declarations(dir: string, name: RegExp, allowed: (path: string) => boolean): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(join(ROOT, dir))) {
    const path = relative(ROOT, file).split('\\').join('/');
    if (allowed(path)) continue;
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, index) => {
        const declared = /^\s*export\s+const\s+(\w+)/.exec(line)?.[1];
        if (declared && name.test(declared)) found.push(`${path}:${index + 1} ${declared}`);
      });
  }
  return found;
}

describe('where texts are declared', () => {
  it('declares every shared ...Messages object in a src/common/*messages.ts file', () => {
    const misplaced = declarations('src/common', /Messages$/, (path) => /messages\.ts$/.test(path));
    expect(misplaced, 'move these into a src/common/*messages.ts file').toEqual([]);
  });

  it('declares every client ...Messages or ...Texts object in a *-texts.ts file beside its feature', () => {
    const misplaced = declarations('src/client', /(Messages|Texts)$/, (path) => /-texts\.ts$/.test(path));
    expect(misplaced, 'move these into a *-texts.ts file beside the feature').toEqual([]);
  });
});
