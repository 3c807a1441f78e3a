import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Plan, StripeConfig } from '../../../common/billing-schemas';
import type { PublicUser } from '../../../common/user-schemas';
import { installFakeFetch, type FakeHandler, type FakeResponse } from '../../../../tests/helpers/fake-fetch';
import { makePlan } from '../../../../tests/helpers/plans';
import { renderPage } from '../../../../tests/helpers/render';
import { makePublicUser, signedInMe } from '../../../../tests/helpers/users';
import { testConfig, unconfigured } from './checkout-test-data';
import { CheckoutPage } from './checkout-page';
import type { StripeLoader } from './stripe-loader';
import { failingLoader, fakeStripe, hangingLoader } from './stripe-test-helpers';

const started = {
  clientSecret: 'pi_1_secret_abc',
  subscriptionId: 'sub_1',
  successUrl: 'http://localhost/checkout/success',
};

function renderCheckout({
  at = '/checkout/basic',
  plan = makePlan(),
  config = testConfig,
  stripeLoader = fakeStripe().loader,
  stripeTimeoutMs,
  user = makePublicUser(),
  handlers = {},
}: {
  at?: string;
  plan?: Plan;
  config?: StripeConfig;
  stripeLoader?: StripeLoader;
  stripeTimeoutMs?: number;
  user?: PublicUser;
  handlers?: Record<string, FakeHandler | FakeResponse>;
} = {}) {
  const fake = installFakeFetch({
    'GET /api/me': signedInMe(user),
    [`GET /api/subscription-plans/${plan.id}`]: { json: plan },
    'GET /api/stripe/config': { json: config },
    'POST /api/stripe/create-subscription': { json: started },
    ...handlers,
  });
  const page = <CheckoutPage stripeLoader={stripeLoader} stripeTimeoutMs={stripeTimeoutMs} />;
  const view = renderPage(page, {
    path: '/checkout/:planId',
    at,
    routes: [
      { path: '/checkout', element: page },
      { path: '/pricing', element: <p>Pricing stand-in</p> },
      { path: '/', element: <p>Home stand-in</p> },
      { path: '/checkout/success', element: <p>Success stand-in</p> },
      { path: '/billing', element: <p>Billing stand-in</p> },
    ],
  });
  return { ...fake, ...view };
}

const subscriptionCalls = (requests: { method: string; path: string }[]) =>
  requests.filter((r) => r.method === 'POST' && r.path === '/api/stripe/create-subscription');

