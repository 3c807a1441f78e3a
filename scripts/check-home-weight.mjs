// The build's guard on budget 5 of the performance issue (docs/performance.md, "Home page weight"):
// fails `npm run build:client` when the JavaScript a first visit to `/` loads is over 150 KB gzipped.
// Reads Vite's manifest (build.manifest in vite.config.ts): the entry chunk and everything it imports
// statically, plus the modules `/` loads as it first paints (FIRST_PAINT) and their static imports;
// each file gzipped at level 9, as bench/home-weight.bench.ts does in Chromium; and the scripts
// index.html names itself (public/theme-init.js).
//
// How it can differ from the browser's figure: this counts only what the manifest says is needed, so
// a chunk that `/` fetches at first paint without being listed in FIRST_PAINT (a new React.lazy piece
// rendered at once, a prefetch in an effect) is missed and this figure is the lower one. The
// Playwright test e2e/home-weight.spec.ts measures what Chromium really fetches and catches that case.
//
// Run: node scripts/check-home-weight.mjs [--budget-kb N]  (after vite build; --budget-kb to try a lower one)

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { HOME_WEIGHT_BUDGET_KB } from './home-weight-budget.mjs';

const OUT_DIR = 'dist/client';
/** Source modules `/` loads when it first renders: the route's page (React.lazy in routes.tsx). */
const FIRST_PAINT = ['src/client/features/home/home-page.tsx'];

function budgetKb() {
  const at = process.argv.indexOf('--budget-kb');
  return at === -1 ? HOME_WEIGHT_BUDGET_KB : Number(process.argv[at + 1]);
}

function main() {
  const manifest = JSON.parse(readFileSync(path.join(OUT_DIR, '.vite/manifest.json'), 'utf8'));
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build's manifest: update FIRST_PAINT`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of [...entries, ...FIRST_PAINT]) visit(key);
  // Scripts index.html loads from public/ (theme-init.js, before the styles) are not in the manifest.
  const page = readFileSync(path.join(OUT_DIR, 'index.html'), 'utf8');
  for (const [, file] of page.matchAll(/<script[^>]*\ssrc="\/([^"]+\.js)"/g)) files.add(file);

  const sizes = [...files]
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({ file, gzip: gzipSync(readFileSync(path.join(OUT_DIR, file)), { level: 9 }).length }))
    .sort((a, b) => b.gzip - a.gzip);
  const total = sizes.reduce((sum, { gzip }) => sum + gzip, 0);
  const budget = budgetKb() * 1024;
  const kb = (bytes) => (bytes / 1024).toFixed(1);
  const pass = total <= budget;
  console.log(
    `${pass ? 'PASS' : 'FAIL'}  / first-load JS ${kb(total)} KB gzipped in ${sizes.length} files ` +
      `against ${kb(budget)} KB (docs/performance.md, "Home page weight")`,
  );
  for (const { file, gzip } of sizes.slice(0, pass ? 3 : 8)) console.log(`  ${kb(gzip).padStart(6)} KB  ${file}`);
  if (!pass) process.exitCode = 1;
}

main();
