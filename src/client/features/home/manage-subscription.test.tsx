import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BillingSubscription, Plan } from '../../../common/billing-schemas';
import type { PublicUser } from '../../../common/user-schemas';
import type { FakeHandler, FakeResponse } from '../../../../tests/helpers/fake-fetch';
import { makeUser, renderHome, SESSION, settled } from './test-fixtures';

function plan(name: string, price: number, queries: number, overrides: Partial<Plan> = {}): Plan {
  return {
    id: name,
    name,
    displayName: name.charAt(0).toUpperCase() + name.slice(1),
    description: null,
    price,
    currency: 'usd',
    interval: 'month',
    features: [],
    limits: { queries },
    isActive: true,
    isPopular: false,
    testOnly: false,
    stripePriceId: `price_${name}`,
    paymentLink: null,
    ...overrides,
  };
}

const plans = [
  plan('basic', 499, 333),
  plan('standard', 1999, 2001),
  plan('unlimited', 4444, -1),
  plan('legacy', 999, 100, { isActive: false }),
];

// Midday UTC, so the date reads the same in any time zone.
const PERIOD_END = Date.UTC(2025, 5, 1, 12) / 1000;

function billing(overrides: Partial<BillingSubscription> = {}): BillingSubscription {
  return {
    id: 'sub_1',
    status: 'active',
    currentPeriodStart: PERIOD_END - 30 * 86_400,
    currentPeriodEnd: PERIOD_END,
    cancelAtPeriodEnd: false,
    plan: { id: 'price_basic', nickname: 'Basic', amount: 499, currency: 'usd', interval: 'month' },
    ...overrides,
  };
}

const subscriber = (overrides: Partial<PublicUser> = {}) =>
  makeUser({
    subscriptionTier: 'basic',
    subscriptionStatus: 'active',
    stripeCustomerId: 'cus_1',
    stripeSubscriptionId: 'sub_1',
    paidQuestionsRemaining: 300,
    ...overrides,
  });

function renderManage(
  user: PublicUser,
  handlers: Record<string, FakeHandler | FakeResponse> = {},
  current: BillingSubscription = billing(),
) {
  return renderHome(
    {
      'GET /api/subscription-plans': { json: plans },
      'GET /api/billing/subscription': { json: current },
      ...handlers,
    },
    { user },
  );
}

async function openDialog(view: ReturnType<typeof renderManage>) {
  await view.user.click(await screen.findByRole('button', { name: 'Manage Subscription' }));
  return within(await screen.findByRole('dialog', { name: 'Manage Subscription' }));
}

const count = (requests: { method: string; path: string }[], method: string, path: string) =>
  requests.filter((r) => r.method === method && r.path.split('?')[0] === path).length;

