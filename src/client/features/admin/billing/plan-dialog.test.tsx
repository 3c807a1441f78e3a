import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminToastMessages } from '../../../../common/admin-messages';
import { planDialogTexts } from '../settings/settings-texts';
import { basicPlan, makePlan } from '../../../../../tests/helpers/plans';
import { parseQueryLimit, priceToMinor, splitFeatures } from './plan-form';
import { renderSection, sent } from '../shared/section-test-data';
import { SubscriptionsSection } from './subscriptions-section';

const PLANS = '/api/admin/subscription-plans';

function renderPlans(handlers: Parameters<typeof renderSection>[1] = {}) {
  return renderSection(<SubscriptionsSection />, {
    [`GET ${PLANS}`]: { json: [basicPlan] },
    'GET /api/admin/subscription-events': { json: [] },
    ...handlers,
  });
}

describe('plan form conversions', () => {
  it('turns major units into minor ones by *100 and rounding', () => {
    expect(priceToMinor('4.99')).toBe(499);
    expect(priceToMinor('19.999')).toBe(2000);
    expect(priceToMinor('0')).toBe(0);
    expect(priceToMinor('')).toBeNull();
    expect(priceToMinor('abc')).toBeNull();
  });

  it("reads 'unlimited' in any case as -1 and otherwise only integers", () => {
    expect(parseQueryLimit('Unlimited')).toBe(-1);
    expect(parseQueryLimit(' UNLIMITED ')).toBe(-1);
    expect(parseQueryLimit('2001')).toBe(2001);
    expect(parseQueryLimit('12.5')).toBeNull();
    expect(parseQueryLimit('lots')).toBeNull();
  });

  it('splits features by line, trimmed, without empty lines', () => {
    expect(splitFeatures('  Fast answers \n\n\r\nPriority support  \n ')).toEqual(['Fast answers', 'Priority support']);
  });
});

describe('plan dialog', () => {
  it('creates a plan with usd, month and active by default, sending empty optional fields as null', async () => {
    const created = makePlan({ id: 'pro', name: 'pro', displayName: 'Pro', price: 499, limits: { queries: -1 } });
    const { user, requests } = renderPlans({ [`POST ${PLANS}`]: { status: 201, json: created } });
    await user.click(await screen.findByRole('button', { name: 'Add Plan' }));
    const dialog = screen.getByRole('dialog', { name: planDialogTexts.createTitle });
    expect(within(dialog).getByLabelText('Currency')).toHaveValue('usd');
    expect(within(dialog).getByLabelText('Interval')).toHaveValue('month');
    expect(within(dialog).getByLabelText(/Active/)).toBeChecked();

    await user.type(within(dialog).getByLabelText('Name'), 'pro');
    await user.type(within(dialog).getByLabelText('Display name'), 'Pro');
    await user.type(within(dialog).getByLabelText('Price'), '4.99');
    await user.type(within(dialog).getByLabelText('Features'), '  Fast answers {enter}{enter} Priority support ');
    await user.type(within(dialog).getByLabelText('Query limit'), 'Unlimited');
    await user.click(within(dialog).getByRole('button', { name: 'Create Plan' }));

    expect(await screen.findByText(adminToastMessages.planCreated)).toBeInTheDocument();
    expect(sent(requests, 'POST', PLANS).map((r) => r.body)).toEqual([
      {
        name: 'pro',
        displayName: 'Pro',
        price: 499,
        currency: 'usd',
        interval: 'month',
        description: null,
        features: ['Fast answers', 'Priority support'],
        limits: { queries: -1 },
        stripePriceId: null,
        isActive: true,
      },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Subscription plans' })).getByText('pro')).toBeInTheDocument();
  });

  it('edits a plan: the name is read-only and is not sent, the rest is the full body', async () => {
    const { user, requests } = renderPlans({
      [`PUT ${PLANS}/basic`]: (request) => ({ json: { ...basicPlan, ...(request.body as object) } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Basic' }));
    const dialog = screen.getByRole('dialog', { name: planDialogTexts.editTitle });
    expect(within(dialog).getByLabelText('Name')).toHaveValue('basic');
    expect(within(dialog).getByLabelText('Name')).toHaveAttribute('readonly');
    await waitFor(() => expect(within(dialog).getByLabelText('Display name')).toHaveFocus());
    expect(within(dialog).getByLabelText('Price')).toHaveValue('4.99');
    expect(within(dialog).getByLabelText('Query limit')).toHaveValue('333');
    expect(within(dialog).getByLabelText('Features')).toHaveValue('333 questions per month\nComparison analysis');

    const price = within(dialog).getByLabelText('Price');
    await user.clear(price);
    await user.type(price, '5.5');
    await user.selectOptions(within(dialog).getByLabelText('Interval'), 'year');
    await user.clear(within(dialog).getByLabelText('Stripe price ID'));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText(adminToastMessages.planUpdated)).toBeInTheDocument();
    expect(sent(requests, 'PUT', `${PLANS}/basic`).map((r) => r.body)).toEqual([
      {
        displayName: 'Basic',
        price: 550,
        currency: 'usd',
        interval: 'year',
        description: 'For occasional questions',
        features: ['333 questions per month', 'Comparison analysis'],
        limits: { queries: 333 },
        stripePriceId: null,
        isActive: true,
      },
    ]);
    expect(within(screen.getByRole('table', { name: 'Subscription plans' })).getByText('$5.50')).toBeInTheDocument();
  });

  it('keeps a query limit that is neither a number nor unlimited from being sent', async () => {
    const { user, requests } = renderPlans();
    await user.click(await screen.findByRole('button', { name: 'Add Plan' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Name'), 'pro');
    await user.type(within(dialog).getByLabelText('Display name'), 'Pro');
    await user.type(within(dialog).getByLabelText('Price'), '10');
    await user.type(within(dialog).getByLabelText('Query limit'), 'lots');
    await user.click(within(dialog).getByRole('button', { name: 'Create Plan' }));
    expect(await within(dialog).findByText("Enter a whole number of 0 or more, or 'unlimited'")).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Query limit')).toHaveAttribute('aria-invalid', 'true');
    expect(sent(requests, 'POST', PLANS)).toHaveLength(0);
  });

  it("shows the server's message when a save fails and keeps the dialog open", async () => {
    const { user } = renderPlans({
      [`POST ${PLANS}`]: { status: 409, json: { message: 'A plan with this name already exists' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Add Plan' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Name'), 'basic');
    await user.type(within(dialog).getByLabelText('Display name'), 'Basic again');
    await user.type(within(dialog).getByLabelText('Price'), '1');
    await user.type(within(dialog).getByLabelText('Query limit'), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Create Plan' }));
    expect(await screen.findByText('A plan with this name already exists')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it("falls back to 'Failed to save subscription plan. Please try again.' without a server message", async () => {
    const { user } = renderPlans({ [`PUT ${PLANS}/basic`]: { status: 502, text: 'Bad gateway' } });
    await user.click(await screen.findByRole('button', { name: 'Edit Basic' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(adminToastMessages.planSaveFailed)).toBeInTheDocument();
  });
});
