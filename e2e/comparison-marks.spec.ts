import { expect, test, type Locator, type Page } from '@playwright/test';
import { FAKE_VENDOR_PORT } from './support/paths.mjs';

// Issue 'Comparison you can trust', item 4: two models answer the same question with plainly
// conflicting dates (scripted on the loopback vendor fakes); with Highlight Differences on, a keyboard
// user Tabs to a mark in the answers and reads which model says what, on Home right after asking and
// on the query's detail page, at desktop and phone widths.

const QUESTION = 'When did the Berlin Wall fall?';
const ANSWERS = {
  // The OpenAI-style fake serves ChatGPT and Grok, told apart by the model id in the request.
  'gpt-4o': 'The Berlin Wall fell on 9 November 1989.',
  'grok-3': 'The Berlin Wall came down on 9 November 1990.',
};
/** Enough Tab presses to cross the header, the analysis and the card buttons to the first mark. */
const MAX_TABS = 60;

async function scriptAnswers() {
  for (const [model, text] of Object.entries(ANSWERS)) {
    const response = await fetch(`http://127.0.0.1:${FAKE_VENDOR_PORT}/__fake/script`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model, text, times: 1 }),
    });
    expect(response.status).toBe(204);
  }
}

/** Leaves ChatGPT and Grok selected: from the sidebar on wide screens, from the AI Models dialog on phones. */
async function chooseChatGptAndGrok(page: Page, phone: boolean) {
  const dialog = page.getByRole('dialog', { name: 'AI Models' });
  if (phone) await page.getByRole('button', { name: /AI Models/ }).click();
  const scope = phone ? dialog : page;
  await scope.getByRole('checkbox', { name: /Gemini/ }).uncheck();
  await expect(scope.getByRole('checkbox', { name: /ChatGPT/ })).toBeChecked();
  await expect(scope.getByRole('checkbox', { name: /Grok/ })).toBeChecked();
  if (phone) {
    await dialog.getByRole('button', { name: 'Done - Start Querying' }).click();
    await expect(dialog).toBeHidden();
  }
}

/** Presses Tab from where focus is until a claim mark has it, and returns that mark. */
async function tabToMark(page: Page): Promise<Locator> {
  for (let presses = 0; presses < MAX_TABS; presses++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(() => document.activeElement?.tagName === 'MARK')) return page.locator('mark:focus');
  }
  throw new Error(`no claim mark took the focus within ${MAX_TABS} Tab presses`);
}

/** The focused mark's explanation: visible, saying who says what, inside the viewport; Escape closes it. */
async function expectExplanation(page: Page, mark: Locator, width: number) {
  await expect(mark).toHaveText('9 November 1989');
  const tooltip = page.getByRole('tooltip');
  await expect(tooltip).toBeVisible();
  await expect(tooltip).toContainText('Contradicted');
  await expect(tooltip).toContainText(/Grok says 9 November 1990/);
  await expect(mark).toHaveAccessibleDescription(/Contradicted.*Grok says 9 November 1990/);
  const box = await tooltip.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
  expect(box!.y).toBeGreaterThanOrEqual(0);
  await page.keyboard.press('Escape');
  await expect(tooltip).toBeHidden();
  await expect(mark).toBeFocused();
}

/** Both answers carry a contradicted mark on their date. */
async function expectMarks(page: Page) {
  const chatgpt = page.getByRole('article', { name: 'ChatGPT answer' });
  const grok = page.getByRole('article', { name: 'Grok answer' });
  await expect(chatgpt.locator('mark[data-status="contradicted"]')).toHaveText(['9 November 1989']);
  await expect(grok.locator('mark[data-status="contradicted"]')).toHaveText(['9 November 1990']);
}

for (const { name, width, height } of [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 375, height: 812 },
]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    test(`claim marks on Home and on the detail page, reached with the keyboard (${name})`, async ({ page }) => {
      const phone = width < 768;
      await page.goto('/');
      await chooseChatGptAndGrok(page, phone);
      await scriptAnswers();
      const box = page.getByRole('textbox', { name: 'Your question' });
      await box.fill(QUESTION);
      await box.press('Enter');
      await expect(page.getByText('2/3 models responded')).toBeVisible({ timeout: 20_000 });
      await expect(page.getByRole('heading', { name: 'AI Comparison Analysis' })).toBeVisible();

      // Home: the switch is off, so nothing is marked; on, both dates are.
      await expect(page.locator('[role="article"] mark')).toHaveCount(0);
      const homeSwitch = page.getByRole('switch', { name: 'Highlight differences' });
      await homeSwitch.focus();
      await page.keyboard.press('Space');
      await expect(homeSwitch).toBeChecked();
      await expectMarks(page);
      await expect(page.getByText(/another answer says otherwise/)).toBeVisible();
      await expectExplanation(page, await tabToMark(page), width);

      // The detail page: its own switch, the same marks from the stored analysis.
      await page.getByRole('link', { name: /View details/ }).click();
      await expect(page).toHaveURL(/\/query\/\d+$/);
      await expect(page.getByRole('heading', { name: QUESTION })).toBeVisible();
      const detailSwitch = page.getByRole('switch', { name: 'Highlight Differences' });
      await expect(page.locator('[role="article"] mark')).toHaveCount(0);
      await detailSwitch.focus();
      await page.keyboard.press('Space');
      await expect(detailSwitch).toBeChecked();
      await expectMarks(page);
      await expectExplanation(page, await tabToMark(page), width);

      // Off again: the marks go.
      await detailSwitch.focus();
      await page.keyboard.press('Space');
      await expect(page.locator('[role="article"] mark')).toHaveCount(0);
    });
  });
}
