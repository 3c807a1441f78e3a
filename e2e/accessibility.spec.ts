import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN } from './support/paths.mjs';

// Every route, as an anonymous visitor, a signed-in member and an administrator, at desktop and phone
// widths, in the light and the dark theme, has no serious or critical axe violation (WCAG 2.1 A and AA
// rules, colour contrast included; issue 16, item 10 and issue 20, item 3). Each test lists every
// violation it found before failing, so one run shows all there is to fix.

const widths = [
  { label: '1366', width: 1366, height: 900 },
  { label: '375', width: 375, height: 812 },
] as const;

const unique = Date.now().toString(36);
const member = { username: `a11y_${unique}`, email: `a11y_${unique}@example.com`, password: 'a11y-secret-1' };

/** The serious and critical violations on the page as it is now, one line each. */
async function violations(page: Page, where: string): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${where}: ${violation.id} (${violation.impact}) ${violation.help} -> ${violation.nodes
          .slice(0, 4)
          .map((node) => node.target.join(' '))
          .join(' | ')}`,
    );
}

/**
 * Opens `path` at each width in each theme and checks it once the page has finished loading its data.
 * Nobody has chosen a theme here, so the app follows the system's, which the browser is told.
 */
async function checkRoutes(page: Page, paths: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ reducedMotion: 'reduce', colorScheme });
    for (const { label, width, height } of widths) {
      await page.setViewportSize({ width, height });
      for (const path of paths) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        await expect(page.locator('main').first()).toBeVisible();
        await expect(page.locator('html')).toHaveClass(colorScheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
        found.push(...(await violations(page, `${path} @${label} ${colorScheme}`)));
      }
    }
  }
  return found;
}

async function ask(page: Page, question: string) {
  const box = page.getByRole('textbox', { name: 'Your question' });
  await box.fill(question);
  await box.press('Enter');
  await expect(page.getByText('All models responded')).toBeVisible({ timeout: 30_000 });
}

test('anonymous pages have no serious or critical accessibility violation', async ({ page }) => {
  test.setTimeout(480_000);
  const found = await checkRoutes(page, [
    '/',
    '/auth',
    '/auth?tab=register',
    '/forgot-password',
    '/reset-password?token=not-a-real-token',
    '/verify-email',
    '/pricing',
    '/leaderboard',
    '/privacy',
    '/terms',
    '/support',
    '/admin/login',
    '/r/AAAAAAAAAAAAAAAAAAAAAA',
    '/query/999999',
    '/no-such-page',
  ]);
  expect(found).toEqual([]);
});

test('Home with answers, and with a dialog open, has no serious or critical accessibility violation', async ({
  page,
}) => {
  test.setTimeout(480_000);
  const found: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.goto('/');
    await ask(page, `Which is the largest planet? (${colorScheme})`);
    found.push(...(await violations(page, `/ with answers @1366 ${colorScheme}`)));
    // The claim marks too.
    await page
      .getByRole('switch', { name: /Highlight differences/i })
      .first()
      .click();
    found.push(...(await violations(page, `/ with marks @1366 ${colorScheme}`)));
    await page.getByRole('button', { name: 'Terms and Conditions' }).first().click();
    await expect(page.getByRole('dialog', { name: 'Terms and Conditions' })).toBeVisible();
    found.push(...(await violations(page, `/ terms dialog @1366 ${colorScheme}`)));
  }
  expect(found).toEqual([]);
});

test('signed-in pages have no serious or critical accessibility violation', async ({ page }) => {
  test.setTimeout(480_000);
  const registered = await page.request.post('/api/register', {
    data: { ...member, termsAccepted: true, privacyPolicyAccepted: true },
  });
  expect(registered.status()).toBe(201);
  // Registering signs nobody in (decision 0035); the password does. The address stays unverified, so
  // /subscribe and /checkout show where they send such a member (the verify-email page).
  const signedIn = await page.request.post('/api/login', { data: { email: member.email, password: member.password } });
  expect(signedIn.status()).toBe(200);

  await page.goto('/');
  await ask(page, 'How far away is the Moon?');
  const home = await violations(page, '/ with answers @1366');
  await page
    .getByRole('link', { name: /View details/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/query\/\d+$/);
  const queryPath = new URL(page.url()).pathname;
  const shared = await page.request.post(`/api${queryPath}/share`, { data: {} });
  expect(shared.status()).toBe(200);
  const sharePath = new URL(((await shared.json()) as { share: { url: string } }).share.url).pathname;

  const found = await checkRoutes(page, [
    '/',
    queryPath,
    sharePath,
    '/profile',
    '/billing',
    '/pricing',
    '/subscribe',
    '/checkout/basic',
    '/add-payment-method',
    '/test-tools',
    '/support',
  ]);
  expect([...home, ...found]).toEqual([]);
});

test('admin console sections have no serious or critical accessibility violation', async ({ page }) => {
  test.setTimeout(480_000);
  const signedIn = await page.request.post('/api/login', {
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(signedIn.status()).toBe(200);
  const found = await checkRoutes(
    page,
    ['dashboard', 'users', 'payments', 'subscriptions', 'payment-settings', 'email-settings', 'settings'].map(
      (section) => `/admin?section=${section}`,
    ),
  );
  expect(found).toEqual([]);
});
