import { expect, test, type Page } from '@playwright/test';
import { E2E_FREE_QUESTIONS } from './support/paths.mjs';
import { DESKTOP_AND_PHONE } from './support/viewports';

// Issue 20, items 6 and 7: `/` puts the cursor in the question box, `?` lists the shortcuts, Ctrl+K
// opens the history search (on a phone the sidebar opens for it), none fires while typing; the last
// question is put back in the box, edited and asked again as a new question, and both stay in the
// history.

const freeLeft = (count: number) => (count === 1 ? '1 free question left' : `${count} free questions left`);
const question = (page: Page) => page.getByRole('textbox', { name: 'Your question' });

async function waitForAnswers(page: Page) {
  await expect(page.getByRole('heading', { name: 'Individual AI Responses' })).toBeVisible({ timeout: 30_000 });
}

for (const viewport of DESKTOP_AND_PHONE) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('keyboard shortcuts act outside fields and are listed', async ({ page }) => {
      await page.goto('/');
      await expect(question(page)).toHaveAttribute('aria-keyshortcuts', '/');
      await page.locator('main').click({ position: { x: 5, y: 5 } });
      await expect(question(page)).not.toBeFocused();

      await page.keyboard.press('/');
      await expect(question(page)).toBeFocused();
      // Typed into the box, the same keys are text.
      await page.keyboard.type('a/b?');
      await expect(question(page)).toHaveValue('a/b?');
      await page.keyboard.press('Control+k');
      await expect(question(page)).toBeFocused();

      await page.locator('main').click({ position: { x: 5, y: 5 } });
      await page.keyboard.press('?');
      const list = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
      await expect(list).toBeVisible();
      await expect(list).toContainText('Focus the question box');
      await expect(list).toContainText('Search your history');
      // Inside the dialog the shortcuts rest; Escape closes it.
      await page.keyboard.press('/');
      await expect(list).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(list).toBeHidden();

      await page.keyboard.press('Control+k');
      const search = page.getByRole('searchbox', { name: 'Search history' });
      await expect(search).toBeVisible();
      await expect(search).toBeFocused();
    });

    test('edit the last question and ask it again; both stay in the history', async ({ page }) => {
      await page.goto('/');
      await question(page).fill('What is the capital of France?');
      await question(page).press('Enter');
      await waitForAnswers(page);
      await expect(page.getByText(freeLeft(E2E_FREE_QUESTIONS - 1), { exact: true })).toBeVisible();

      await page.getByRole('button', { name: 'Edit and ask again' }).click();
      await expect(question(page)).toBeFocused();
      await expect(question(page)).toHaveValue('What is the capital of France?');
      await expect(page.locator('#app-announcer')).toContainText('Press Enter to ask it again');
      await question(page).fill('What is the capital of Italy?');
      await question(page).press('Enter');
      await waitForAnswers(page);
      await expect(page.getByRole('region', { name: /Current Query/ })).toContainText('What is the capital of Italy?');
      await expect(page.getByText(freeLeft(E2E_FREE_QUESTIONS - 2), { exact: true })).toBeVisible();

      // Arrow Up in the empty box brings the question shown back, to edit.
      await question(page).click();
      await page.keyboard.press('ArrowUp');
      await expect(question(page)).toHaveValue('What is the capital of Italy?');

      if (viewport.width < 768) await page.getByRole('button', { name: 'Toggle sidebar' }).click();
      const history = page.getByRole('list', { name: 'Previous questions' });
      await expect(history.getByText('What is the capital of Italy?')).toBeVisible();
      await expect(history.getByText('What is the capital of France?')).toBeVisible();
    });
  });
}
