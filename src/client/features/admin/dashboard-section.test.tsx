import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminEmptyStates, adminToastMessages } from '../../../common/admin-messages';
import { DASHBOARD_REFRESH_MS, type ActivityItem, type Dashboard } from '../../../common/admin-billing-schemas';
import { findToast, renderAdmin, requestsTo } from './shared/admin-test-data';
import { DashboardSection } from './dashboard-section';

const PATH = '/api/admin/dashboard';

function makeActivity(overrides: Partial<ActivityItem> = {}): ActivityItem {
  return {
    key: 'payment-12',
    source: 'payment',
    event: 'Payment',
    userId: 7,
    username: 'ada',
    type: 'standard',
    status: 'succeeded',
    amount: 1999,
    currency: 'usd',
    createdAt: '2026-11-20T12:00:00.000Z',
    ...overrides,
  };
}

function makeDashboard(overrides: Partial<Dashboard> = {}): Dashboard {
  return {
    revenue: [{ currency: 'usd', total: 1234567, thisMonth: 44400 }],
    activeSubscriptions: 42,
    totalUsers: 1310,
    recentActivity: [
      makeActivity(),
      makeActivity({
        key: 'event-40',
        source: 'subscription_event',
        event: 'subscription_cancelled',
        userId: 9,
        username: null,
        type: 'basic',
        status: 'cancelled',
        amount: null,
        currency: null,
        createdAt: '2026-11-19T08:30:00.000Z',
      }),
    ],
    ...overrides,
  };
}

const card = (name: string) => screen.getByRole('region', { name });

afterEach(() => {
  vi.useRealTimers();
});

