import { expect, test } from '@playwright/test';

// Issue 16, item 5: on a phone Home's header is compact before anything is typed (one line of
// question box, one free-questions indicator), and the question box grows as the question does.

/** Toggle and AI Models row, a one-line question box, the switch and badge row; it was about 196 px. */
const MAX_PHONE_HEADER_PX = 130;
/** A one-line box: 40 px tall, as the send button beside it. */
const ONE_LINE_PX = 42;

test.use({ viewport: { width: 375, height: 812 } });

test('the phone header is compact until the question needs more room', async ({ page }) => {
  await page.goto('/');
  const box = page.getByRole('textbox', { name: 'Your question' });
  await expect(page.getByText(/free questions? left/)).toHaveCount(1);
  const header = await page.locator('header').first().boundingBox();
  expect(header!.height).toBeLessThanOrEqual(MAX_PHONE_HEADER_PX);
  expect((await box.boundingBox())!.height).toBeLessThanOrEqual(ONE_LINE_PX);
  // Every control in it is on the screen (the theme switch once sat past its right edge).
  const outside = await page.evaluate(() =>
    [...document.querySelectorAll('header button, header [role="status"]:not(.sr-only)')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth)
      .map((element) => element.getAttribute('aria-label') ?? element.textContent),
  );
  expect(outside).toEqual([]);
  await expect(page.getByRole('button', { name: /^Theme: / })).toBeInViewport();

  await box.fill('How long was the Berlin Wall, where did it run, and when and why did it finally come down in 1989?');
  await expect.poll(async () => (await box.boundingBox())!.height).toBeGreaterThan(ONE_LINE_PX);
  await box.fill('');
  await expect.poll(async () => (await box.boundingBox())!.height).toBeLessThanOrEqual(ONE_LINE_PX);
});
