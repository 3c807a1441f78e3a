import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminToastMessages } from '../../../../common/admin-messages';
import { failure, makePayment, renderSection, sent } from '../shared/section-test-data';
import { PaymentsSection } from './payments-section';
import { cardLabels, cellValue } from '../shared/admin-test-data';

const PATH = '/api/admin/payments';

describe('payments section', () => {
  it('on a phone, each payment is a card naming every field', async () => {
    renderSection(<PaymentsSection />, {
      [`GET ${PATH}`]: { json: [makePayment()], headers: { 'X-Total-Count': '1', 'X-Total-Revenue': 'usd=1999' } },
    });
    await screen.findByText('#101');
    const [, row] = within(screen.getByRole('table', { name: 'Payments' })).getAllByRole('row');
    expect(cardLabels(row!)).toEqual(['ID', 'User', 'Amount', 'Status', 'Date']);
    expect(within(row!).getAllByRole('cell').map(cellValue).slice(0, 3)).toEqual(['#101', '#7ada', '$19.99']);
  });

  it('lists payments with user, amount, status badge and date, and counts them in the footer', async () => {
    renderSection(<PaymentsSection />, {
      [`GET ${PATH}`]: {
        json: [
          makePayment(),
          makePayment({ id: 102, userId: 9, username: 'grace', amount: 499, status: 'pending' }),
          makePayment({ id: 103, userId: null, username: null, amount: 4444, status: 'failed' }),
        ],
        headers: { 'X-Total-Count': '3', 'X-Total-Revenue': 'eur=4444,gbp=250,usd=1999' },
      },
    });
    await screen.findByText('#101');
    const table = screen.getByRole('table', { name: 'Payments' });
    const [, first, second, third] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('#101');
    expect(first).toHaveTextContent('#7ada');
    expect(first).toHaveTextContent('$19.99');
    expect(first).toHaveTextContent('Nov 20, 2026');
    expect(within(first!).getByText('succeeded')).toHaveClass('bg-primary');
    expect(within(second!).getByText('pending')).toHaveClass('text-foreground');
    expect(within(third!).getByText('failed')).toHaveClass('bg-destructive');
    expect(third).toHaveTextContent('—');

    expect(screen.getByText('Total payments').nextElementSibling).toHaveTextContent('3');
    expect(screen.queryByRole('navigation', { name: 'Payments pages' })).not.toBeInTheDocument();
  });

  it('shows the total revenue once per currency, each in its own currency, never added together', async () => {
    renderSection(<PaymentsSection />, {
      [`GET ${PATH}`]: {
        json: [makePayment()],
        headers: { 'X-Total-Count': '4', 'X-Total-Revenue': 'eur=4444,gbp=250,usd=1999' },
      },
    });
    const revenue = await screen.findByRole('list', { name: 'Revenue per currency' });
    expect(
      within(revenue)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['€44.44', '£2.50', '$19.99']);
    expect(screen.getByText('Total revenue').nextElementSibling).toBe(revenue.parentElement);
  });

  // Nothing succeeded yet; no header at all; one number with no currency (a server from before
  // decision 0037), which must not be shown as dollars.
  it.each([
    ['an empty header', { 'X-Total-Revenue': '' }],
    ['no header', {}],
    ['a figure without a currency', { 'X-Total-Revenue': '1999' }],
  ])('shows a dash for the revenue given %s', async (_, revenueHeader: Record<string, string>) => {
    renderSection(<PaymentsSection />, {
      [`GET ${PATH}`]: { json: [makePayment()], headers: { 'X-Total-Count': '1', ...revenueHeader } },
    });
    await screen.findByText('#101');
    expect(screen.getByText('Total revenue').nextElementSibling).toHaveTextContent(/^—$/);
    expect(screen.queryByRole('list', { name: 'Revenue per currency' })).not.toBeInTheDocument();
  });

  it('pages through more payments than fit on one page', async () => {
    const { user, requests } = renderSection(<PaymentsSection />, {
      [`GET ${PATH}`]: (request) => ({
        json: request.path.includes('offset=25') ? [makePayment({ id: 1 })] : [makePayment({ id: 26 })],
        headers: { 'X-Total-Count': '26', 'X-Total-Revenue': 'usd=51974' },
      }),
    });
    const pages = await screen.findByRole('navigation', { name: 'Payments pages' });
    expect(within(pages).getByRole('button', { name: /Previous/ })).toBeDisabled();
    await user.click(within(pages).getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('#1')).toBeInTheDocument();
    expect(sent(requests, 'GET', PATH).map((r) => r.path)).toEqual([
      `${PATH}?limit=25&offset=0`,
      `${PATH}?limit=25&offset=25`,
    ]);
    expect(screen.getByText('Total revenue').nextElementSibling).toHaveTextContent('$519.74');
  });

  it("says 'No payments found' when there are none", async () => {
    renderSection(<PaymentsSection />, {
      [`GET ${PATH}`]: { json: [], headers: { 'X-Total-Count': '0', 'X-Total-Revenue': '' } },
    });
    expect(await screen.findByText('No payments found')).toBeInTheDocument();
    expect(screen.getByText('Total revenue').nextElementSibling).toHaveTextContent(/^—$/);
  });

  it('reports a failed load with a red toast and a Try Again button that reloads', async () => {
    let fail = true;
    const { user } = renderSection(<PaymentsSection />, {
      [`GET ${PATH}`]: () => (fail ? failure() : { json: [makePayment()], headers: { 'X-Total-Count': '1' } }),
    });
    expect(await screen.findAllByText(adminToastMessages.loadAdminData)).toHaveLength(2);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('#101')).toBeInTheDocument();
  });
});
