import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StripeConfig } from '../../../common/billing-schemas';
import { installFakeFetch, type FakeHandler, type FakeResponse } from '../../../../tests/helpers/fake-fetch';
import { renderPage } from '../../../../tests/helpers/render';
import { AddPaymentMethodPage } from './add-payment-method-page';
import { testConfig, unconfigured } from './checkout-test-data';
import type { StripeLoader } from './stripe-loader';
import { failingLoader, fakeStripe } from './stripe-test-helpers';

function renderAddCard({
  config = testConfig,
  stripeLoader = fakeStripe().loader,
  handlers = {},
}: { config?: StripeConfig; stripeLoader?: StripeLoader; handlers?: Record<string, FakeHandler | FakeResponse> } = {}) {
  const fake = installFakeFetch({
    'GET /api/stripe/config': { json: config },
    'POST /api/billing/setup-intent': { json: { clientSecret: 'seti_1_secret_abc' } },
    ...handlers,
  });
  const view = renderPage(<AddPaymentMethodPage stripeLoader={stripeLoader} />, {
    path: '/add-payment-method',
    routes: [{ path: '/billing', element: <p>Billing stand-in</p> }],
  });
  return { ...fake, ...view };
}

const setupCalls = (requests: { method: string; path: string }[]) =>
  requests.filter((r) => r.method === 'POST' && r.path === '/api/billing/setup-intent');

describe('AddPaymentMethodPage', () => {
  it('creates one SetupIntent, saves the card and returns to the payment methods tab', async () => {
    const { stripe, loader } = fakeStripe();
    const { user, requests, router } = renderAddCard({ stripeLoader: loader });
    const save = await screen.findByRole('button', { name: 'Save Payment Method' });
    await waitFor(() => expect(save).toBeEnabled());
    expect(setupCalls(requests)).toHaveLength(1);
    expect(stripe.elements).toHaveBeenCalledWith(expect.objectContaining({ clientSecret: 'seti_1_secret_abc' }));
    await user.click(save);
    expect(stripe.confirmSetup).toHaveBeenCalledWith({
      elements: expect.anything(),
      confirmParams: { return_url: 'http://localhost:3000/billing?tab=payment-methods' },
      redirect: 'if_required',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/billing'));
    expect(router.state.location.search).toBe('?tab=payment-methods');
    expect(await screen.findByText('Payment method added')).toBeInTheDocument();
  });

  it("toasts the provider's reason when the card is refused", async () => {
    const { loader } = fakeStripe({
      confirmSetup: async () => ({ error: { type: 'card_error', message: 'Your card has expired.' } }),
    });
    const { user, router } = renderAddCard({ stripeLoader: loader });
    const save = await screen.findByRole('button', { name: 'Save Payment Method' });
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    expect(await screen.findByText('Failed to add payment method')).toBeInTheDocument();
    expect(screen.getByText('Your card has expired.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/add-payment-method');
  });

  it('says payments are not available without a publishable key, and asks for no SetupIntent', async () => {
    const { requests } = renderAddCard({ config: unconfigured });
    expect(await screen.findByText('Payments are not available yet')).toBeInTheDocument();
    for (const link of screen.getAllByRole('link', { name: 'Back to billing' })) {
      expect(link).toHaveAttribute('href', '/billing?tab=payment-methods');
    }
    expect(setupCalls(requests)).toHaveLength(0);
  });

  it('offers Retry when Stripe.js cannot load', async () => {
    renderAddCard({ stripeLoader: failingLoader });
    expect(
      await screen.findByText('Could not load the payment form. Check your connection and try again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('offers Retry when the SetupIntent cannot be created', async () => {
    renderAddCard({ handlers: { 'POST /api/billing/setup-intent': { status: 500, json: { message: 'boom' } } } });
    expect(await screen.findByText('Could not start adding a card. Please try again.')).toBeInTheDocument();
  });
});
