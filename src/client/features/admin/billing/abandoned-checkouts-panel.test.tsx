import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminEmptyStates, adminToastMessages } from '../../../../common/admin-messages';
import { AbandonedCheckoutsPanel } from './abandoned-checkouts-panel';
import { normaliseCheckouts } from '../../../api/admin/abandoned-checkouts';
import { failure, renderSection } from '../shared/section-test-data';
import { cellValue } from '../shared/admin-test-data';

const PATH = '/api/admin/abandoned-checkouts';
const HOUR = 3600_000;
const seconds = (ms: number) => Math.floor(ms / 1000);

// Stripe's shape: times in seconds, amount_total, customer_details.
const stripeSession = (overrides: Record<string, unknown> = {}) => ({
  id: 'cs_test_a1Zk9wQ2mN4bX7yT0pLr',
  created: seconds(Date.now() - 2 * HOUR),
  expires_at: seconds(Date.now() + 22 * HOUR),
  status: 'open',
  amount_total: 4444,
  currency: 'usd',
  customer_details: { email: 'lin@example.com', name: 'Lin' },
  ...overrides,
});

// Our server's shape.
const ourCheckout = (overrides: Record<string, unknown> = {}) => ({
  id: 'cs_test_short',
  customerEmail: null,
  customerName: 'Grace Hopper',
  amount: 499,
  currency: 'usd',
  status: '',
  createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  expiresAt: null,
  ...overrides,
});

describe('abandoned checkouts normaliser', () => {
  it('reads both documented shapes into one', () => {
    const now = Date.UTC(2026, 10, 20, 12);
    const [stripe, ours] = normaliseCheckouts([
      stripeSession({ created: seconds(now), expires_at: seconds(now + HOUR), status: null }),
      ourCheckout({ createdAt: new Date(now).toISOString(), status: 'expired' }),
    ]);
    expect(stripe).toEqual({
      id: 'cs_test_a1Zk9wQ2mN4bX7yT0pLr',
      customerEmail: 'lin@example.com',
      customerName: 'Lin',
      plan: null,
      amount: 4444,
      currency: 'usd',
      status: 'incomplete',
      createdAt: new Date(now),
      expiresAt: new Date(now + HOUR),
    });
    expect(ours).toMatchObject({ customerEmail: null, customerName: 'Grace Hopper', amount: 499, status: 'expired' });
    expect(ours!.createdAt).toEqual(new Date(now));
    expect(ours!.expiresAt).toBeNull();
  });

  it('drops entries without an id and rejects an answer that is not a list', () => {
    expect(normaliseCheckouts([{ created: 1 }, null, 'x'])).toEqual([]);
    expect(() => normaliseCheckouts({ data: [] })).toThrow();
  });
});

describe('abandoned checkouts panel, dashboard variant', () => {
  it('shows timestamp, a cut checkout id, customer, amount, status and relative dates', async () => {
    renderSection(<AbandonedCheckoutsPanel variant="dashboard" />, {
      [`GET ${PATH}`]: {
        json: [
          stripeSession(),
          ourCheckout(),
          stripeSession({ id: 'cs_test_anon', customer_details: null, status: undefined }),
        ],
      },
    });
    await screen.findByText('lin@example.com');
    const table = screen.getByRole('table', { name: 'Abandoned checkouts' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Timestamp', 'Checkout ID', 'Customer', 'Amount', 'Status', 'Created', 'Expires']);
    const [, stripe, ours, anonymous] = within(table).getAllByRole('row');
    const id = within(stripe!).getByTitle('cs_test_a1Zk9wQ2mN4bX7yT0pLr');
    expect(id).toHaveTextContent('cs_test_a1Zk9wQ…');
    expect(stripe).toHaveTextContent('lin@example.com');
    expect(stripe).toHaveTextContent('$44.44');
    expect(stripe).toHaveTextContent('open');
    expect(stripe).toHaveTextContent('2 hours ago');
    expect(stripe).toHaveTextContent('in 22 hours');
    expect(cellValue(within(stripe!).getAllByRole('cell')[0]!)).toMatch(/^\w{3} \d{1,2}, \d{4}, \d{2}:\d{2}$/);

    expect(within(ours!).getByTitle('cs_test_short')).toHaveTextContent(/^cs_test_short$/);
    expect(ours).toHaveTextContent('Grace Hopper');
    expect(ours).toHaveTextContent('incomplete');
    expect(ours).toHaveTextContent('5 minutes ago');

    expect(anonymous).toHaveTextContent('Anonymous');
    expect(anonymous).toHaveTextContent('incomplete');
    expect(screen.getByText('Showing 3 incomplete checkout sessions')).toBeInTheDocument();
  });

  it('shows a checkout attempt the customer never paid with its email, plan, amount and status', async () => {
    renderSection(<AbandonedCheckoutsPanel variant="dashboard" />, {
      [`GET ${PATH}`]: {
        json: [
          ourCheckout({
            id: 'sub_1pQ2rS3tU4vW5xY6',
            kind: 'subscription',
            customerEmail: 'walked.away@example.com',
            customerName: 'walker',
            plan: 'Standard',
            amount: 1999,
            status: 'expired',
            createdAt: new Date(Date.now() - 30 * HOUR).toISOString(),
            expiresAt: new Date(Date.now() - 7 * HOUR).toISOString(),
          }),
        ],
      },
    });
    const row = (await screen.findByText('walked.away@example.com')).closest('tr')!;
    expect(within(row).getByTitle('sub_1pQ2rS3tU4vW5xY6')).toHaveTextContent('sub_1pQ2rS3tU4v…');
    const amount = within(row).getAllByRole('cell')[3]!;
    expect(amount).toHaveTextContent('$19.99');
    expect(within(amount).getByText('Standard')).toBeInTheDocument();
    expect(row).toHaveTextContent('expired');
    expect(row).toHaveTextContent('7 hours ago');
  });

  it("says 'No abandoned checkouts found' when there are none", async () => {
    renderSection(<AbandonedCheckoutsPanel variant="dashboard" />, { [`GET ${PATH}`]: { json: [] } });
    expect(await screen.findByText(adminEmptyStates.abandonedCheckouts)).toBeInTheDocument();
    expect(screen.queryByText(/Showing/)).not.toBeInTheDocument();
  });

  it("toasts 'Failed to load admin data' when they cannot be loaded", async () => {
    renderSection(<AbandonedCheckoutsPanel variant="dashboard" />, { [`GET ${PATH}`]: failure() });
    expect(await screen.findAllByText(adminToastMessages.loadAbandonedCheckouts)).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});
