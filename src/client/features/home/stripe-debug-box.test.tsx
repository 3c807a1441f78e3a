import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PublicUser } from '../../../common/user-schemas';
import type { FakeHandler, FakeResponse } from '../../../../tests/helpers/fake-fetch';
import { makeUser, renderHome, SESSION, settled } from './test-fixtures';

const customer = (overrides: Partial<PublicUser> = {}) => makeUser({ stripeCustomerId: 'cus_42', ...overrides });

function renderBox(user: PublicUser | null, handlers: Record<string, FakeHandler | FakeResponse> = {}) {
  return renderHome(handlers, { user });
}

async function debugBox() {
  return within(await screen.findByRole('region', { name: 'Stripe debug' }));
}

const created = Date.UTC(2025, 4, 5, 12) / 1000;

describe('Stripe debug box', () => {
  it('shows the customer id when the user has a customer but no subscription', async () => {
    renderBox(customer());
    const box = await debugBox();
    expect(box.getByText('cus_42')).toBeInTheDocument();
    expect(box.getByRole('button', { name: 'Check Stripe' })).toBeInTheDocument();
    expect(box.getByRole('button', { name: 'Force Refresh' })).toBeInTheDocument();
    await settled();
  });

  it('is absent with a subscription, without a customer id, and for anonymous visitors', async () => {
    for (const user of [customer({ stripeSubscriptionId: 'sub_1' }), makeUser(), null]) {
      const { unmount } = renderBox(user);
      await settled();
      await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading account' })).not.toBeInTheDocument());
      expect(screen.queryByRole('region', { name: 'Stripe debug' })).not.toBeInTheDocument();
      unmount();
    }
  });

  it('Check Stripe lists the subscriptions found for the customer', async () => {
    const { user, requests } = renderBox(customer(), {
      'GET /api/diagnostic-check/cus_42': {
        json: {
          customerId: 'cus_42',
          subscriptions: [
            { id: 'sub_a', status: 'active', cancelAtPeriodEnd: false, created },
            { id: 'sub_b', status: 'canceled', cancelAtPeriodEnd: true, created },
          ],
        },
      },
    });
    const box = await debugBox();
    await user.click(box.getByRole('button', { name: 'Check Stripe' }));
    const list = within(await box.findByRole('list', { name: 'Subscriptions found' }));
    expect(list.getAllByRole('listitem')).toHaveLength(2);
    expect(list.getByText('sub_a')).toBeInTheDocument();
    expect(list.getByText('active, created May 5, 2025')).toBeInTheDocument();
    expect(list.getByText('canceled, cancels at period end, created May 5, 2025')).toBeInTheDocument();
    expect(requests.filter((r) => r.path === '/api/diagnostic-check/cus_42')).toHaveLength(1);
    await settled();
  });

  it('Check Stripe says when no subscriptions exist, and toasts a failed check', async () => {
    let fail = false;
    const { user } = renderBox(customer(), {
      'GET /api/diagnostic-check/cus_42': () =>
        fail ? { status: 403, json: { message: 'Forbidden' } } : { json: { customerId: 'cus_42', subscriptions: [] } },
    });
    const box = await debugBox();
    await user.click(box.getByRole('button', { name: 'Check Stripe' }));
    expect(await box.findByText('No subscriptions found')).toBeInTheDocument();

    fail = true;
    await user.click(box.getByRole('button', { name: 'Check Stripe' }));
    expect(await screen.findByText('Error checking subscription')).toBeInTheDocument();
    expect(screen.getByText('Forbidden')).toBeInTheDocument();
    await settled();
  });

  it('Force Refresh posts, toasts the message and re-reads the user and the status', async () => {
    const { user, requests } = renderBox(customer(), {
      'POST /api/stripe/refresh-subscription': {
        json: { refreshed: false, hasSubscription: false, message: 'No subscription found for this account' },
      },
    });
    const box = await debugBox();
    await settled();
    const meBefore = requests.filter((r) => r.path === '/api/me').length;
    await user.click(box.getByRole('button', { name: 'Force Refresh' }));

    expect(await screen.findByText('No subscription found for this account')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST' && r.path === '/api/stripe/refresh-subscription')).toHaveLength(
      1,
    );
    await waitFor(() => expect(requests.filter((r) => r.path === '/api/me').length).toBeGreaterThan(meBefore));
    expect(requests.map((r) => r.path)).toContain(`/api/subscription-status-by-session/${SESSION}?forceRefresh=true`);
    await settled();
  });

  it('Force Refresh says Refresh failed when the call fails', async () => {
    const { user } = renderBox(customer(), {
      'POST /api/stripe/refresh-subscription': { status: 500, json: { message: 'Stripe is unreachable' } },
    });
    const box = await debugBox();
    await user.click(box.getByRole('button', { name: 'Force Refresh' }));
    expect(await screen.findByText('Refresh failed')).toBeInTheDocument();
    expect(screen.getByText('Stripe is unreachable')).toBeInTheDocument();
    await settled();
  });
});
