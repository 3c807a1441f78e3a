import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PREFILL_EMAIL_KEY, SESSION_ID_KEYS } from '../../lib/browser-storage';
import type { PublicUser } from '../../../common/user-schemas';
import { installFakeFetch, type FakeHandler, type FakeResponse } from '../../../../tests/helpers/fake-fetch';
import { renderPage } from '../../../../tests/helpers/render';
import { makePublicUser, signedInMe } from '../../../../tests/helpers/users';
import { directCheckoutUrl } from './direct-checkout';
import { SubscribePage } from './subscribe-page';
import { allPlans } from './subscribe-test-data';

const SESSION = 'sessiontest0001';

function renderSubscribe({
  at = '/subscribe',
  user = makePublicUser(),
  mode = 'test' as 'test' | 'live',
  handlers = {},
}: {
  at?: string;
  user?: PublicUser;
  mode?: 'test' | 'live';
  handlers?: Record<string, FakeHandler | FakeResponse>;
} = {}) {
  const redirect = vi.fn();
  const fake = installFakeFetch({
    'GET /api/me': signedInMe(user),
    'GET /api/subscription-plans': { json: allPlans },
    'GET /api/stripe/config': { json: { mode, publishableKey: 'pk_test_1', configured: true } },
    ...handlers,
  });
  const view = renderPage(<SubscribePage redirect={redirect} />, {
    path: '/subscribe',
    at,
    routes: [{ path: '/checkout/:planId', element: <p>Checkout stand-in</p> }],
  });
  return { ...fake, ...view, redirect };
}

const planSection = (name: string) => screen.getByRole('region', { name });

beforeEach(() => {
  for (const key of SESSION_ID_KEYS) localStorage.setItem(key, SESSION);
});

describe('directCheckoutUrl', () => {
  it('adds the four parameters, URL-encoded, keeping the link’s own', () => {
    const url = new URL(
      directCheckoutUrl('https://buy.stripe.com/test_x?locale=en', {
        userId: 7,
        sessionId: 's1',
        email: ' ada+1@example.com ',
        origin: 'https://app.example',
      }),
    );
    expect(url.origin + url.pathname).toBe('https://buy.stripe.com/test_x');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      locale: 'en',
      client_reference_id: '7',
      user_session_id: 's1',
      prefilled_email: 'ada+1@example.com',
      success_url: 'https://app.example/?refresh_subscription=true&payment_success=true',
    });
    expect(url.search).toContain(
      'success_url=https%3A%2F%2Fapp.example%2F%3Frefresh_subscription%3Dtrue%26payment_success%3Dtrue',
    );
    expect(url.search).toContain('prefilled_email=ada%2B1%40example.com');
  });

  it('leaves prefilled_email out when there is no email', () => {
    const url = new URL(
      directCheckoutUrl('https://buy.stripe.com/x', { userId: 1, sessionId: 's', email: '  ', origin: 'http://a' }),
    );
    expect(url.searchParams.has('prefilled_email')).toBe(false);
  });
});

