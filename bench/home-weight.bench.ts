// Budget 5 of the performance issue: the JavaScript a first visit to `/` costs. Starts the built app
// (npm run build first) on a fresh embedded database, opens `/` in Debian's Chromium at 1366x900 until
// the network is idle, and sums every JavaScript file fetched, each gzipped at level 9
// (docs/performance.md, "How figures are taken"). Lists the largest files, so a regression names itself.
// Run: npm run build && npm run bench -- home-weight

import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { launchChromium, startAppProcess } from './support/app-process';

const BUDGET_BYTES = 150 * 1024;
const PORT = 4391;

async function main() {
  if (!existsSync('dist/server/main.js')) throw new Error('Build first: npm run build');
  const app = await startAppProcess(PORT, ['dist/server/main.js']);
  const base = app.base;
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    const scripts: { url: string; raw: number; gzip: number }[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      const body = await response.body();
      scripts.push({
        url: new URL(response.url()).pathname,
        raw: body.length,
        gzip: gzipSync(body, { level: 9 }).length,
      });
    });
    await page.goto(base, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'AI Response Comparison Platform' }).waitFor();
    const total = scripts.reduce((sum, script) => sum + script.gzip, 0);
    console.log(`First-load JavaScript for /: ${scripts.length} files, ${(total / 1024).toFixed(1)} KB gzipped`);
    for (const script of [...scripts].sort((a, b) => b.gzip - a.gzip).slice(0, Number(process.env.BENCH_LIST ?? 8))) {
      console.log(`  ${(script.gzip / 1024).toFixed(1).padStart(6)} KB  ${script.url}`);
    }
    const pass = total <= BUDGET_BYTES;
    console.log(
      `${pass ? 'PASS' : 'FAIL'}  / first-load JS ${(total / 1024).toFixed(1)} KB against ${BUDGET_BYTES / 1024} KB ` +
        `(${((total / BUDGET_BYTES) * 100).toFixed(0)} % of the budget)`,
    );
    process.exitCode = pass ? 0 : 1;
  } finally {
    await browser.close();
    await app.stop();
  }
}

void main();
