import { expect, test, type Page } from '@playwright/test';
import { outboxLink } from './support/outbox';
import { E2E_ADMIN, FAKE_STRIPE_PORT } from './support/paths.mjs';

// A signed-in user opens checkout and leaves without paying (decision 0019). The attempt the page
// started at Stripe is not their plan: Billing offers the plans, Home says Free; coming back reuses
// the same attempt; once Stripe expires it, the admin console lists it as an abandoned checkout.

const unique = Date.now().toString(36);
const account = { username: `leaver_${unique}`, email: `leaver_${unique}@example.com`, password: 'leaver-secret-1' };
const fakeStripe = `http://127.0.0.1:${FAKE_STRIPE_PORT}/__fake`;

interface FakeSubscription {
  id: string;
  status: string;
  customer: string;
}

/** The user's subscriptions at the fake Stripe, as its state dump has them. */
async function subscriptionsAtStripe(page: Page): Promise<FakeSubscription[]> {
  const me = (await (await page.request.get('/api/me')).json()) as { stripeCustomerId: string | null };
  const state = (await (await fetch(`${fakeStripe}/state`)).json()) as { subscriptions: FakeSubscription[] };
  return state.subscriptions.filter((s) => me.stripeCustomerId && s.customer === me.stripeCustomerId);
}

/** Opens /checkout/:plan and returns the subscription id the page's create-subscription call got. */
async function openCheckout(page: Page, plan: string): Promise<string> {
  const created = page.waitForResponse((r) => r.url().endsWith('/api/stripe/create-subscription'));
  await page.goto(`/checkout/${plan}`);
  const response = await created;
  expect(response.status()).toBe(200);
  return ((await response.json()) as { subscriptionId: string }).subscriptionId;
}

async function expectPlanCards(page: Page) {
  await page.goto('/billing');
  await expect(page.getByRole('heading', { name: 'You have no active subscription' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Get Subscription' })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(3);
  await expect(page.getByRole('article', { name: 'Basic' }).getByRole('link', { name: 'Subscribe' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Active Plan' })).toHaveCount(0);
  await expect(page.getByText('Current period ends')).toHaveCount(0);
  await expect(page.getByText('Incomplete')).toHaveCount(0);
}

test('checkout left unpaid: Billing offers the plans, Home says Free, a return visit reuses the attempt, the admin sees it once it expired', async ({
  page,
  browser,
}) => {
  const registered = await page.request.post('/api/register', {
    data: { ...account, termsAccepted: true, privacyPolicyAccepted: true },
  });
  expect(registered.status()).toBe(201);
  await page.goto(await outboxLink(account.email, /Verify/));
  await expect(page.getByRole('heading', { name: 'Email Verified' })).toBeVisible();

  const attempt = await openCheckout(page, 'basic');
  await expect(page.getByText('$4.99').first()).toBeVisible();
  expect(await subscriptionsAtStripe(page)).toEqual([expect.objectContaining({ id: attempt, status: 'incomplete' })]);
  // Stripe's customer.subscription.created reaches the app; the attempt must still not become the plan.
  await expect
    .poll(async () => {
      const deliveries = (await (await fetch(`${fakeStripe}/deliveries`)).json()) as { type: string; status: number }[];
      return deliveries.some((d) => d.type === 'customer.subscription.created' && d.status === 200);
    })
    .toBe(true);

  await expectPlanCards(page);
  await page.goto('/');
  const box = page.getByRole('region', { name: 'Account' });
  await expect(box.getByText(account.username)).toBeVisible();
  await expect(box.locator('dt', { hasText: 'Plan' }).locator('xpath=following-sibling::dd')).toHaveText('Free');
  await expect(box.getByRole('link', { name: 'Subscribe' })).toBeVisible();
  expect(await (await page.request.get('/api/me')).json()).toMatchObject({
    subscriptionStatus: null,
    subscriptionTier: 'free',
    stripeSubscriptionId: null,
  });

  // Back to the same checkout: the same attempt, no second subscription at Stripe.
  expect(await openCheckout(page, 'basic')).toBe(attempt);
  expect(await subscriptionsAtStripe(page)).toHaveLength(1);

  // A day later Stripe has expired it; the user is still free and the admin sees what was abandoned.
  expect((await fetch(`${fakeStripe}/subscriptions/${attempt}/expire`, { method: 'POST' })).status).toBe(200);
  await expectPlanCards(page);

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await admin.goto('/admin/login');
  await admin.getByLabel('Admin Email').fill(E2E_ADMIN.email);
  await admin.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await admin.getByRole('button', { name: 'Access Admin Panel' }).click();
  await expect(admin).toHaveURL(/\/admin$/);
  await admin.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Subscriptions' }).click();
  await admin.getByRole('tab', { name: 'Abandoned Checkouts' }).click();
  const row = admin
    .getByRole('table', { name: 'Abandoned checkouts' })
    .getByRole('row')
    .filter({ hasText: account.email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('$4.99');
  await expect(row).toContainText('Basic');
  await expect(row).toContainText('expired');
  await adminContext.close();
});