describe('SubscribePage', () => {
  it('offers basic, standard and unlimited in order, plus the test plan in test mode', async () => {
    renderSubscribe();
    await screen.findByRole('heading', { name: 'Choose a plan' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Basic',
      'Standard',
      'Unlimited',
      'Test Plan',
    ]);
    expect(screen.getByRole('link', { name: 'Return to Application' })).toHaveAttribute('href', '/');
  });

  it('hides the test plan in live mode', async () => {
    renderSubscribe({ mode: 'live' });
    await screen.findByRole('heading', { name: 'Choose a plan' });
    expect(screen.queryByRole('heading', { name: 'Test Plan' })).not.toBeInTheDocument();
  });

  it('falls back to live mode with a Configuration Error toast when the settings cannot be read', async () => {
    renderSubscribe({ handlers: { 'GET /api/stripe/config': { status: 500, json: { message: 'boom' } } } });
    expect(await screen.findByText('Configuration Error')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Unlimited' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Test Plan' })).not.toBeInTheDocument();
  });

  it('redirects to the Payment Link with the user, session, email and success URL', async () => {
    const { user, redirect } = renderSubscribe();
    await user.click(await screen.findByRole('button', { name: 'Direct Checkout for Basic' }));
    expect(redirect).toHaveBeenCalledTimes(1);
    const url = new URL(redirect.mock.calls[0]![0] as string);
    expect(url.origin + url.pathname).toBe('https://buy.stripe.com/test_basic');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_reference_id: '7',
      user_session_id: SESSION,
      prefilled_email: 'ada@example.com',
      success_url: `${window.location.origin}/?refresh_subscription=true&payment_success=true`,
    });
  });

  it("toasts Missing Payment Link for a plan without one and doesn't redirect", async () => {
    const { user, redirect } = renderSubscribe();
    await user.click(await screen.findByRole('button', { name: 'Direct Checkout for Standard' }));
    expect(await screen.findByText('Missing Payment Link')).toBeInTheDocument();
    expect(redirect).not.toHaveBeenCalled();
  });

  it('prefills the email from browser storage and saves changes there', async () => {
    localStorage.setItem(PREFILL_EMAIL_KEY, 'stored@example.com');
    const { user, redirect } = renderSubscribe();
    const field = await screen.findByLabelText('Email for checkout (optional)');
    expect(field).toHaveValue('stored@example.com');
    await user.clear(field);
    await user.type(field, 'new@example.com');
    expect(localStorage.getItem(PREFILL_EMAIL_KEY)).toBe('new@example.com');
    await user.click(screen.getByRole('button', { name: 'Direct Checkout for Unlimited' }));
    expect(new URL(redirect.mock.calls[0]![0] as string).searchParams.get('prefilled_email')).toBe('new@example.com');
  });

  it("starts from the account's email when nothing is stored", async () => {
    renderSubscribe();
    expect(await screen.findByLabelText('Email for checkout (optional)')).toHaveValue('ada@example.com');
  });

  it('refuses a malformed email before leaving the site', async () => {
    const { user, redirect } = renderSubscribe();
    const field = await screen.findByLabelText('Email for checkout (optional)');
    await user.clear(field);
    await user.type(field, 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Direct Checkout for Basic' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(field).toHaveFocus();
    expect(redirect).not.toHaveBeenCalled();
  });

  it('preselects the planId and says Upgrade with upgrade=true', async () => {
    renderSubscribe({ at: '/subscribe?planId=unlimited&upgrade=true' });
    expect(await screen.findByRole('heading', { name: 'Upgrade your plan' })).toBeInTheDocument();
    const unlimited = planSection('Unlimited');
    expect(unlimited).toHaveAttribute('aria-current', 'true');
    expect(within(unlimited).getByText('Selected')).toBeInTheDocument();
    expect(planSection('Basic')).not.toHaveAttribute('aria-current');
  });

  it("disables the subscriber's current plan", async () => {
    renderSubscribe({ user: makePublicUser({ subscriptionStatus: 'active', subscriptionTier: 'basic' }) });
    const basic = within(await screen.findByRole('region', { name: 'Basic' })).getByRole('button');
    expect(basic).toHaveTextContent('Current Plan');
    expect(basic).toBeDisabled();
  });

  describe('for a user who holds a subscription', () => {
    const holder = (subscriptionStatus: string) =>
      makePublicUser({
        subscriptionStatus,
        subscriptionTier: 'basic',
        stripeCustomerId: 'cus_1',
        stripeSubscriptionId: 'sub_1',
      });

    it('sends another plan to the confirmed change at /checkout, never to a Payment Link', async () => {
      const { user, redirect, router, requests } = renderSubscribe({ user: holder('active') });
      expect(await screen.findByRole('heading', { name: 'Change your plan' })).toBeInTheDocument();
      expect(screen.queryByLabelText('Email for checkout (optional)')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Direct Checkout/ })).not.toBeInTheDocument();

      const current = within(planSection('Basic'));
      expect(current.getByText('Current Plan')).toBeInTheDocument();
      expect(current.queryByRole('link')).not.toBeInTheDocument();
      expect(within(planSection('Unlimited')).getByRole('link', { name: 'Upgrade to Unlimited' })).toHaveAttribute(
        'href',
        '/checkout/unlimited',
      );
      expect(within(planSection('Test Plan')).getByRole('link', { name: 'Downgrade to Test Plan' })).toHaveAttribute(
        'href',
        '/checkout/test',
      );

      // Standard has no Payment Link, and a subscriber does not need one.
      await user.click(within(planSection('Standard')).getByRole('link', { name: 'Upgrade to Standard' }));
      expect(await screen.findByText('Checkout stand-in')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/checkout/standard');
      expect(redirect).not.toHaveBeenCalled();
      expect(requests.filter((r) => r.method !== 'GET')).toEqual([]);
    });

    it.each(['trialing', 'past_due', 'pending_cancellation', 'unpaid'])(
      'treats a %s subscription the same: its plan is current, the others go to /checkout',
      async (status) => {
        renderSubscribe({ user: holder(status) });
        const current = within(await screen.findByRole('region', { name: 'Basic' }));
        expect(current.getByText('Current Plan')).toBeInTheDocument();
        expect(within(planSection('Standard')).getByRole('link', { name: 'Upgrade to Standard' })).toHaveAttribute(
          'href',
          '/checkout/standard',
        );
        expect(screen.queryByRole('button', { name: /Direct Checkout/ })).not.toBeInTheDocument();
      },
    );
  });

  it('reports a failed plan load', async () => {
    renderSubscribe({ handlers: { 'GET /api/subscription-plans': { status: 500, json: { message: 'boom' } } } });
    expect(await screen.findByText('Failed to load subscription plans. Please try again later.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});
