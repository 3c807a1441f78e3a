import { expect, test } from '@playwright/test';

// The theme (issue 20, item 3): switched from the header, remembered in the browser, applied before the
// app's code runs, and following the system until the user chooses.

const darkBackground = 'rgb(11, 17, 32)';
const lightBackground = 'rgb(248, 250, 252)';

test('a chosen dark theme is remembered and applied before the app has loaded', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/pricing');
  const toggle = page.getByRole('button', { name: /^Theme: / });
  await expect(toggle).toHaveAccessibleName('Theme: System (light now). Switch to Light');
  await toggle.click();
  await expect(toggle).toHaveAccessibleName('Theme: Light. Switch to Dark');
  await toggle.click();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect(page.getByRole('status').filter({ hasText: 'Theme: Dark' })).toBeAttached();
  await expect(page.locator('body')).toHaveCSS('background-color', darkBackground);

  // With the app's own code held back, the page is already dark: no white flash before it runs.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/');
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect(page.locator('body')).toHaveCSS('background-color', darkBackground);
  await page.unroute('**/assets/*.js');

  // Another page, the admin console's sign-in, is dark too, and the choice survives a new visit.
  await page.goto('/admin/login');
  await expect(page.locator('body')).toHaveCSS('background-color', darkBackground);
  await expect(page.getByRole('button', { name: /^Theme: Dark/ })).toBeVisible();
});

test('without a choice the theme follows the system, and keeps following it', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect(page.getByRole('button', { name: /^Theme: / }).first()).toHaveAccessibleName(
    'Theme: System (dark now). Switch to Light',
  );
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  await expect(page.locator('body')).toHaveCSS('background-color', lightBackground);
});
