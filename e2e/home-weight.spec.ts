import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { queryMessages } from '../src/common/query-messages';
import { HOME_WEIGHT_BUDGET_KB } from '../scripts/home-weight-budget.mjs';

// Budget 5 of the performance issue (docs/performance.md, "Home page weight"), measured as
// bench/home-weight.bench.ts does: every script Chromium fetches for a first visit to `/` until the
// network is idle, each gzipped at level 9. The build's own check (scripts/check-home-weight.mjs) reads
// the manifest; this one also catches a chunk fetched at first paint that the manifest walk misses.

test('a first visit to / loads at most the budget of JavaScript', async ({ page }) => {
  const scripts: { url: string; gzip: number }[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push({ url: new URL(response.url()).pathname, gzip: gzipSync(await response.body(), { level: 9 }).length });
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { name: 'AI Response Comparison Platform' })).toBeVisible();

  const total = scripts.reduce((sum, script) => sum + script.gzip, 0);
  const largest = [...scripts]
    .sort((a, b) => b.gzip - a.gzip)
    .slice(0, 5)
    .map((script) => `${(script.gzip / 1024).toFixed(1)} KB ${script.url}`);
  expect(total / 1024, `first-load JS of /; the largest: ${largest.join(', ')}`).toBeLessThanOrEqual(
    HOME_WEIGHT_BUDGET_KB,
  );
});

test('the first toast, whose code loads only then, is shown and read out', async ({ page }) => {
  await page.goto('/', { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Send question' }).click();

  await expect(page.getByRole('listitem').filter({ hasText: queryMessages.emptyQuery })).toBeVisible();
  await expect(page.locator('[aria-live="polite"]').filter({ hasText: queryMessages.emptyQuery })).toHaveCount(1);
});
