import { expect, test } from '@playwright/test';
import { FAKE_VENDOR_PORT } from './support/paths.mjs';
import { DESKTOP_AND_PHONE } from './support/viewports';

// Issue 13, items 1 and 4 so far: under the answers, the Parallax answer states what the answers share,
// with who states it (their own words a press away), and the dispute as a dispute; each answer says what
// it used; the question's page shows the same and adds the usage up.

const SCRIPTS: [port: number, model: string, text: string, usage?: object][] = [
  [
    FAKE_VENDOR_PORT,
    'gpt-4o',
    'The Berlin Wall fell on 9 November 1989. The wall was 155 kilometres long.',
    { inputTokens: 1200, outputTokens: 3400 },
  ],
  [FAKE_VENDOR_PORT, 'grok-3', 'The Berlin Wall came down on 9 November 1989. The wall was 140 kilometres long.'],
  [FAKE_VENDOR_PORT + 2, 'gemini-2.5-flash', 'On 9 November 1989 the Berlin Wall fell.'],
];

async function scriptAnswers() {
  for (const [port, model, text, usage] of SCRIPTS) {
    const response = await fetch(`http://127.0.0.1:${port}/__fake/script`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model, text, usage, times: 1 }),
    });
    expect(response.status).toBe(204);
  }
}

for (const viewport of DESKTOP_AND_PHONE) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('the Parallax answer keeps what is shared, names who says it, and leaves the dispute open', async ({
      page,
    }) => {
      await scriptAnswers();
      await page.goto('/');
      const box = page.getByRole('textbox', { name: 'Your question' });
      await box.fill(`Tell me about the Berlin Wall (${viewport.width})`);
      await box.press('Enter');
      await expect(page.getByText('All models responded')).toBeVisible({ timeout: 20_000 });

      for (const where of ['Home', 'the question page']) {
        const card = page.getByRole('region', { name: 'Parallax answer' });
        await expect(card.getByText('The Berlin Wall fell on 9 November 1989.'), where).toBeVisible();
        const supporters = card.getByRole('button', { name: /^Stated by .*: show their words$/ });
        for (const model of ['ChatGPT', 'Grok', 'Gemini']) await expect(supporters).toContainText(model);
        await supporters.click();
        await expect(card.getByText('The Berlin Wall came down on 9 November 1989.')).toBeVisible();
        await expect(card.getByText('On 9 November 1989 the Berlin Wall fell.')).toBeVisible();
        // The length is disputed: stated with both sides, never in the shared sentences.
        await expect(card.getByRole('listitem').filter({ hasText: /^ChatGPT: 155 kilometres$/ })).toBeVisible();
        await expect(card.getByRole('listitem').filter({ hasText: /^Grok: 140 kilometres$/ })).toBeVisible();
        const chatgpt = page.getByRole('article', { name: 'ChatGPT answer' });
        await expect(
          chatgpt.getByText(/Usage: 1,200 in · 3,400 out tokens · first words at \d+\.\ds · \d+\.\ds in all$/),
        ).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        if (where === 'Home') {
          await page.getByRole('link', { name: /View details/ }).click();
          await expect(page).toHaveURL(/\/query\/\d+$/);
          await expect(page.getByText(/^In all: .* tokens · slowest answer \d+\.\ds$/)).toBeVisible();
        }
      }
    });
  });
}