describe('dashboard section', () => {
  it('shows the four cards, money in dollars', async () => {
    renderAdmin(<DashboardSection />, { handlers: { [`GET ${PATH}`]: { json: makeDashboard() } } });
    expect(await within(card('Total Revenue')).findByText('$12,345.67')).toBeInTheDocument();
    expect(within(card('Monthly Revenue')).getByText('$444.00')).toBeInTheDocument();
    expect(within(card('Active Subscriptions')).getByText('42')).toBeInTheDocument();
    expect(within(card('Total Users')).getByText('1,310')).toBeInTheDocument();
  });

  it('shows the revenue of each currency on its own line, never one sum across currencies', async () => {
    const revenue = [
      { currency: 'eur', total: 135000, thisMonth: 1350 },
      { currency: 'gbp', total: 79900, thisMonth: 0 },
      { currency: 'usd', total: 249800, thisMonth: 49900 },
    ];
    renderAdmin(<DashboardSection />, { handlers: { [`GET ${PATH}`]: { json: makeDashboard({ revenue }) } } });
    const lines = (name: string) =>
      within(within(card(name)).getByRole('list', { name: 'Revenue per currency' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    await within(card('Total Revenue')).findByText('€1,350.00');
    expect(lines('Total Revenue')).toEqual(['€1,350.00', '£799.00', '$2,498.00']);
    expect(lines('Monthly Revenue')).toEqual(['€13.50', '£0.00', '$499.00']);
  });

  it('shows no revenue as nothing earned', async () => {
    renderAdmin(<DashboardSection />, { handlers: { [`GET ${PATH}`]: { json: makeDashboard({ revenue: [] }) } } });
    expect(await within(card('Total Revenue')).findByText('$0.00')).toBeInTheDocument();
    expect(within(card('Monthly Revenue')).getByText('$0.00')).toBeInTheDocument();
  });

  it('lists recent activity with event, user, type, status and date', async () => {
    renderAdmin(<DashboardSection />, { handlers: { [`GET ${PATH}`]: { json: makeDashboard() } } });
    const table = await screen.findByRole('table', { name: 'Activity Feed' });
    const [header, payment, event] = within(table).getAllByRole('row');
    expect(
      within(header!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Event', 'User', 'Type', 'Status', 'Date']);
    expect(payment).toHaveTextContent('Payment$19.99');
    expect(payment).toHaveTextContent('ada');
    expect(payment).toHaveTextContent('Standard');
    expect(payment).toHaveTextContent('Succeeded');
    expect(payment).toHaveTextContent('Nov 20, 2026');
    expect(event).toHaveTextContent('Subscription cancelled');
    expect(event).toHaveTextContent('User #9');
    expect(event).toHaveTextContent('Basic');
    expect(event).toHaveTextContent('Cancelled');
  });

  it('says so when there is no recent activity', async () => {
    renderAdmin(<DashboardSection />, {
      handlers: { [`GET ${PATH}`]: { json: makeDashboard({ recentActivity: [] }) } },
    });
    expect(await screen.findByText(adminEmptyStates.activity)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Activity Feed' })).not.toBeInTheDocument();
  });

  it('opens the abandoned checkouts on their tab', async () => {
    const { user } = renderAdmin(<DashboardSection />, {
      handlers: { [`GET ${PATH}`]: { json: makeDashboard() }, 'GET /api/admin/abandoned-checkouts': { json: [] } },
    });
    await screen.findByRole('table', { name: 'Activity Feed' });
    await user.click(screen.getByRole('tab', { name: 'Abandoned Checkouts' }));
    expect(await screen.findByText(adminEmptyStates.abandonedCheckouts)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Activity Feed' })).not.toBeInTheDocument();
  });

  it('reloads the figures on Refresh Now', async () => {
    let totalUsers = 10;
    const { user, requests } = renderAdmin(<DashboardSection />, {
      handlers: { [`GET ${PATH}`]: () => ({ json: makeDashboard({ totalUsers: totalUsers++ }) }) },
    });
    expect(await within(card('Total Users')).findByText('10')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Refresh Now' }));
    expect(await within(card('Total Users')).findByText('11')).toBeInTheDocument();
    expect(requestsTo(requests, 'GET', PATH)).toHaveLength(2);
  });

  it('refreshes by itself every 60 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { requests } = renderAdmin(<DashboardSection />, {
      handlers: { [`GET ${PATH}`]: { json: makeDashboard() } },
    });
    await screen.findByRole('table', { name: 'Activity Feed' });
    expect(requestsTo(requests, 'GET', PATH)).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(DASHBOARD_REFRESH_MS));
    await waitFor(() => expect(requestsTo(requests, 'GET', PATH)).toHaveLength(2));
  });

  it('shows a red toast when the figures cannot be loaded', async () => {
    renderAdmin(<DashboardSection />, {
      handlers: { [`GET ${PATH}`]: { status: 500, json: { message: 'Database unavailable' } } },
    });
    expect(await findToast(adminToastMessages.loadAdminData)).toBeInTheDocument();
  });
});

describe('vendor cost this month (issue 13, item 4)', () => {
  it('lists each model’s tokens and estimated cost, saying which versions have no price', async () => {
    renderAdmin(<DashboardSection />, {
      handlers: {
        [`GET ${PATH}`]: { json: makeDashboard() },
        'GET /api/admin/model-costs': {
          json: [
            { model: 'chatgpt', inputTokens: 20000, outputTokens: 40000, estimatedUsd: 0.45, unpricedVersions: [] },
            { model: 'grok', inputTokens: 400, outputTokens: 100, estimatedUsd: null, unpricedVersions: ['grok-3'] },
          ],
        },
      },
    });
    const card = within(await screen.findByRole('region', { name: 'Vendor cost this month' }));
    const table = within(await card.findByRole('table', { name: 'Vendor cost per model' }));
    expect(table.getByRole('row', { name: /ChatGPT/ })).toHaveTextContent(
      'ModelChatGPTTokens in20,000Tokens out40,000Estimated cost$0.45',
    );
    expect(table.getByRole('row', { name: /Grok/ })).toHaveTextContent('No price for grok-3');
    expect(card.getByText('Estimated total: $0.45')).toBeInTheDocument();
  });
});
