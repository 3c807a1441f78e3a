import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makePublicUser } from '../../../../tests/helpers/users';
import { MOUNT_REFETCH_MS, TAB_REFETCH_MS } from './billing-page';
import { makeSubscription, noonUtc, renderBilling, subscriptionReads } from './billing-test-data';

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

describe('BillingPage', () => {
  it('asks a logged-out visitor to log in', async () => {
    renderBilling({ user: null });
    expect(await screen.findByRole('heading', { name: 'Please log in' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/auth');
  });

  it('labels the tabs Active Plan, Payment Methods and Manage Cancellation for an active subscription', async () => {
    renderBilling();
    await screen.findByRole('heading', { name: 'Standard' });
    expect(tabNames()).toEqual(['Active Plan', 'Payment Methods', 'Manage Cancellation']);
    expect(screen.getByRole('tab', { name: 'Active Plan' })).toHaveAttribute('aria-selected', 'true');
  });

  it.each(['active', 'past_due', 'trialing', 'unpaid', 'pending_cancellation'])(
    'shows Manage Cancellation for status %s',
    async (status) => {
      renderBilling({ subscription: makeSubscription({ status }) });
      await screen.findByRole('heading', { name: 'Standard' });
      expect(screen.getByRole('tab', { name: 'Manage Cancellation' })).toBeInTheDocument();
    },
  );

  it('hides Manage Cancellation for other statuses', async () => {
    renderBilling({ subscription: makeSubscription({ status: 'paused' }) });
    await screen.findByRole('heading', { name: 'Standard' });
    expect(tabNames()).toEqual(['Active Plan', 'Payment Methods']);
  });

  it.each(['incomplete', 'incomplete_expired', 'canceled'])(
    'offers the plan cards, not an Active Plan, for a checkout that was never paid or a plan that ended (%s)',
    async (status) => {
      // A user who opened checkout and left: they never paid, so nothing here is theirs to cancel or upgrade.
      renderBilling({
        user: makePublicUser({ stripeCustomerId: 'cus_1' }),
        subscription: makeSubscription({ status, plan: { ...makeSubscription().plan, nickname: 'Basic' } }),
      });
      expect(await screen.findByRole('heading', { name: 'You have no active subscription' })).toBeInTheDocument();
      expect(tabNames()).toEqual(['Get Subscription', 'Payment Methods']);
      expect(screen.getAllByRole('article')).toHaveLength(3);
      expect(screen.queryByRole('region', { name: 'Basic' })).not.toBeInTheDocument();
      expect(screen.queryByText('Current period ends')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Upgrade Plan' })).not.toBeInTheDocument();
    },
  );

  it('offers Get Subscription with three plan cards linking to checkout when there is none', async () => {
    renderBilling({ subscription: null });
    expect(await screen.findByRole('heading', { name: 'You have no active subscription' })).toBeInTheDocument();
    expect(tabNames()).toEqual(['Get Subscription', 'Payment Methods']);
    for (const [name, id] of [
      ['Basic', 'basic'],
      ['Standard', 'standard'],
      ['Unlimited', 'unlimited'],
    ] as const) {
      const card = screen.getByRole('article', { name });
      expect(within(card).getByRole('link', { name: 'Subscribe' })).toHaveAttribute('href', `/checkout/${id}`);
    }
    expect(within(screen.getByRole('article', { name: 'Basic' })).getByText('$4.99')).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Unlimited' })).getByText('Unlimited questions'),
    ).toBeInTheDocument();
  });

  it('shows the plan, status, price per interval and the period end as MMM d, yyyy', async () => {
    renderBilling();
    const plan = await screen.findByRole('region', { name: 'Standard' });
    expect(within(plan).getByText('Active')).toBeInTheDocument();
    expect(within(plan).getByText('$19.99 / month')).toBeInTheDocument();
    expect(within(plan).getByText('Current period ends').nextSibling).toHaveTextContent('Dec 1, 2026');
    expect(within(plan).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(within(plan).getByRole('link', { name: 'Upgrade Plan' })).toHaveAttribute('href', '/pricing');
    expect(within(plan).queryByRole('button', { name: 'Resume Subscription' })).not.toBeInTheDocument();
  });

  it('writes N/A for a missing period end', async () => {
    renderBilling({ subscription: makeSubscription({ currentPeriodEnd: null }) });
    const plan = await screen.findByRole('region', { name: 'Standard' });
    expect(within(plan).getByText('Current period ends').nextSibling).toHaveTextContent('N/A');
  });

  it('shows Cancels Soon and Cancels at period end while cancelling, with Resume instead of Cancel', async () => {
    renderBilling({ subscription: makeSubscription({ status: 'pending_cancellation', cancelAtPeriodEnd: true }) });
    const plan = await screen.findByRole('region', { name: 'Standard' });
    expect(within(plan).getByText('Cancels Soon')).toBeInTheDocument();
    expect(within(plan).getByText('Cancels at period end')).toBeInTheDocument();
    expect(within(plan).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(within(plan).getByRole('button', { name: 'Resume Subscription' })).toBeInTheDocument();
  });

  it('opens the terminate tab from Terminate Subscription Immediately', async () => {
    const { user, router } = renderBilling();
    await user.click(await screen.findByRole('button', { name: 'Terminate Subscription Immediately' }));
    expect(screen.getByRole('tab', { name: 'Manage Cancellation' })).toHaveAttribute('aria-selected', 'true');
    expect(router.state.location.search).toBe('?tab=terminate');
    const panel = screen.getByRole('region', { name: 'Subscription information' });
    expect(within(panel).getByText('sub_123')).toBeInTheDocument();
    expect(within(panel).getByText('Current period start').nextSibling).toHaveTextContent('Nov 1, 2026');
    expect(within(panel).getByText('Current period end').nextSibling).toHaveTextContent('Dec 1, 2026');
    expect(within(panel).getByText('$19.99 / month')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Cancel Subscription' })).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Resume Subscription' })).not.toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Terminate Now' })).toBeInTheDocument();
  });

  it('offers Resume and no Cancel in the terminate panel when the subscription cancels at period end', async () => {
    renderBilling({
      at: '/billing?tab=terminate',
      subscription: makeSubscription({ cancelAtPeriodEnd: true, currentPeriodStart: null }),
    });
    const panel = await screen.findByRole('region', { name: 'Subscription information' });
    expect(within(panel).queryByRole('button', { name: 'Cancel Subscription' })).not.toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Resume Subscription' })).toBeInTheDocument();
    expect(within(panel).getByText('Current period start').nextSibling).toHaveTextContent('N/A');
  });

  it('links to /checkout from the terminate tab when there is no subscription', async () => {
    renderBilling({ at: '/billing?tab=terminate', subscription: null });
    expect(await screen.findByRole('link', { name: 'Subscribe Now' })).toHaveAttribute('href', '/checkout');
  });

  it('fetches with a timestamp and forces a refetch 0.5 s after mounting and 0.1 s after a tab switch', async () => {
    const mounted = performance.now();
    const { requests, user } = renderBilling();
    await screen.findByRole('heading', { name: 'Standard' });
    expect(subscriptionReads(requests)[0]!.path).toMatch(/^\/api\/billing\/subscription\?t=\d+$/);
    await waitFor(() => expect(subscriptionReads(requests)).toHaveLength(2));
    expect(subscriptionReads(requests)[1]!.at - mounted).toBeGreaterThanOrEqual(MOUNT_REFETCH_MS);
    await user.click(screen.getByRole('tab', { name: 'Payment Methods' }));
    await new Promise((resolve) => setTimeout(resolve, 4 * TAB_REFETCH_MS));
    expect(subscriptionReads(requests)).toHaveLength(2);
    const switched = performance.now();
    await user.click(screen.getByRole('tab', { name: 'Manage Cancellation' }));
    await waitFor(() => expect(subscriptionReads(requests)).toHaveLength(3));
    expect(subscriptionReads(requests)[2]!.at - switched).toBeGreaterThanOrEqual(TAB_REFETCH_MS);
  });

  it('says Failed to load subscription data with Try Again after the retries fail', async () => {
    let fail = true;
    const { user } = renderBilling({
      subscription: () => (fail ? { status: 500, json: { message: 'Stripe is down' } } : { json: makeSubscription() }),
    });
    expect(
      await screen.findByText('Failed to load subscription data', undefined, { timeout: 6000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Stripe is down')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Standard' })).toBeInTheDocument();
  });

  it('refreshes from the terminate panel and reports a failed refresh', async () => {
    let fail = false;
    const { user } = renderBilling({
      at: '/billing?tab=terminate',
      subscription: () => (fail ? { status: 500, json: { message: 'Stripe is down' } } : { json: makeSubscription() }),
    });
    await user.click(await screen.findByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Billing information refreshed')).toBeInTheDocument();
    fail = true;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Refresh failed', undefined, { timeout: 6000 })).toBeInTheDocument();
    // The last good answer stays on screen.
    expect(screen.getByText('sub_123')).toBeInTheDocument();
  });

  it('keeps the period-end date stable across time zones', () => {
    expect(new Date(noonUtc(2026, 12, 1) * 1000).getUTCDate()).toBe(1);
  });
});
