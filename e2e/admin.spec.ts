import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN } from './support/paths.mjs';

// The administrator console (docs/product.md, "Admin console"): the guard on /admin, the
// admin login, editing a user's question allowance, creating and deactivating a plan, and
// signing in as a user and back.

const unique = Date.now().toString(36);
const account = { username: `member_${unique}`, email: `member_${unique}@example.com`, password: 'member-secret-1' };
const plan = { name: `e2e_plan_${unique}`, displayName: `E2E Plan ${unique}` };

interface Me {
  id: number;
  username: string;
  impersonatedBy: number | null;
}

async function me(page: Page): Promise<Me> {
  const response = await page.request.get('/api/me');
  expect(response.status()).toBe(200);
  return (await response.json()) as Me;
}

const impersonatingFlag = (page: Page) => page.evaluate(() => sessionStorage.getItem('isImpersonating'));

test('an anonymous visit to /admin lands on the admin login', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Access Admin Panel' })).toBeVisible();
});

test('admin login, edit a user, create and deactivate a plan, login as the user and return', async ({
  page,
  request,
}) => {
  // The member registers through its own API context, so the page's browser stays signed out.
  const registered = await request.post('/api/register', {
    data: { ...account, termsAccepted: true, privacyPolicyAccepted: true },
  });
  expect(registered.status()).toBe(201);
  // Registration signs nobody in (decision 0035): the member's password does, in its own API context.
  const signedIn = await request.post('/api/login', { data: { email: account.email, password: account.password } });
  expect(signedIn.status()).toBe(200);
  const member = (await signedIn.json()) as Me;

  await page.goto('/admin/login');
  await page.getByLabel('Admin Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Access Admin Panel' }).click();
  await expect(page.getByText('Admin access granted', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);
  const admin = await me(page);
  expect(admin).toMatchObject({ username: E2E_ADMIN.username, impersonatedBy: null });

  const sections = page.getByRole('navigation', { name: 'Admin sections' });

  // Users: find the member and change the question allowance.
  await sections.getByRole('link', { name: 'Users', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search users', exact: true }).fill(account.username);
  const users = page.getByRole('table', { name: 'Registered users' });
  const memberRow = users.getByRole('row').filter({ hasText: account.email });
  await expect(memberRow).toHaveCount(1);
  await expect(users.getByRole('row')).toHaveCount(2); // the header and the member: the search took effect
  await memberRow.getByRole('button', { name: `Edit ${account.username}` }).click();

  const editDialog = page.getByRole('dialog', { name: 'Edit User' });
  await expect(editDialog).toBeVisible();
  await editDialog.getByLabel('Free Questions Remaining').fill('12');
  await editDialog.getByLabel('Paid Questions Remaining').fill('-1');
  await editDialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('User updated', { exact: true })).toBeVisible();
  await expect(editDialog).toBeHidden();
  await expect(memberRow.getByRole('definition')).toHaveText(['12', 'Unlimited']);
  // Saved, not only shown: a fresh load of the list says the same.
  await page.reload();
  await page.getByRole('searchbox', { name: 'Search users', exact: true }).fill(account.username);
  await expect(users.getByRole('row')).toHaveCount(2);
  await expect(memberRow.getByRole('definition')).toHaveText(['12', 'Unlimited']);
  // The dialog's allowance history names the edit and who made it, newest first, above the account's opening.
  await memberRow.getByRole('button', { name: `Edit ${account.username}` }).click();
  const history = editDialog.getByRole('table', { name: 'Allowance history' });
  const historyRows = history.getByRole('row').filter({ hasText: 'Set by an administrator' });
  await expect(historyRows).toHaveCount(2);
  await expect(historyRows.first()).toContainText('To unlimited');
  await expect(historyRows.first()).toContainText(E2E_ADMIN.username);
  await expect(history.getByRole('row').last()).toContainText('Account created');
  await editDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(editDialog).toBeHidden();

  // Subscriptions: create a plan, then deactivate it.
  await sections.getByRole('link', { name: 'Subscriptions', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Subscriptions', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Add Plan' }).click();
  const planDialog = page.getByRole('dialog', { name: 'Create Subscription Plan' });
  await expect(planDialog).toBeVisible();
  await planDialog.getByLabel('Name', { exact: true }).fill(plan.name);
  await planDialog.getByLabel('Display name', { exact: true }).fill(plan.displayName);
  await planDialog.getByLabel('Price', { exact: true }).fill('9.99');
  await planDialog.getByLabel('Query limit', { exact: true }).fill('100');
  await planDialog.getByRole('button', { name: 'Create Plan' }).click();
  await expect(page.getByText('Plan Created', { exact: true })).toBeVisible();
  await expect(planDialog).toBeHidden();

  const planRow = page
    .getByRole('table', { name: 'Subscription plans' })
    .getByRole('row')
    .filter({ hasText: plan.name });
  await expect(planRow).toHaveCount(1);
  // What the cells show: a cell also holds its column's name for the phone's card layout, hidden here.
  await expect(planRow.getByRole('cell')).toHaveText(
    [plan.name, plan.displayName, /\$9\.99/, '100', '—', 'Active', /Edit/],
    { useInnerText: true },
  );

  const offered = async () => {
    const response = await request.get('/api/subscription-plans');
    expect(response.status()).toBe(200);
    return ((await response.json()) as { name: string }[]).map((p) => p.name);
  };
  expect(await offered()).toContain(plan.name);

  await planRow.getByRole('button', { name: `Deactivate ${plan.displayName}` }).click();
  await expect(page.getByText('Plan deactivated successfully', { exact: true })).toBeVisible();
  await expect(planRow.getByRole('cell').nth(5)).toHaveText('Inactive', { useInnerText: true });
  await expect(planRow.getByRole('button', { name: `Activate ${plan.displayName}` })).toBeVisible();
  expect(await offered()).not.toContain(plan.name);

  // Back in Users: sign in as the member.
  await sections.getByRole('link', { name: 'Users', exact: true }).click();
  await page.getByRole('searchbox', { name: 'Search users', exact: true }).fill(account.username);
  await expect(users.getByRole('row')).toHaveCount(2);
  await memberRow.getByRole('button', { name: `More actions for ${account.username}` }).click();
  await page.getByRole('menuitem', { name: `Login As ${account.username}` }).click();
  // Signing in as a user asks for no confirmation (user-action-confirm.tsx): the browser goes straight home.
  await expect(page).toHaveURL(/\/$/);

  const banner = page.getByRole('region', { name: 'Impersonation' });
  await expect(banner.getByText(`Viewing as ${account.username}`, { exact: true })).toBeVisible();
  await expect(banner).toHaveClass(/bg-yellow-100/);
  expect(await me(page)).toMatchObject({ id: member.id, username: account.username, impersonatedBy: admin.id });
  expect(await impersonatingFlag(page)).toBe('true');
  expect(await page.evaluate(() => sessionStorage.getItem('originalAdminId'))).toBe(String(admin.id));

  await banner.getByRole('button', { name: 'Return to Admin Account' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('navigation', { name: 'Admin sections' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Impersonation' })).toHaveCount(0);
  expect(await me(page)).toMatchObject({ id: admin.id, username: E2E_ADMIN.username, impersonatedBy: null });
  expect(await impersonatingFlag(page)).toBeNull();
  expect(await page.evaluate(() => sessionStorage.getItem('originalAdminId'))).toBeNull();
});
