import { expect, test, type Page } from '@playwright/test';
import { FAKE_VENDOR_PORT } from './support/paths.mjs';
import { DESKTOP_AND_PHONE } from './support/viewports';

// Issue 20, item 4: the Session History groups questions by date in the browser's calendar, searches
// the questions and their answers on the server (a word only an answer holds finds its question), and
// deletes one question with an Undo toast; deleted for good, it stays gone after a reload and from the
// search. At 1366 px beside the page, at 375 px in the sidebar sheet.

const DAY_MS = 86_400_000;

const question = (page: Page) => page.getByRole('textbox', { name: 'Your question' });

async function ask(page: Page, text: string) {
  await question(page).fill(text);
  await question(page).press('Enter');
  await expect(page.getByRole('heading', { name: 'Individual AI Responses' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('All models responded')).toBeVisible({ timeout: 30_000 });
}

for (const viewport of DESKTOP_AND_PHONE) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });
    const phone = viewport.width < 768;

    /** The Session History, opening the sidebar sheet first on a phone. */
    async function history(page: Page) {
      const section = page.getByRole('region', { name: 'Session History' });
      if (phone && !(await section.isVisible())) await page.getByRole('button', { name: 'Toggle sidebar' }).click();
      await expect(section).toBeVisible();
      return section;
    }
    /** A question's own row (not the date group around it). */
    const row = (page: Page, text: string) =>
      page
        .getByRole('region', { name: 'Session History' })
        .getByRole('listitem')
        .filter({ hasText: text, hasNot: page.getByRole('heading') });
    const item = (page: Page, text: string) =>
      page.getByRole('region', { name: 'Session History' }).getByRole('button', { name: text });

    test('grouped by date, searched by an answer’s word, one question deleted with Undo, one for good', async ({
      page,
    }) => {
      await page.goto('/');
      // Only ChatGPT's answer to the first question names the mountain's Nepali name.
      const scripted = await fetch(`http://127.0.0.1:${FAKE_VENDOR_PORT}/__fake/script`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          model: 'gpt-4o',
          text: 'Mount Everest, called Sagarmatha in Nepal, is 8,849 metres tall.',
          times: 1,
        }),
      });
      expect(scripted.status).toBe(204);
      await ask(page, 'How tall is Mount Everest?');
      await ask(page, 'What is the capital of Peru?');
      await ask(page, 'Which river is the longest?');
      // Noon of the day they were asked: the later days below count from it, so a run that crosses
      // midnight does not move the questions into another group.
      const askedDay = new Date();
      askedDay.setHours(12, 0, 0, 0);
      // That was the last free question: the subscription offer opens, and is put off.
      await page.getByRole('dialog').getByRole('button', { name: 'Maybe later' }).click();
      await expect(page.getByRole('dialog')).toBeHidden();

      let list = await history(page);
      await expect(list.getByRole('heading', { name: 'Today', level: 3 })).toBeVisible();
      await expect(list.locator('[data-history-item]')).toHaveCount(3);

      // A word only an answer holds, typed in part, finds its question; the answer is quoted.
      const search = list.getByRole('searchbox', { name: 'Search history' });
      await search.fill('sagar');
      await expect(list.getByRole('status')).toHaveText('1 question found');
      const found = item(page, 'How tall is Mount Everest?');
      await expect(found).toContainText('Sagarmatha in Nepal');
      await expect(item(page, 'What is the capital of Peru?')).toBeHidden();
      await search.press('Escape');
      await expect(search).toHaveValue('');
      await expect(list.locator('[data-history-item]')).toHaveCount(3);

      // Deleting the question on screen clears the view; Undo puts it back in its place.
      if (phone) {
        await item(page, 'Which river is the longest?').click();
        list = await history(page);
      }
      const river = row(page, 'Which river is the longest?');
      await river.hover();
      await river.getByRole('button', { name: 'Delete question' }).click();
      await expect(item(page, 'Which river is the longest?')).toBeHidden();
      await expect(page.getByText('Question deleted').first()).toBeVisible();
      // On a phone the toast's Undo works with the sheet still open.
      await page.getByRole('button', { name: 'Undo' }).click();
      await expect(list.locator('[data-history-item]')).toHaveCount(3);
      await expect(list.locator('[data-history-item]').first()).toContainText('Which river is the longest?');
      if (phone) await page.keyboard.press('Escape');
      await expect(page.getByRole('heading', { name: 'AI Response Comparison Platform' })).toBeVisible();
      await history(page);

      // Deleted for good: gone after a reload, and from the search.
      const peru = row(page, 'What is the capital of Peru?');
      await peru.hover();
      await peru.getByRole('button', { name: 'Delete question' }).click();
      await expect(item(page, 'What is the capital of Peru?')).toBeHidden();
      await page.reload();
      list = await history(page);
      await expect(list.locator('[data-history-item]')).toHaveCount(2);
      await list.getByRole('searchbox', { name: 'Search history' }).fill('peru');
      await expect(list.getByRole('status')).toHaveText('No questions match');

      // The groups follow the browser's calendar: the same questions seen on later days.
      for (const [days, group] of [
        [1, 'Yesterday'],
        [4, 'Previous 7 days'],
        [30, 'Older'],
      ] as const) {
        await page.clock.setFixedTime(new Date(askedDay.getTime() + days * DAY_MS));
        await page.reload();
        list = await history(page);
        await expect(list.getByRole('heading', { level: 3 })).toHaveText([group]);
      }
    });
  });
}
