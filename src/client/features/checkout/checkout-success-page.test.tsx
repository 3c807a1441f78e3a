import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SubscriptionStatus } from '../../../common/subscription-schemas';
import { SESSION_ID_KEYS } from '../../lib/browser-storage';
import { installFakeFetch, type FakeHandler, type FakeResponse } from '../../../../tests/helpers/fake-fetch';
import { makePlan } from '../../../../tests/helpers/plans';
import { renderPage } from '../../../../tests/helpers/render';
import { makeSubscriptionStatus } from '../../../../tests/helpers/subscription-status';
import { CheckoutSuccessPage } from './checkout-success-page';

const SESSION = 'sessiontest0001';
const query = '?payment_intent=pi_1&payment_intent_client_secret=pi_1_secret&subscription_id=sub_1';

const status = (overrides: Partial<SubscriptionStatus> = {}) => makeSubscriptionStatus({ userId: 7, ...overrides });

const notYet = {
  [`GET /api/subscription-status-by-session/${SESSION}`]: { json: status() },
  'POST /api/check-subscription': { json: { isSubscribed: false, subscriptionTier: 'free' } },
};

function renderSuccess(at: string, handlers: Record<string, FakeHandler | FakeResponse>) {
  const fake = installFakeFetch(handlers);
  const view = renderPage(<CheckoutSuccessPage />, { path: '/checkout/success', at: `/checkout/success${at}` });
  return { ...fake, ...view };
}

const billingCalls = (requests: { method: string; path: string }[]) =>
  requests.map((r) => `${r.method} ${r.path}`).filter((line) => !line.includes('/api/me'));

beforeEach(() => {
  for (const key of SESSION_ID_KEYS) localStorage.setItem(key, SESSION);
});

describe('CheckoutSuccessPage', () => {
  it('says Invalid Request without payment_intent and its client secret, and calls nothing', async () => {
    const { requests } = renderSuccess('?payment_intent=pi_1', {});
    expect(await screen.findByRole('heading', { name: 'Invalid Request' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Plans' })).toHaveAttribute('href', '/pricing');
    expect(requests).toHaveLength(0);
  });

  it('checks status, then directly, then forces a refresh, then verifies the payment, in that order', async () => {
    const { requests } = renderSuccess(query, {
      ...notYet,
      'POST /api/verify-payment': { json: { success: true, plan: makePlan(), message: 'Payment verified' } },
    });
    expect(await screen.findByRole('heading', { name: 'Verifying your payment' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Payment Successful' }, { timeout: 4000 })).toBeInTheDocument();
    expect(billingCalls(requests)).toEqual([
      `GET /api/subscription-status-by-session/${SESSION}`,
      'POST /api/check-subscription',
      `GET /api/subscription-status-by-session/${SESSION}?forceRefresh=true`,
      'POST /api/verify-payment',
    ]);
    expect(requests.find((r) => r.path === '/api/check-subscription')?.body).toEqual({ sessionId: SESSION });
    expect(requests.find((r) => r.path === '/api/verify-payment')?.body).toEqual({
      paymentIntentId: 'pi_1',
      paymentIntentClientSecret: 'pi_1_secret',
      subscriptionId: 'sub_1',
    });
    expect(screen.getByText('Thank you! Your Basic subscription is now active.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute(
      'href',
      '/?refresh_subscription=true',
    );
  });

  it('stops at the first check that finds the subscription active', async () => {
    const { requests } = renderSuccess(query, {
      [`GET /api/subscription-status-by-session/${SESSION}`]: {
        json: status({ hasActiveSubscription: true, subscriptionStatus: 'active', subscriptionTier: 'standard' }),
      },
    });
    expect(await screen.findByText('Thank you! Your Standard subscription is now active.')).toBeInTheDocument();
    expect(billingCalls(requests)).toEqual([`GET /api/subscription-status-by-session/${SESSION}`]);
  });

  it('accepts the direct check and leaves out subscription_id when the address has none', async () => {
    const { requests } = renderSuccess('?payment_intent=pi_1&payment_intent_client_secret=pi_1_secret', {
      ...notYet,
      'POST /api/check-subscription': { json: { isSubscribed: true, subscriptionTier: 'unlimited' } },
    });
    expect(await screen.findByText('Thank you! Your Unlimited subscription is now active.')).toBeInTheDocument();
    expect(billingCalls(requests)).toHaveLength(2);
  });

  it('shows Verification Failed when the payment cannot be verified, and tries again', async () => {
    let verified = false;
    const { user } = renderSuccess('?payment_intent=pi_1&payment_intent_client_secret=pi_1_secret', {
      ...notYet,
      'POST /api/verify-payment': (request) => {
        expect(request.body).toEqual({ paymentIntentId: 'pi_1', paymentIntentClientSecret: 'pi_1_secret' });
        return verified
          ? { json: { success: true, message: 'ok' } }
          : { json: { success: false, message: 'Payment not completed' } };
      },
    });
    expect(await screen.findByRole('heading', { name: 'Verification Failed' }, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByText("We couldn't verify your payment. Please contact support.")).toBeInTheDocument();
    expect(screen.getByText('Details: Payment not completed')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/support');
    verified = true;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Payment Successful' }, { timeout: 4000 })).toBeInTheDocument();
  });

  it('toasts a Verification Error when the verification call itself fails', async () => {
    renderSuccess(query, {
      ...notYet,
      'POST /api/verify-payment': { status: 500, json: { message: 'Stripe is down' } },
    });
    expect(await screen.findByText('Verification Error', undefined, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByText('Stripe is down')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Verification Failed' })).toBeInTheDocument();
  });
});
