import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminEmptyStates, adminToastMessages } from '../../../../common/admin-messages';
import { basicPlan, makePlan, unlimitedPlan } from '../../../../../tests/helpers/plans';
import { failure, makeEvent, renderSection, sent } from '../shared/section-test-data';
import { cellValue } from '../shared/admin-test-data';
import { SubscriptionsSection } from './subscriptions-section';

const PLANS = '/api/admin/subscription-plans';
const EVENTS = '/api/admin/subscription-events';
const CHECKOUTS = '/api/admin/abandoned-checkouts';

/** The plans table's row whose cells include `text`. */
const planRow = (text: string) =>
  within(screen.getByRole('table', { name: 'Subscription plans' }))
    .getAllByText(text, { selector: 'td' })[0]!
    .closest('tr')!;

const hiddenPlan = makePlan({
  id: 'legacy',
  name: 'legacy',
  displayName: 'Legacy',
  price: 999,
  limits: { queries: 100 },
  isActive: false,
  stripePriceId: null,
});

describe('subscriptions section, plans tab', () => {
  it('lists plans and subscription events', async () => {
    renderSection(<SubscriptionsSection />, {
      [`GET ${PLANS}`]: { json: [basicPlan, unlimitedPlan, hiddenPlan] },
      [`GET ${EVENTS}`]: { json: [makeEvent()], headers: { 'X-Total-Count': '1' } },
    });
    await screen.findByText('price_basic');
    const basic = planRow('Basic');
    expect(basic).toHaveTextContent('basic');
    expect(basic).toHaveTextContent('$4.99');
    expect(basic).toHaveTextContent('333');
    expect(basic).toHaveTextContent('price_basic');
    expect(within(basic).getByText('Active')).toBeInTheDocument();
    const queryLimitCell = within(planRow('price_unlimited')).getAllByRole('cell')[3];
    expect(cellValue(queryLimitCell!)).toBe('Unlimited');
    const legacy = planRow('Legacy');
    expect(within(legacy).getByText('Inactive')).toBeInTheDocument();
    expect(within(legacy).getByRole('button', { name: 'Activate Legacy' })).toBeInTheDocument();
    expect(within(basic).getByRole('button', { name: 'Deactivate Basic' })).toBeInTheDocument();

    const events = screen.getByRole('table', { name: 'Subscription events' });
    const [, row] = within(events).getAllByRole('row');
    expect(row).toHaveTextContent('#40');
    expect(row).toHaveTextContent('#7');
    expect(row).toHaveTextContent('customer.subscription.updated');
    expect(row).toHaveTextContent('active');
    expect(row).toHaveTextContent('standard');
    expect(row).toHaveTextContent('Nov 19, 2026');
  });

  it('shows the empty states for plans and events', async () => {
    renderSection(<SubscriptionsSection />, {
      [`GET ${PLANS}`]: { json: [] },
      [`GET ${EVENTS}`]: { json: [], headers: { 'X-Total-Count': '0' } },
    });
    expect(await screen.findByText(adminEmptyStates.plans)).toBeInTheDocument();
    expect(await screen.findByText(adminEmptyStates.events)).toBeInTheDocument();
  });

  it('deactivates and reactivates a plan in place, without reloading the list', async () => {
    const { user, requests } = renderSection(<SubscriptionsSection />, {
      [`GET ${PLANS}`]: { json: [basicPlan] },
      [`GET ${EVENTS}`]: { json: [] },
      [`PUT ${PLANS}/basic`]: (request) => ({
        json: { ...basicPlan, isActive: (request.body as { isActive: boolean }).isActive },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Deactivate Basic' }));
    expect(await screen.findByText(adminToastMessages.planDeactivated)).toBeInTheDocument();
    const row = planRow('Basic');
    expect(within(row).getByText('Inactive')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Activate Basic' }));
    expect(await screen.findByText(adminToastMessages.planActivated)).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();

    expect(sent(requests, 'PUT', `${PLANS}/basic`).map((r) => r.body)).toEqual([
      { isActive: false },
      { isActive: true },
    ]);
    expect(sent(requests, 'GET', PLANS)).toHaveLength(1);
  });

  it("toasts 'Failed to update plan status' when the toggle fails and keeps the status", async () => {
    const { user } = renderSection(<SubscriptionsSection />, {
      [`GET ${PLANS}`]: { json: [basicPlan] },
      [`GET ${EVENTS}`]: { json: [] },
      [`PUT ${PLANS}/basic`]: failure('Plan not found'),
    });
    await user.click(await screen.findByRole('button', { name: 'Deactivate Basic' }));
    expect(await screen.findByText(adminToastMessages.planStatusFailed)).toBeInTheDocument();
    expect(screen.getByText('Plan not found')).toBeInTheDocument();
    expect(within(planRow('Basic')).getByText('Active')).toBeInTheDocument();
  });

  it('reports plans that cannot be loaded', async () => {
    renderSection(<SubscriptionsSection />, {
      [`GET ${PLANS}`]: failure(),
      [`GET ${EVENTS}`]: { json: [] },
    });
    expect(await screen.findAllByText(adminToastMessages.loadPlans)).not.toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});

describe('subscriptions section, abandoned checkouts tab', () => {
  it('loads the checkouts only when the tab is opened, and refreshes them', async () => {
    const { user, requests } = renderSection(<SubscriptionsSection />, {
      [`GET ${PLANS}`]: { json: [basicPlan] },
      [`GET ${EVENTS}`]: { json: [] },
      [`GET ${CHECKOUTS}`]: {
        json: [
          {
            id: 'cs_test_a1b2c3d4e5f6g7h8',
            customerEmail: 'grace@example.com',
            customerName: 'Grace',
            amount: 1999,
            currency: 'usd',
            status: 'open',
            createdAt: new Date(Date.now() - 3 * 3600_000).toISOString(),
            expiresAt: new Date(Date.now() + 20 * 3600_000).toISOString(),
          },
        ],
      },
    });
    await screen.findByText('price_basic');
    expect(sent(requests, 'GET', CHECKOUTS)).toHaveLength(0);

    await user.click(screen.getByRole('tab', { name: 'Abandoned Checkouts' }));
    const row = (await screen.findByText('grace@example.com')).closest('tr')!;
    expect(row).toHaveTextContent('$19.99');
    expect(row).toHaveTextContent('open');
    expect(row).toHaveTextContent('3 hours ago');
    expect(row).toHaveTextContent('in 20 hours');

    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await screen.findByText('grace@example.com');
    expect(sent(requests, 'GET', CHECKOUTS)).toHaveLength(2);
  });
});