describe('Manage Subscription dialog', () => {
  it('lists the active plans on the Upgrade tab, marks the current one and links the others to checkout', async () => {
    const view = renderManage(subscriber());
    const dialog = await openDialog(view);
    expect(dialog.getByRole('tab', { name: 'Upgrade Subscription' })).toHaveAttribute('aria-selected', 'true');
    expect(await dialog.findByRole('tab', { name: 'Cancel Subscription' })).toBeInTheDocument();

    const list = within(await dialog.findByRole('list', { name: 'Plans' }));
    const basic = within(list.getByRole('listitem', { name: 'Basic' }));
    expect(basic.getByText('Current Plan')).toBeInTheDocument();
    expect(basic.queryByRole('link')).not.toBeInTheDocument();
    const standard = within(list.getByRole('listitem', { name: 'Standard' }));
    expect(standard.getByText('$19.99 / month · 2,001 questions per month')).toBeInTheDocument();
    expect(standard.getByRole('link', { name: 'Upgrade to Standard' })).toHaveAttribute('href', '/checkout/standard');
    const unlimited = within(list.getByRole('listitem', { name: 'Unlimited' }));
    expect(unlimited.getByText('$44.44 / month · Unlimited questions')).toBeInTheDocument();
    expect(list.queryByRole('listitem', { name: 'Legacy' })).not.toBeInTheDocument();

    expect(dialog.getByRole('link', { name: 'Billing details' })).toHaveAttribute('href', '/billing');
    await settled();
  });

  it('labels each other plan by its price against the current one: Upgrade, Downgrade or Switch', async () => {
    const team = plan('team', 1999, 2001);
    const view = renderManage(
      subscriber({ subscriptionTier: 'standard' }),
      { 'GET /api/subscription-plans': { json: [...plans, team] } },
      billing({
        plan: { id: 'price_standard', nickname: 'Standard', amount: 1999, currency: 'usd', interval: 'month' },
      }),
    );
    const dialog = await openDialog(view);
    const list = within(await dialog.findByRole('list', { name: 'Plans' }));
    const link = (name: string) => within(list.getByRole('listitem', { name })).getByRole('link');
    expect(within(list.getByRole('listitem', { name: 'Standard' })).getByText('Current Plan')).toBeInTheDocument();
    expect(link('Basic')).toHaveAccessibleName('Downgrade to Basic');
    expect(link('Basic')).toHaveTextContent('Downgrade');
    expect(link('Basic')).toHaveAttribute('href', '/checkout/basic');
    expect(link('Unlimited')).toHaveAccessibleName('Upgrade to Unlimited');
    expect(link('Team')).toHaveAccessibleName('Switch to Team');
    expect(link('Team')).toHaveTextContent('Switch');
    await settled();
  });

  it('shows a change set for the end of the period, and a way to keep the current plan', async () => {
    const view = renderManage(
      subscriber({ subscriptionTier: 'standard' }),
      {},
      billing({
        plan: { id: 'price_standard', nickname: 'Standard', amount: 1999, currency: 'usd', interval: 'month' },
        scheduledChange: { planId: 'basic', nickname: 'Basic', amount: 499, currency: 'usd', startsAt: PERIOD_END },
      }),
    );
    const dialog = await openDialog(view);
    const list = within(await dialog.findByRole('list', { name: 'Plans' }));
    const basic = within(list.getByRole('listitem', { name: 'Basic' }));
    expect(basic.getByText('From Jun 1, 2025')).toBeInTheDocument();
    expect(basic.queryByRole('link')).not.toBeInTheDocument();
    const standard = within(list.getByRole('listitem', { name: 'Standard' }));
    expect(standard.getByRole('link', { name: 'Keep this plan' })).toHaveAttribute('href', '/checkout/standard');
    await settled();
  });

  it('says so when the plans cannot be loaded', async () => {
    const view = renderManage(subscriber(), {
      'GET /api/subscription-plans': { status: 500, json: { message: 'down' } },
    });
    const dialog = await openDialog(view);
    expect(await dialog.findByText('Failed to load subscription plans. Please try again later.')).toBeInTheDocument();
    await settled();
  });

  it('cancels only after the confirm step, posts no body, toasts, and refreshes the page 1 s later', async () => {
    const view = renderManage(subscriber(), {
      'POST /api/billing/cancel-subscription': {
        json: { success: true, message: 'Your subscription will be cancelled at the end of the current period.' },
      },
    });
    const dialog = await openDialog(view);
    await view.user.click(await dialog.findByRole('tab', { name: 'Cancel Subscription' }));
    expect(await dialog.findByText(/until Jun 1, 2025/)).toBeInTheDocument();

    await view.user.click(dialog.getByRole('button', { name: 'Cancel Subscription' }));
    expect(dialog.getByRole('heading', { name: 'Are you sure?' })).toBeInTheDocument();
    expect(count(view.requests, 'POST', '/api/billing/cancel-subscription')).toBe(0);
    // Backing out sends nothing.
    await view.user.click(dialog.getByRole('button', { name: 'Keep Subscription' }));
    expect(dialog.queryByRole('heading', { name: 'Are you sure?' })).not.toBeInTheDocument();
    expect(count(view.requests, 'POST', '/api/billing/cancel-subscription')).toBe(0);

    const meBefore = count(view.requests, 'GET', '/api/me');
    await view.user.click(dialog.getByRole('button', { name: 'Cancel Subscription' }));
    await view.user.click(dialog.getByRole('button', { name: 'Yes, cancel subscription' }));

    expect(await screen.findByText('Subscription cancelled')).toBeInTheDocument();
    expect(
      screen.getByText('Your subscription will be cancelled at the end of the current period.'),
    ).toBeInTheDocument();
    const posts = view.requests.filter((r) => r.method === 'POST' && r.path === '/api/billing/cancel-subscription');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toBeUndefined();
    // The server emails the administrators itself.
    expect(view.requests.some((r) => r.path === '/api/send-admin-notification')).toBe(false);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Manage Subscription' })).not.toBeInTheDocument());

    // Not at once: the provider's webhook gets a second to land first.
    expect(view.requests.map((r) => r.path)).not.toContain(
      `/api/subscription-status-by-session/${SESSION}?forceRefresh=true`,
    );
    await waitFor(
      () => {
        expect(count(view.requests, 'GET', '/api/me')).toBeGreaterThan(meBefore);
        expect(view.requests.map((r) => r.path)).toContain(
          `/api/subscription-status-by-session/${SESSION}?forceRefresh=true`,
        );
      },
      { timeout: 3000 },
    );
    await settled();
  });

  it('shows Cancel failed with the details when the cancel call fails, and keeps the dialog open', async () => {
    const view = renderManage(subscriber(), {
      'POST /api/billing/cancel-subscription': { status: 500, json: { message: 'Stripe is unreachable' } },
    });
    const dialog = await openDialog(view);
    await view.user.click(await dialog.findByRole('tab', { name: 'Cancel Subscription' }));
    await view.user.click(await dialog.findByRole('button', { name: 'Cancel Subscription' }));
    await view.user.click(dialog.getByRole('button', { name: 'Yes, cancel subscription' }));
    expect(await screen.findByText('Cancel failed')).toBeInTheDocument();
    expect(screen.getByText('Stripe is unreachable')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Manage Subscription' })).toBeInTheDocument();
    await settled();
  });

  it('offers Resume instead of Cancel to a cancelling user, and posts resume', async () => {
    const view = renderManage(
      subscriber({ subscriptionStatus: 'pending_cancellation' }),
      {
        'POST /api/billing/resume-subscription': {
          json: { success: true, message: 'Your subscription has been resumed.' },
        },
      },
      billing({ status: 'pending_cancellation', cancelAtPeriodEnd: true }),
    );
    const dialog = await openDialog(view);
    expect(dialog.queryByRole('tab', { name: 'Cancel Subscription' })).not.toBeInTheDocument();
    await view.user.click(dialog.getByRole('tab', { name: 'Resume Subscription' }));
    expect(await dialog.findByText(/set to end on Jun 1, 2025/)).toBeInTheDocument();
    await view.user.click(dialog.getByRole('button', { name: 'Resume Subscription' }));
    // A confirmation precedes the resume (docs/product.md, "Cancel, resume and terminate"); nothing is sent before it.
    expect(await dialog.findByRole('heading', { name: 'Resume your subscription?' })).toBeInTheDocument();
    expect(count(view.requests, 'POST', '/api/billing/resume-subscription')).toBe(0);
    await view.user.click(dialog.getByRole('button', { name: 'Yes, resume' }));

    expect(await screen.findByText('Subscription resumed')).toBeInTheDocument();
    expect(screen.getByText('Your subscription has been resumed.')).toBeInTheDocument();
    expect(count(view.requests, 'POST', '/api/billing/resume-subscription')).toBe(1);
    expect(count(view.requests, 'POST', '/api/billing/cancel-subscription')).toBe(0);
    await settled();
  });

  it('also offers Resume when only the billing subscription says it cancels at period end', async () => {
    const view = renderManage(subscriber(), {}, billing({ cancelAtPeriodEnd: true }));
    const dialog = await openDialog(view);
    expect(await dialog.findByRole('tab', { name: 'Resume Subscription' })).toBeInTheDocument();
    expect(dialog.queryByRole('tab', { name: 'Cancel Subscription' })).not.toBeInTheDocument();
    await settled();
  });

  it('says Failed to resume subscription when resuming fails', async () => {
    const view = renderManage(
      subscriber({ subscriptionStatus: 'pending_cancellation' }),
      { 'POST /api/billing/resume-subscription': { status: 500, json: { message: 'Try later' } } },
      billing({ status: 'pending_cancellation', cancelAtPeriodEnd: true }),
    );
    const dialog = await openDialog(view);
    await view.user.click(dialog.getByRole('tab', { name: 'Resume Subscription' }));
    await view.user.click(await dialog.findByRole('button', { name: 'Resume Subscription' }));
    await view.user.click(await dialog.findByRole('button', { name: 'Yes, resume' }));
    expect(await screen.findByText('Failed to resume subscription')).toBeInTheDocument();
    expect(screen.getByText('Try later')).toBeInTheDocument();
    await settled();
  });
});
