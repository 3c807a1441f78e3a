import { expect, test, type APIRequestContext } from '@playwright/test';
import { outboxLink } from './support/outbox';
import { FAKE_STRIPE_PORT } from './support/paths.mjs';

// A subscriber's plan change against the fake Stripe (decision 0020): opening /checkout/<plan>
// shows the change and changes nothing; "Confirm change" makes it.

const unique = Date.now().toString(36);
const account = { username: `changer_${unique}`, email: `changer_${unique}@example.com`, password: 'changer-secret-1' };
const fakeStripe = `http://127.0.0.1:${FAKE_STRIPE_PORT}`;

const me = async (request: APIRequestContext) =>
  (await (await request.get('/api/me')).json()) as Record<string, unknown>;

async function stripePrice(subscriptionId: string): Promise<string> {
  const state = (await (await fetch(`${fakeStripe}/__fake/state`)).json()) as {
    subscriptions: { id: string; items: { data: { price: { id: string } }[] } }[];
  };
  return state.subscriptions.find((s) => s.id === subscriptionId)!.items.data[0]!.price.id;
}

test('a subscriber sees the change on /checkout/standard, nothing changes until Confirm change, then the plan is Standard', async ({
  page,
}) => {
  const registered = await page.request.post('/api/register', {
    data: { ...account, termsAccepted: true, privacyPolicyAccepted: true },
  });
  expect(registered.status()).toBe(201);
  await page.goto(await outboxLink(account.email, /Verify/));
  await expect(page.getByRole('heading', { name: 'Email Verified' })).toBeVisible();

  // A paid Basic subscription, made and paid through the fake Stripe as a card would.
  const created = await page.request.post('/api/stripe/create-subscription', { data: { planId: 'basic' } });
  expect(created.status()).toBe(200);
  const { subscriptionId } = (await created.json()) as { subscriptionId: string };
  expect((await fetch(`${fakeStripe}/__fake/subscriptions/${subscriptionId}/pay`, { method: 'POST' })).status).toBe(
    200,
  );
  await expect.poll(async () => (await me(page.request)).subscriptionStatus, { timeout: 15_000 }).toBe('active');

  await page.goto('/checkout/standard');
  await expect(page.getByRole('heading', { name: 'Change plan' })).toBeVisible();
  const change = page.getByRole('region', { name: 'Your plan change' });
  await expect(change.getByText('Current plan')).toBeVisible();
  await expect(change.getByText('Basic', { exact: true })).toBeVisible();
  await expect(change.getByText('$4.99', { exact: true })).toBeVisible();
  await expect(change.getByText('Standard', { exact: true })).toBeVisible();
  await expect(change.getByText('$19.99', { exact: true })).toBeVisible();
  await expect(change.getByText('Upgrade', { exact: true })).toBeVisible();
  const today = change.getByLabel('What happens').locator('dd').first();
  await expect(today).toHaveText(/^\$\d+\.\d\d$/);
  const charged = await today.textContent();
  await expect(page.getByRole('region', { name: 'Order summary' })).toHaveCount(0);

  // Opening the page changed nothing, here or at Stripe.
  expect(await me(page.request)).toMatchObject({ subscriptionTier: 'basic', paidQuestionsRemaining: 333 });
  expect(await stripePrice(subscriptionId)).toBe('price_fake_basic');

  await change.getByRole('button', { name: 'Confirm change' }).click();
  await expect(page.getByRole('heading', { name: 'Plan changed!' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(`We charged ${charged} today.`, { exact: false })).toBeVisible();
  expect(await me(page.request)).toMatchObject({ subscriptionTier: 'standard', paidQuestionsRemaining: 2001 });
  expect(await stripePrice(subscriptionId)).toBe('price_fake_standard');
  // Home, which reads the subscription again (and tidies its address).
  await expect(page).toHaveURL((url) => url.pathname === '/', { timeout: 10_000 });
});
