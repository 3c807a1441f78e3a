import { expect, test, type Page } from '@playwright/test';
import { RANKING_WITHHELD_TEXT } from '../src/common/comparison';
import { E2E_FREE_QUESTIONS, FAKE_VENDOR_PORT } from './support/paths.mjs';

// An anonymous visitor asks three models (served by the loopback vendor fakes), watches the answers
// stream in, reads the comparison and the ranking, opens the detail page, and after the last free
// question is offered a subscription.

async function ask(page: Page, question: string) {
  const box = page.getByRole('textbox', { name: 'Your question' });
  await box.fill(question);
  await box.press('Enter');
}

test('ask three models, compare, open the details, then run out of free questions', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'AI Response Comparison Platform' })).toBeVisible();
  for (const model of ['ChatGPT', 'Grok', 'Gemini']) {
    await expect(page.getByRole('checkbox', { name: new RegExp(model) })).toBeChecked();
  }
  await expect(page.getByText(`${E2E_FREE_QUESTIONS} free questions left`, { exact: true })).toBeVisible();

  // The judge (Claude, on the Anthropic fake) gives a verdict in shape; unscripted, the fake would echo the
  // schema's field names, which the app rejects for the local analysis (issue 16, item 4).
  const verdict = { summary: 'The answers agree.', agreements: ['The answers name the same event.'], disputes: [] };
  const scripted = await fetch(`http://127.0.0.1:${FAKE_VENDOR_PORT + 1}/__fake/script`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'claude-sonnet-4-5', text: JSON.stringify(verdict), times: 1 }),
  });
  expect(scripted.status).toBe(204);
  await ask(page, 'When did the Berlin Wall fall?');
  // Live: the real streamed words appear while the models are still typing.
  await expect(page.getByRole('heading', { name: 'Live AI Responses' })).toBeVisible();
  await expect(page.getByText(/models typing/)).toBeVisible();
  await expect(page.getByText(/This is gpt-4o answering/).first()).toBeVisible();

  await expect(page.getByText('All models responded')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'AI Comparison Analysis' })).toBeVisible();
  await expect(page.getByText('Judged by Claude')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Individual AI Responses' })).toBeVisible();
  for (const text of [
    /gpt-4o answering from the fake openai server/,
    /grok-3 answering from the fake xai server/,
    /gemini-2.5-flash answering from the fake gemini server/,
  ]) {
    await expect(page.getByText(text).first()).toBeVisible();
  }
  await expect(page.getByText(`${E2E_FREE_QUESTIONS - 1} free questions left`, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /When did the Berlin Wall fall\?/ })).toBeVisible();

  await page.getByRole('link', { name: /View details/ }).click();
  await expect(page).toHaveURL(/\/query\/\d+$/);
  // The date, not the site-wide sequential number (issue 16, item 6).
  await expect(page.getByText(/^Asked /)).toBeVisible();
  await expect(page.getByText(/Query #/)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'When did the Berlin Wall fall?' })).toBeVisible();
  // The fakes' answers state nothing another answer could check: the card says so instead of ranking them
  // (issue 33, item 5).
  const confidence = page.getByRole('region', { name: 'Confidence' });
  await expect(confidence.getByText(RANKING_WITHHELD_TEXT, { exact: true })).toBeVisible();
  await expect(confidence.getByRole('list', { name: 'Confidence ranking' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(page).toHaveURL(/\/$/);

  for (let asked = 1; asked < E2E_FREE_QUESTIONS; asked += 1) {
    await ask(page, `Question number ${asked + 1}`);
    await expect(page.getByText('All models responded')).toBeVisible({ timeout: 20_000 });
  }
  // The last free question was used: the subscription-check modal opens.
  const modal = page.getByRole('dialog');
  await expect(modal.getByText('Subscribe now to ask more questions!')).toBeVisible();
  await modal.getByRole('button', { name: 'Maybe later' }).click();
  await expect(modal).toBeHidden();

  // The question after the last free one is refused with the same modal, and nothing is asked.
  await ask(page, 'One question too many');
  await expect(page.getByRole('dialog').getByText('Subscribe now to ask more questions!')).toBeVisible();
  await expect(page.getByRole('dialog').getByRole('link', { name: 'View Plans' })).toHaveAttribute('href', '/pricing');
});
