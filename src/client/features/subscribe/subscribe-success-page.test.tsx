import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { SESSION_ID_KEYS } from '../../lib/browser-storage';
import type { SubscriptionStatus } from '../../../common/subscription-schemas';
import {
  installFakeFetch,
  type FakeHandler,
  type FakeResponse,
  type RecordedRequest,
} from '../../../../tests/helpers/fake-fetch';
import { renderPage } from '../../../../tests/helpers/render';
import { SubscribeSuccessPage } from './subscribe-success-page';
import { makeStatus } from './subscribe-test-data';

const SESSION = 'sessiontest0001';
const statusRoute = `GET /api/subscription-status-by-session/${SESSION}`;

function renderSuccess(
  status: SubscriptionStatus | FakeHandler,
  {
    countdownSeconds = 10,
    handlers = {},
  }: { countdownSeconds?: number; handlers?: Record<string, FakeHandler | FakeResponse> } = {},
) {
  const fake = installFakeFetch({
    [statusRoute]: typeof status === 'function' ? status : { json: status },
    ...handlers,
  });
  const view = renderPage(<SubscribeSuccessPage countdownSeconds={countdownSeconds} />, {
    path: '/subscribe/success',
    routes: [{ path: '/', element: <p>Home stand-in</p> }],
  });
  return { ...fake, ...view };
}

const refreshCalls = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.method === 'POST' && r.path === '/api/stripe/refresh-subscription');

beforeEach(() => {
  for (const key of SESSION_ID_KEYS) localStorage.setItem(key, SESSION);
});

describe('SubscribeSuccessPage', () => {
  it('shows an active subscription with its plan and queries, and does not try to activate it', async () => {
    const { requests } = renderSuccess(
      makeStatus({
        hasActiveSubscription: true,
        subscriptionStatus: 'active',
        subscriptionTier: 'standard',
        paidQuestionsRemaining: 2001,
      }),
    );
    expect(await screen.findByText('Active')).toBeInTheDocument();
    expect(screen.getByText('Standard')).toBeInTheDocument();
    expect(screen.getByText('2001')).toBeInTheDocument();
    expect(screen.getByText(/Redirecting to Parallax in/)).toHaveTextContent('Redirecting to Parallax in 10 seconds.');
    expect(screen.getByRole('link', { name: 'Go to Main Site' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Refresh Subscription' })).toHaveAttribute(
      'href',
      '/?refresh_subscription=true',
    );
    expect(refreshCalls(requests)).toHaveLength(0);
  });

  it('reads Unlimited for -1', async () => {
    renderSuccess(
      makeStatus({ hasActiveSubscription: true, subscriptionTier: 'unlimited', paidQuestionsRemaining: -1 }),
    );
    await screen.findByText('Active');
    expect(screen.getAllByText('Unlimited', { selector: 'dd' })).toHaveLength(2);
  });

  it('counts down visibly and then goes to the main site', async () => {
    const { router } = renderSuccess(makeStatus({ hasActiveSubscription: true, subscriptionTier: 'basic' }), {
      countdownSeconds: 2,
    });
    expect(await screen.findByText(/Redirecting to Parallax in/)).toHaveTextContent('in 2 seconds');
    await waitFor(() => expect(screen.getByText(/Redirecting to Parallax in/)).toHaveTextContent('in 1 second.'), {
      timeout: 1500,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 2500 });
  });

  it('lets the reader stay on the page', async () => {
    const { user, router } = renderSuccess(makeStatus({ hasActiveSubscription: true }), { countdownSeconds: 1 });
    await user.click(await screen.findByRole('button', { name: 'Stay on this page' }));
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(router.state.location.pathname).toBe('/subscribe/success');
    expect(screen.queryByText(/Redirecting to Parallax in/)).not.toBeInTheDocument();
  });

  it('while Pending, tries once to activate manually and shows the result', async () => {
    let active = false;
    const { requests } = renderSuccess(
      () => ({
        json: makeStatus(
          active ? { hasActiveSubscription: true, subscriptionTier: 'basic', paidQuestionsRemaining: 333 } : {},
        ),
      }),
      {
        handlers: {
          'POST /api/stripe/refresh-subscription': () => {
            active = true;
            return { json: { refreshed: true, hasSubscription: true, message: 'Subscription activated' } };
          },
        },
      },
    );
    expect(await screen.findByText('Pending')).toBeInTheDocument();
    expect(await screen.findByText('Subscription activated')).toBeInTheDocument();
    expect(await screen.findByText('Active')).toBeInTheDocument();
    expect(screen.getByText('333')).toBeInTheDocument();
    expect(refreshCalls(requests)).toHaveLength(1);
    expect(refreshCalls(requests)[0]!.body).toBeUndefined();
  });

  it('says so when the manual activation fails', async () => {
    renderSuccess(makeStatus(), {
      handlers: { 'POST /api/stripe/refresh-subscription': { status: 500, json: { message: 'Stripe unreachable' } } },
    });
    expect(await screen.findByText('Stripe unreachable')).toBeInTheDocument();
    expect(screen.getByText('Pending')).toBeInTheDocument();
  });
});
