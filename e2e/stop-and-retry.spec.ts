import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { E2E_FREE_QUESTIONS, FAKE_VENDOR_PORT } from './support/paths.mjs';
import { DESKTOP_AND_PHONE } from './support/viewports';

// Issue 20, items 1 and 2: one answer is stopped from its card and the rest with Escape; the vendor
// fake sees both calls aborted, the cards keep their words marked Stopped, the comparison says so, the
// question costs one, and its page shows the same. Then a stopped model is retried for free and its new
// answer streams into the same card, and a failing model is retried until none are left.

const OPENAI_FAKE = `http://127.0.0.1:${FAKE_VENDOR_PORT}/__fake`;

async function script(body: Record<string, unknown>) {
  const response = await fetch(`${OPENAI_FAKE}/script`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(204);
}

interface RecordedRequest {
  model: string;
  aborted: boolean;
}
async function vendorRequests(): Promise<RecordedRequest[]> {
  return (await (await fetch(`${OPENAI_FAKE}/requests`)).json()) as RecordedRequest[];
}

const sentences = (name: string) => Array.from({ length: 150 }, (_, i) => `${name} sentence ${i + 1}. `);
const card = (page: Page, name: string) => page.getByRole('article', { name: `${name} answer` });
const RETRIED = 'ChatGPT, asked again: Paris has about 2.1 million inhabitants.';

for (const viewport of DESKTOP_AND_PHONE) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('stop one answer and then all, see it stored, retry for free up to the limit', async ({ page }) => {
      // Every vendor fake forgets what earlier tests scripted: Gemini answers at once, as unscripted.
      for (const port of [FAKE_VENDOR_PORT, FAKE_VENDOR_PORT + 1, FAKE_VENDOR_PORT + 2]) {
        await fetch(`http://127.0.0.1:${port}/__fake/requests`, { method: 'DELETE' });
      }
      await script({ model: 'gpt-4o', chunks: sentences('ChatGPT'), chunkDelayMs: 60, times: 1 });
      await script({ model: 'grok-3', chunks: sentences('Grok'), chunkDelayMs: 60, times: 1 });

      await page.goto('/');
      await expect(page.getByText(`${E2E_FREE_QUESTIONS} free questions left`, { exact: true })).toBeVisible();
      const box = page.getByRole('textbox', { name: 'Your question' });
      await box.fill('How many people live in Paris?');
      await box.press('Enter');

      // One answer stopped from its own card while the others go on.
      await expect(card(page, 'ChatGPT')).toContainText('ChatGPT sentence 3.');
      await card(page, 'ChatGPT').getByRole('button', { name: 'Stop ChatGPT' }).click();
      await expect(card(page, 'ChatGPT').getByText('You stopped this answer.')).toBeVisible();
      await expect(card(page, 'Grok').getByRole('button', { name: 'Stop Grok' })).toBeVisible();

      // Escape stops the rest, and says so to a screen reader.
      await page.locator('body').press('Escape');
      await expect(page.locator('#app-announcer')).toHaveText('Stopping the answers.');
      await expect(page.getByRole('heading', { name: 'Individual AI Responses' })).toBeVisible({ timeout: 20_000 });

      const chatgpt = card(page, 'ChatGPT');
      await expect(chatgpt.getByText('Stopped', { exact: true })).toBeVisible();
      await expect(chatgpt).toContainText('ChatGPT sentence 1.');
      await expect(chatgpt).not.toContainText('ChatGPT sentence 150.');
      await expect(card(page, 'Grok').getByText('Stopped', { exact: true })).toBeVisible();
      await expect(card(page, 'Gemini').getByText('Stopped', { exact: true })).toHaveCount(0);
      await expect(page.getByText('ChatGPT and Grok were stopped before finishing')).toBeVisible();
      await expect(page.getByText('1/3 models responded, 2 stopped')).toBeVisible();
      // Words arrived, so the question counts once.
      await expect(page.getByText(`${E2E_FREE_QUESTIONS - 1} free questions left`, { exact: true })).toBeVisible();

      // The vendor saw both calls hung up on.
      const requests = await vendorRequests();
      expect(requests.filter((r) => r.model === 'gpt-4o').map((r) => r.aborted)).toEqual([true]);
      expect(requests.filter((r) => r.model === 'grok-3').map((r) => r.aborted)).toEqual([true]);

      const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' | ')}`)).toEqual([]);

      // Retry the stopped model: free, streamed into the same card, the comparison made again.
      await expect(chatgpt.getByText('Free, 2 retries left')).toBeVisible();
      await script({ model: 'gpt-4o', chunks: RETRIED.split(/(?<= )/), chunkDelayMs: 80, times: 1 });
      await chatgpt.getByRole('button', { name: 'Retry ChatGPT' }).click();
      await expect(chatgpt.getByRole('button', { name: 'Stop ChatGPT' })).toBeVisible();
      await expect(chatgpt).toContainText(RETRIED, { timeout: 20_000 });
      await expect(chatgpt.getByText('Stopped', { exact: true })).toHaveCount(0);
      await expect(page.getByText('Grok was stopped before finishing')).toBeVisible();
      await expect(page.getByText(`${E2E_FREE_QUESTIONS - 1} free questions left`, { exact: true })).toBeVisible();

      // The question's page shows what was stored: the retried answer, and Grok still stopped.
      await page.getByRole('link', { name: /View details/ }).click();
      await expect(page).toHaveURL(/\/query\/\d+$/);
      await expect(card(page, 'ChatGPT')).toContainText(RETRIED);
      const grok = card(page, 'Grok');
      await expect(grok.getByText('Stopped', { exact: true })).toBeVisible();
      await expect(grok.getByText('You stopped this answer.')).toBeVisible();
      await expect(page.getByText('Grok was stopped before finishing')).toBeVisible();

      // There too a model that keeps failing has two free retries, then none.
      await script({ model: 'grok-3', error: { status: 500, message: 'upstream failed' }, times: 2 });
      await grok.getByRole('button', { name: 'Retry Grok' }).click();
      await expect(grok.getByText('Free, 1 retry left')).toBeVisible({ timeout: 20_000 });
      await expect(grok.getByRole('alert')).toContainText("The model's provider ran into a problem.");
      await grok.getByRole('button', { name: 'Retry Grok' }).click();
      await expect(grok.getByText('No retries left on this question')).toBeVisible({ timeout: 20_000 });
      await expect(grok.getByRole('button', { name: 'Retry Grok' })).toHaveCount(0);
      await page.reload();
      await expect(card(page, 'Grok').getByText('No retries left on this question')).toBeVisible();
      await page.getByRole('link', { name: 'Ask a question' }).click();
      await expect(page.getByText(`${E2E_FREE_QUESTIONS - 1} free questions left`, { exact: true })).toBeVisible();
      await page.goBack();
      await expect(card(page, 'Grok')).toBeVisible();
      const widest = await page.evaluate(() => document.scrollingElement!.scrollWidth);
      expect(widest).toBeLessThanOrEqual(viewport.width);
    });
  });
}
