import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { FAKE_VENDOR_PORT } from './support/paths.mjs';

// Issue 20, item 5: code in an answer is highlighted and has its own Copy button; a long code line and a
// wide table scroll inside the answer's card on a phone instead of widening the page, and the scrolling
// boxes take keyboard focus.

const CODE = [
  'export async function fetchAnswers(question: string, models: string[]): Promise<Map<string, string>> {',
  '  const answers = await Promise.all(models.map((model) => ask(model, question))); // one call per model',
  '  return new Map(models.map((model, index) => [model, answers[index]]));',
  '}',
].join('\n');
const TABLE = [
  '| Model | Vendor | Context window | Released | Notes on how it was measured for this comparison |',
  '|---|---|---|---|---|',
  '| ChatGPT | OpenAI | 128,000 tokens | 2024 | measured with the long-context benchmark suite |',
].join('\n');
const ANSWER = `Here is a helper:\n\n\`\`\`ts\n${CODE}\n\`\`\`\n\nAnd the models compared:\n\n${TABLE}`;

test.use({ viewport: { width: 375, height: 812 } });

test('code is highlighted and copied, and wide code and tables scroll inside the card on a phone', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const scripted = await fetch(`http://127.0.0.1:${FAKE_VENDOR_PORT}/__fake/script`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'gpt-4o', text: ANSWER, times: 1 }),
  });
  expect(scripted.status).toBe(204);

  await page.goto('/');
  const box = page.getByRole('textbox', { name: 'Your question' });
  await box.fill('Write a helper that asks several models at once');
  await box.press('Enter');
  await expect(page.getByText(/models? responded/)).toBeVisible({ timeout: 30_000 });

  const card = page.getByRole('article', { name: 'ChatGPT answer' });
  await card.getByRole('button', { name: 'Expand' }).click();
  const code = card.locator('pre');
  await expect(code.locator('.hljs-keyword').first()).toBeVisible();
  await expect(code.locator('.hljs-comment')).toHaveText('// one call per model');

  // The page keeps the phone's width; the code and the table scroll inside the card.
  const pageWidth = await page.evaluate(() => document.scrollingElement!.scrollWidth);
  expect(pageWidth).toBeLessThanOrEqual(375);
  const codeScroll = await code.evaluate((element) => ({ content: element.scrollWidth, box: element.clientWidth }));
  expect(codeScroll.content).toBeGreaterThan(codeScroll.box);
  await expect(card.getByRole('region', { name: 'ts block (scrolls sideways)' })).toHaveAttribute('tabindex', '0');
  await expect(card.getByRole('region', { name: 'Table (scrolls sideways)' })).toHaveAttribute('tabindex', '0');

  await card.getByRole('button', { name: 'Copy ts code' }).click();
  await expect(page.getByText('Code copied', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(CODE);

  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual(
    [],
  );
});
