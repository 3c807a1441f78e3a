import { expect, test, type Page } from '@playwright/test';
import { outboxLink } from './support/outbox';

// One person's first visit: register, verify through the emailed link, sign out, sign in by
// username, change the password, and sign in with the new one.

const unique = Date.now().toString(36);
const username = `e2e_${unique}`;
const email = `e2e_${unique}@example.com`;
const firstPassword = 'first-secret-1';
const secondPassword = 'second-secret-2';

async function login(page: Page, identifier: string, password: string) {
  await page.goto('/auth');
  await page.getByLabel('Email or username').fill(identifier);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

async function logoutFromHome(page: Page) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('Logout successful', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login / Register' })).toBeVisible();
}

test('register, verify by email, sign out, sign in by username, change the password', async ({ page }) => {
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    // An anonymous visitor's probe of /api/me answers 200 null (decision 0044), so it logs nothing. The one
    // refusal expected is the old password's sign-in below (401 by the spec), which Chromium logs itself.
    const refusedLogin = message.text().includes('status of 401') && message.location().url.endsWith('/api/login');
    if (message.type() === 'error' && !refusedLogin) consoleErrors.push(message.text());
  });

  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Register' }).click();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(firstPassword);
  await page.getByLabel('Confirm Password', { exact: true }).fill(firstPassword);
  await page.getByRole('checkbox', { name: /Terms and Conditions/ }).check();
  await page.getByRole('checkbox', { name: /Privacy Policy/ }).check();
  await page.getByRole('button', { name: 'Create account' }).click();

  // Nobody is signed in yet (decision 0035): the tab asks to check the email, whose link signs in.
  await expect(page.getByText('Registration successful', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
  await expect(page.getByText(`We sent a message to ${email}.`)).toBeVisible();
  await expect(page).toHaveURL(/\/auth\?tab=register$/);

  const verifyLink = await outboxLink(email, /Verify/);
  expect(verifyLink).toMatch(/\/verify-email\?token=/);
  await page.goto(verifyLink);
  await expect(page.getByRole('heading', { name: 'Email Verified' })).toBeVisible();
  await page
    .getByRole('button', { name: 'Go to Dashboard' })
    .or(page.getByRole('link', { name: 'Go to Dashboard' }))
    .click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(username).first()).toBeVisible();
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();

  // The same link again (a second click, the back button): no red failure, the way on instead.
  await page.goto(verifyLink);
  await expect(page.getByRole('heading', { name: 'Already Verified' })).toBeVisible();
  await expect(page.getByText('Email verification failed')).toHaveCount(0);
  await page.getByRole('link', { name: 'Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/$/);

  await logoutFromHome(page);

  await login(page, username.toUpperCase(), firstPassword);
  await expect(page.getByText('Login successful', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(username).first()).toBeVisible();

  await page.goto('/profile');
  await page.getByLabel('Current Password', { exact: true }).fill(firstPassword);
  await page.getByLabel('New Password', { exact: true }).fill(secondPassword);
  await page.getByLabel('Confirm New Password', { exact: true }).fill(secondPassword);
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Password Changed', { exact: true })).toBeVisible();

  await logoutFromHome(page);

  await login(page, email, firstPassword);
  await expect(page.getByText('Invalid email/username or password', { exact: true })).toBeVisible();
  await login(page, email, secondPassword);
  await expect(page.getByText('Login successful', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  expect(consoleErrors).toEqual([]);
});
