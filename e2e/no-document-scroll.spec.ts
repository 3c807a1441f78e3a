import { expect, test, type Page } from '@playwright/test';
import { FAKE_VENDOR_PORT } from './support/paths.mjs';
import { DESKTOP_AND_PHONE } from './support/viewports';

// Issue 16, item 1: the app shell never scrolls as a whole. Only the results area does, so the
// header (and on phones the question box) stays put however long the answers are. A visually hidden
// label positioned against the page instead of the results area used to make the document about 2.6
// viewports tall. Checked on Home with long answers and on the query's detail page, at both widths,
// before and after scrolling the results.

/** A long markdown answer: headings, lists and paragraphs, several viewports tall once expanded. */
function longAnswer(name: string): string {
  const sections = Array.from({ length: 14 }, (_, index) =>
    [
      `## ${name}, part ${index + 1}`,
      `This is paragraph ${index + 1} of ${name}'s long answer about the Berlin Wall. It goes on for a while so that the card has to be capped, expanded and scrolled.`,
      `- The Wall stood from 1961 to 1989.\n- It was about 155 kilometres long.\n- Crossing points: ${index + 3}.`,
    ].join('\n\n'),
  );
  return sections.join('\n\n');
}

/** The fakes: ChatGPT and Grok on the OpenAI-style port, Gemini two ports on (tests/fakes/ai-vendors.ts). */
const REPLIES = [
  { port: FAKE_VENDOR_PORT, model: 'gpt-4o', name: 'ChatGPT' },
  { port: FAKE_VENDOR_PORT, model: 'grok-3', name: 'Grok' },
  { port: FAKE_VENDOR_PORT + 2, model: 'gemini-2.5-flash', name: 'Gemini' },
];

async function scriptLongAnswers() {
  for (const { port, model, name } of REPLIES) {
    const response = await fetch(`http://127.0.0.1:${port}/__fake/script`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model, chunks: [longAnswer(name)], chunkDelayMs: 0, times: 1 }),
    });
    expect(response.status).toBe(204);
  }
}

/** The document is exactly the viewport: nothing below it to scroll to, and it is not scrolled. */
async function expectNoDocumentScroll(page: Page, when: string) {
  const sizes = await page.evaluate(() => {
    const root = document.scrollingElement!;
    return { scrollHeight: root.scrollHeight, scrollTop: root.scrollTop, viewport: window.innerHeight };
  });
  expect(sizes.scrollHeight, `document height ${when}`).toBeLessThanOrEqual(sizes.viewport);
  expect(sizes.scrollTop, `document scrolled ${when}`).toBe(0);
}

/** Scrolls the results area to its end, by wheel over it and by setting its position, as a user and a script would. */
async function scrollResults(page: Page) {
  const scroller = page.getByTestId('workspace-scroller');
  const box = await scroller.boundingBox();
  expect(box).not.toBeNull();
  await page.mouse.move(box!.x + box!.width / 2, box!.y + box!.height / 2);
  for (let turn = 0; turn < 10; turn++) await page.mouse.wheel(0, 2000);
  const scrolled = await scroller.evaluate((element) => {
    element.scrollTop = element.scrollHeight;
    return element.scrollTop;
  });
  // The results really are taller than the screen, so this scroll tests something.
  expect(scrolled).toBeGreaterThan(0);
}

for (const { width, height } of DESKTOP_AND_PHONE) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    test('long answers scroll inside the results, never the document', async ({ page }) => {
      await page.goto('/');
      await expectNoDocumentScroll(page, 'on the empty Home');
      await scriptLongAnswers();
      const box = page.getByRole('textbox', { name: 'Your question' });
      await box.fill('How long was the Berlin Wall?');
      await box.press('Enter');
      await expect(page.getByText('All models responded')).toBeVisible({ timeout: 20_000 });
      await expect(page.getByRole('heading', { name: 'AI Comparison Analysis' })).toBeVisible();
      await expectNoDocumentScroll(page, 'with the answers shown');

      await scrollResults(page);
      await expectNoDocumentScroll(page, 'after scrolling the answers');
      await expect(page.getByRole('textbox', { name: 'Your question' })).toBeInViewport();

      await page.getByRole('button', { name: 'Expand All' }).click();
      await expectNoDocumentScroll(page, 'with every answer expanded');
      await scrollResults(page);
      await expectNoDocumentScroll(page, 'after scrolling the expanded answers');

      // The detail page lives in the same shell.
      await page.getByRole('link', { name: /View details/ }).click();
      await expect(page).toHaveURL(/\/query\/\d+$/);
      await expect(page.getByRole('heading', { name: 'How long was the Berlin Wall?' })).toBeVisible();
      await expectNoDocumentScroll(page, 'on the detail page');
      await scrollResults(page);
      await expectNoDocumentScroll(page, 'after scrolling the detail page');
    });
  });
}
