import { expect, test } from '@playwright/test';
import { outboxLink } from './support/outbox';
import { FAKE_STRIPE_PORT } from './support/paths.mjs';

// A subscriber's path against the fake Stripe: the plans, the checkout page up to the Payment
// Element (Stripe.js itself cannot load offline), the payment (made by the fake, as a card would),
// the success page, and cancelling and resuming on the billing page.

const unique = Date.now().toString(36);
const account = { username: `payer_${unique}`, email: `payer_${unique}@example.com`, password: 'payer-secret-1' };

test('pricing, checkout, success page, then cancel and resume on the billing page', async ({ page }) => {
  const registered = await page.request.post('/api/register', {
    data: { ...account, termsAccepted: true, privacyPolicyAccepted: true },
  });
  expect(registered.status()).toBe(201);
  await page.goto(await outboxLink(account.email, /Verify/));
  await expect(page.getByRole('heading', { name: 'Email Verified' })).toBeVisible();

  await page.goto('/pricing');
  const basic = page.getByRole('article', { name: 'Basic' });
  await expect(page.getByText('$4.99').first()).toBeVisible();
  await expect(page.getByText('Popular').first()).toBeVisible();
  await expect(page.getByText(/Frequently asked questions/i)).toBeVisible();
  await basic.getByRole('button', { name: 'Select Plan' }).click();
  await expect(page).toHaveURL(/\/checkout\/basic$/);
  await expect(page.getByText('$4.99').first()).toBeVisible();
  // Offline, Stripe.js never arrives: the page says so instead of showing a broken form.
  await expect(page.getByText('Could not load the payment form. Check your connection and try again.')).toBeVisible({
    timeout: 30_000,
  });

  // The payment itself: the fake Stripe pays the subscription's first invoice and tells the app.
  const created = await page.request.post('/api/stripe/create-subscription', { data: { planId: 'basic' } });
  expect(created.status()).toBe(200);
  const { subscriptionId, clientSecret } = (await created.json()) as { subscriptionId: string; clientSecret: string };
  const paid = await fetch(`http://127.0.0.1:${FAKE_STRIPE_PORT}/__fake/subscriptions/${subscriptionId}/pay`, {
    method: 'POST',
  });
  expect(paid.status).toBe(200);
  await expect
    .poll(async () => (await (await page.request.get('/api/me')).json()).subscriptionStatus, { timeout: 15_000 })
    .toBe('active');

  const paymentIntent = clientSecret.split('_secret_')[0];
  await page.goto(
    `/checkout/success?payment_intent=${paymentIntent}&payment_intent_client_secret=${encodeURIComponent(clientSecret)}&subscription_id=${subscriptionId}`,
  );
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible({ timeout: 20_000 });
  await page.goto('/checkout/success');
  await expect(page.getByRole('heading', { name: 'Invalid Request' })).toBeVisible();

  await page.goto('/billing');
  await expect(page.getByRole('tab', { name: 'Active Plan' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Manage Cancellation' })).toBeVisible();
  await expect(page.getByText('Basic').first()).toBeVisible();
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await page.getByRole('button', { name: 'Yes, Cancel Subscription' }).click();
  await expect(page.getByText('Cancels Soon').first()).toBeVisible({ timeout: 15_000 });
  await expect
    .poll(async () => (await (await page.request.get('/api/me')).json()).subscriptionStatus)
    .toBe('pending_cancellation');

  await page.getByRole('button', { name: 'Resume Subscription' }).first().click();
  await page.getByRole('button', { name: 'Yes, Resume' }).click();
  await expect(page.getByText('Cancels Soon')).toHaveCount(0, { timeout: 15_000 });
  await expect.poll(async () => (await (await page.request.get('/api/me')).json()).subscriptionStatus).toBe('active');

  await page.getByRole('tab', { name: /Payment Methods/i }).click();
  await expect(page.getByText('4242').first()).toBeVisible();
});