describe('CheckoutPage', () => {
  it('sends a visitor without a plan id to /pricing', async () => {
    const { router } = renderCheckout({ at: '/checkout' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/pricing'));
    expect(screen.getByText('Pricing stand-in')).toBeInTheDocument();
  });

  it('buys the test plan from /checkout?plan=testPlan', async () => {
    const { requests } = renderCheckout({
      at: '/checkout?plan=testPlan',
      plan: makePlan({ id: 'test', name: 'test', displayName: 'Test Plan', price: 99, testOnly: true }),
    });
    expect(await screen.findByText('Test Plan plan')).toBeInTheDocument();
    expect(requests.some((r) => r.path === '/api/subscription-plans/test')).toBe(true);
  });

  it('shows the order summary with price, features and total today, and links back to pricing', async () => {
    renderCheckout({
      plan: makePlan({ features: ['333 questions per month', 'Comparison analysis', 'Session history'] }),
    });
    const summary = await screen.findByRole('region', { name: 'Order summary' });
    expect(within(summary).getByText('Basic plan')).toBeInTheDocument();
    expect(within(summary).getByText('per month')).toBeInTheDocument();
    // The allowance once, on its own line; what every account gets is not sold as part of the plan.
    expect(within(summary).getAllByText('333 questions per month')).toHaveLength(1);
    expect(within(summary).getByRole('list', { name: 'Included' })).toHaveTextContent(/^Session history$/);
    expect(within(summary).queryByText('Comparison analysis')).not.toBeInTheDocument();
    expect(within(summary).getByText('Total today')).toBeInTheDocument();
    expect(within(summary).getAllByText('$4.99').length).toBeGreaterThanOrEqual(2);
    expect(screen.getByRole('link', { name: 'Back to pricing' })).toHaveAttribute('href', '/pricing');
  });

  it('says plainly that payments are not available when no publishable key is configured', async () => {
    const { requests } = renderCheckout({ config: unconfigured });
    expect(await screen.findByText('Payments are not available yet')).toBeInTheDocument();
    expect(screen.getByText('Basic plan')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument();
    expect(subscriptionCalls(requests)).toHaveLength(0);
  });

  it('says the same when the server answers 503 to the subscription request', async () => {
    renderCheckout({
      handlers: {
        'POST /api/stripe/create-subscription': {
          status: 503,
          json: { message: 'Payments are not configured yet. Please try again later.' },
        },
      },
    });
    expect(await screen.findByText('Payments are not available yet')).toBeInTheDocument();
  });

  it("shows the server's reason when the plan cannot be bought", async () => {
    renderCheckout({
      handlers: {
        'POST /api/stripe/create-subscription': {
          status: 400,
          json: { message: 'This plan is currently unavailable' },
        },
      },
    });
    expect(await screen.findByText('This plan is currently unavailable')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose another plan' })).toHaveAttribute('href', '/pricing');
  });

  it("shows the server's reason and reads the account again when it already holds a subscription (409)", async () => {
    let meCalls = 0;
    const { requests } = renderCheckout({
      handlers: {
        'GET /api/me': () => {
          meCalls += 1;
          return signedInMe(makePublicUser());
        },
        'POST /api/stripe/create-subscription': {
          status: 409,
          json: { message: 'You already have a subscription. Open the checkout page of the plan you want.' },
        },
      },
    });
    expect(await screen.findByText(/You already have a subscription/)).toBeInTheDocument();
    await waitFor(() => expect(meCalls).toBeGreaterThan(1));
    expect(subscriptionCalls(requests)).toHaveLength(1);
  });

  it('does not start a subscription for a plan without a price id', async () => {
    const { requests } = renderCheckout({ plan: makePlan({ stripePriceId: null }) });
    expect(await screen.findByText('This plan is currently unavailable')).toBeInTheDocument();
    expect(subscriptionCalls(requests)).toHaveLength(0);
  });

  it('says when the plan does not exist', async () => {
    renderCheckout({
      at: '/checkout/gold',
      handlers: { 'GET /api/subscription-plans/gold': { status: 404, json: { message: 'Plan not found' } } },
    });
    expect(await screen.findByRole('heading', { name: 'Plan not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View all plans' })).toHaveAttribute('href', '/pricing');
  });

  it('toasts a Configuration Error and offers Retry when the payment settings cannot be read', async () => {
    let calls = 0;
    const { user } = renderCheckout({
      handlers: {
        'GET /api/stripe/config': () => {
          calls += 1;
          return calls === 1 ? { status: 500, json: { message: 'boom' } } : { json: testConfig };
        },
      },
    });
    expect(await screen.findByText('Configuration Error')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Pay $4.99' })).toBeInTheDocument();
  });

  it('keeps the summary and offers Retry when Stripe.js cannot load', async () => {
    const loader = vi.fn(failingLoader);
    const { user } = renderCheckout({ stripeLoader: loader });
    expect(
      await screen.findByText('Could not load the payment form. Check your connection and try again.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Basic plan')).toBeInTheDocument();
    const calls = loader.mock.calls.length;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(loader.mock.calls.length).toBeGreaterThan(calls));
    expect(
      await screen.findByText('Could not load the payment form. Check your connection and try again.'),
    ).toBeInTheDocument();
  });

  it('gives up on a Stripe.js load that never answers, then loads on Retry', async () => {
    const working = fakeStripe();
    let first = true;
    const loader: StripeLoader = (key) => {
      if (first) {
        first = false;
        return hangingLoader(key);
      }
      return working.loader(key);
    };
    const { user } = renderCheckout({ stripeLoader: loader, stripeTimeoutMs: 50 });
    await user.click(await screen.findByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pay $4.99' })).toBeEnabled());
  });

  it('reports a Payment Element that fails to load', async () => {
    renderCheckout({ stripeLoader: fakeStripe({ elementLoadError: 'blocked' }).loader });
    expect(
      await screen.findByText('Could not load the payment form. Check your connection and try again.'),
    ).toBeInTheDocument();
  });

  it('starts one subscription, pays, shows success and goes home after 2 s', async () => {
    const { stripe, loader } = fakeStripe();
    const { user, requests, router } = renderCheckout({ stripeLoader: loader });
    const pay = await screen.findByRole('button', { name: 'Pay $4.99' });
    await waitFor(() => expect(pay).toBeEnabled());
    expect(subscriptionCalls(requests)).toEqual([
      { method: 'POST', path: '/api/stripe/create-subscription', body: { planId: 'basic' } },
    ]);
    expect(stripe.elements).toHaveBeenCalledWith(expect.objectContaining({ clientSecret: 'pi_1_secret_abc' }));

    await user.click(pay);
    expect(stripe.confirmPayment).toHaveBeenCalledWith({
      elements: expect.anything(),
      confirmParams: { return_url: 'http://localhost/checkout/success?subscription_id=sub_1' },
      redirect: 'if_required',
    });
    expect(await screen.findByText('Payment successful!')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/checkout/basic');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 3000 });
    expect(router.state.location.search).toBe('?refresh_subscription=true&payment_success=true');
  });

  it("reads 'Processing...' while confirming and toasts the provider's reason on failure", async () => {
    let answer!: (value: unknown) => void;
    const { loader } = fakeStripe({
      confirmPayment: () => new Promise((resolve) => (answer = resolve)),
    });
    const { user } = renderCheckout({ stripeLoader: loader });
    const pay = await screen.findByRole('button', { name: 'Pay $4.99' });
    await waitFor(() => expect(pay).toBeEnabled());
    await user.click(pay);
    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
    answer({ error: { type: 'card_error', message: 'Your card was declined.' } });
    expect(await screen.findByText('Payment Failed')).toBeInTheDocument();
    expect(screen.getByText('Your card was declined.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pay $4.99' })).toBeEnabled());
  });

  it('falls back to a generic reason when the provider gives none', async () => {
    const { loader } = fakeStripe({ confirmPayment: async () => ({ error: { type: 'api_error' } }) });
    const { user } = renderCheckout({ stripeLoader: loader });
    const pay = await screen.findByRole('button', { name: 'Pay $4.99' });
    await waitFor(() => expect(pay).toBeEnabled());
    await user.click(pay);
    expect(await screen.findByText('An error occurred during payment processing.')).toBeInTheDocument();
  });

  it('hands a payment that is still processing to the success page', async () => {
    const { loader } = fakeStripe({
      confirmPayment: async () => ({
        paymentIntent: { id: 'pi_9', client_secret: 'pi_9_secret', status: 'processing' },
      }),
    });
    const { user, router } = renderCheckout({ stripeLoader: loader });
    const pay = await screen.findByRole('button', { name: 'Pay $4.99' });
    await waitFor(() => expect(pay).toBeEnabled());
    await user.click(pay);
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/success'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      payment_intent: 'pi_9',
      payment_intent_client_secret: 'pi_9_secret',
      subscription_id: 'sub_1',
    });
  });
});
