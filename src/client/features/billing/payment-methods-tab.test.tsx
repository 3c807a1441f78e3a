import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeMethod, postsTo, renderBilling } from './billing-test-data';

const at = '/billing?tab=payment-methods';
const SET_DEFAULT = '/api/billing/update-default-payment';

describe('payment methods tab', () => {
  it('lists cards with brand, last 4 digits, expiry and the Default badge', async () => {
    renderBilling({
      at,
      methods: [
        makeMethod(),
        makeMethod({ id: 'pm_2', brand: 'mastercard', last4: '5555', expMonth: 11, expYear: 2031, isDefault: false }),
      ],
    });
    const list = await screen.findByRole('list', { name: 'Saved cards' });
    const [visa, mastercard] = within(list).getAllByRole('listitem');
    expect(visa).toHaveTextContent('Visa ending in 4242');
    expect(visa).toHaveTextContent('Expires 04/2030');
    expect(within(visa!).getByText('Default')).toBeInTheDocument();
    expect(within(visa!).queryByRole('button', { name: 'Set Default' })).not.toBeInTheDocument();
    expect(mastercard).toHaveTextContent('Mastercard ending in 5555');
    expect(mastercard).toHaveTextContent('Expires 11/2031');
    expect(within(mastercard!).getByRole('button', { name: 'Set Default' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add Payment Method' })).toHaveAttribute('href', '/add-payment-method');
  });

  it("says 'No payment methods found' and offers to add one", async () => {
    renderBilling({ at, methods: [] });
    expect(await screen.findByText('No payment methods found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add Payment Method' })).toHaveAttribute('href', '/add-payment-method');
  });

  it('makes a card the default and reloads the list', async () => {
    let defaultId = 'pm_1';
    const { user, requests } = renderBilling({
      at,
      handlers: {
        'GET /api/billing/payment-methods': () => ({
          json: [
            makeMethod({ isDefault: defaultId === 'pm_1' }),
            makeMethod({ id: 'pm_2', last4: '1881', isDefault: defaultId === 'pm_2' }),
          ],
        }),
        [`POST ${SET_DEFAULT}`]: (request) => {
          defaultId = (request.body as { paymentMethodId: string }).paymentMethodId;
          return { json: { success: true, message: 'Default payment method updated' } };
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Set Default' }));
    expect(await screen.findByText('Default payment method updated')).toBeInTheDocument();
    expect(postsTo(requests, SET_DEFAULT)).toEqual([
      { method: 'POST', path: SET_DEFAULT, body: { paymentMethodId: 'pm_2' } },
    ]);
    const items = await screen.findAllByRole('listitem');
    await screen.findByText(
      (_, element) => element?.tagName === 'LI' && /1881.*Default/.test(element.textContent ?? ''),
    );
    expect(within(items[0]!).getByRole('button', { name: 'Set Default' })).toBeInTheDocument();
  });

  it("toasts 'Failed to update default payment method' on failure", async () => {
    const { user } = renderBilling({
      at,
      methods: [makeMethod(), makeMethod({ id: 'pm_2', isDefault: false })],
      handlers: { [`POST ${SET_DEFAULT}`]: { status: 404, json: { message: 'Payment method not found' } } },
    });
    await user.click(await screen.findByRole('button', { name: 'Set Default' }));
    expect(await screen.findByText('Failed to update default payment method')).toBeInTheDocument();
    expect(screen.getByText('Payment method not found')).toBeInTheDocument();
  });

  it('reports a list that cannot be loaded, with Try Again', async () => {
    renderBilling({ at, handlers: { 'GET /api/billing/payment-methods': { status: 500, json: { message: 'boom' } } } });
    expect(await screen.findByText('Failed to load payment methods')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});
