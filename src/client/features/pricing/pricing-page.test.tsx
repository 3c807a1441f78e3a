import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Plan } from '../../../common/billing-schemas';
import type { PublicUser } from '../../../common/user-schemas';
import { installFakeFetch, type FakeHandler, type FakeResponse } from '../../../../tests/helpers/fake-fetch';
import { makePlan, offeredPlans as plans } from '../../../../tests/helpers/plans';
import { renderPage } from '../../../../tests/helpers/render';
import { makePublicUser, meAs } from '../../../../tests/helpers/users';
import { PricingPage } from './pricing-page';

function renderPricing(
  user: PublicUser | null,
  planList: Plan[] = plans,
  handlers: Record<string, FakeHandler | FakeResponse> = {},
) {
  const fake = installFakeFetch({
    'GET /api/me': meAs(user),
    'GET /api/subscription-plans': { json: planList },
    ...handlers,
  });
  const view = renderPage(<PricingPage />, {
    path: '/pricing',
    routes: [
      { path: '/auth', element: <p>Auth stand-in</p> },
      { path: '/checkout/:planId', element: <p>Checkout stand-in</p> },
    ],
  });
  return { ...fake, ...view };
}

const card = (name: string) => screen.getByRole('article', { name });

describe('PricingPage', () => {
  it('shows a card per plan with price, allowance, features and the Popular badge', async () => {
    renderPricing(null);
    const standard = await screen.findByRole('article', { name: 'Standard' });
    expect(within(standard).getByText('$19.99')).toBeInTheDocument();
    expect(within(standard).getByText('per month')).toBeInTheDocument();
    expect(within(standard).getByText('2,001 questions per month')).toBeInTheDocument();
    expect(within(standard).getByText('Popular')).toBeInTheDocument();
    expect(within(card('Basic')).getByText('$4.99')).toBeInTheDocument();
    expect(within(card('Basic')).getByText('For occasional questions')).toBeInTheDocument();
    expect(within(card('Basic')).queryByText('Popular')).not.toBeInTheDocument();
    expect(within(card('Unlimited')).getByText('Unlimited questions')).toBeInTheDocument();
    expect(within(card('Unlimited')).getByText('$44.44')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Select Plan' })).toHaveLength(3);
  });

  it('says once what every account gets, and no card sells it as a paid feature', async () => {
    renderPricing(null, [
      makePlan({ features: ['333 questions per month', 'Up to 3 AI models per question', 'Comparison analysis'] }),
      makePlan({
        id: 'standard',
        name: 'standard',
        displayName: 'Standard',
        limits: { queries: 2001 },
        features: ['2,001 questions per month', 'Confidence ranking', 'Session history'],
      }),
    ]);
    const included = await screen.findByRole('list', { name: 'Included with every account' });
    expect(included).toHaveTextContent('Confidence ranking of the answers');
    expect(included).toHaveTextContent('Comparison analysis');
    for (const name of ['Basic', 'Standard']) {
      expect(within(card(name)).queryByText(/confidence/i)).not.toBeInTheDocument();
      expect(within(card(name)).queryByText(/comparison analysis/i)).not.toBeInTheDocument();
      expect(within(card(name)).queryByText(/AI models/)).not.toBeInTheDocument();
    }
    expect(within(card('Standard')).getByText('Session history')).toBeInTheDocument();
  });

  it("does not repeat a plan's allowance among its features (the Test Plan)", async () => {
    renderPricing(null, [
      makePlan({
        id: 'test',
        name: 'test',
        displayName: 'Test Plan',
        price: 99,
        limits: { queries: 10 },
        features: ['10 questions', 'Test mode only'],
        testOnly: true,
      }),
    ]);
    const test = await screen.findByRole('article', { name: 'Test Plan' });
    expect(within(test).getAllByText(/10 questions/)).toHaveLength(1);
    expect(within(test).getByText('10 questions per month')).toBeInTheDocument();
    expect(within(test).getByText('Test mode only')).toBeInTheDocument();
  });

  it('marks inactive plans and plans without a price id Currently Unavailable, disabled', async () => {
    renderPricing(makePublicUser(), [
      makePlan({ isActive: false }),
      makePlan({ id: 'standard', name: 'standard', displayName: 'Standard', stripePriceId: null }),
      makePlan({ id: 'unlimited', name: 'unlimited', displayName: 'Unlimited' }),
    ]);
    const basic = within(await screen.findByRole('article', { name: 'Basic' })).getByRole('button');
    expect(basic).toHaveTextContent('Currently Unavailable');
    expect(basic).toBeDisabled();
    const standard = within(card('Standard')).getByRole('button');
    expect(standard).toHaveTextContent('Currently Unavailable');
    expect(standard).toBeDisabled();
    expect(within(card('Unlimited')).getByRole('button', { name: 'Select Plan' })).toBeEnabled();
  });

  it('says when no plan can be bought yet', async () => {
    renderPricing(null, [makePlan({ stripePriceId: null })]);
    expect(await screen.findByText(/Online payments are not available yet/)).toBeInTheDocument();
  });

  it("disables the subscriber's current plan and offers to change to the others", async () => {
    renderPricing(
      makePublicUser({ subscriptionStatus: 'active', subscriptionTier: 'standard', paidQuestionsRemaining: 2000 }),
    );
    const current = within(await screen.findByRole('article', { name: 'Standard' })).getByRole('button');
    expect(current).toHaveTextContent('Current Plan');
    expect(current).toBeDisabled();
    expect(within(card('Basic')).getByRole('button', { name: 'Change to this Plan' })).toBeEnabled();
    expect(within(card('Unlimited')).getByRole('button', { name: 'Change to this Plan' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Manage your subscription' })).toHaveAttribute('href', '/billing');
  });

  it('counts trialing and pending cancellation as subscribed, but not a cancelled or free account', async () => {
    renderPricing(makePublicUser({ subscriptionStatus: 'pending_cancellation', subscriptionTier: 'basic' }));
    expect(within(await screen.findByRole('article', { name: 'Basic' })).getByRole('button')).toHaveTextContent(
      'Current Plan',
    );
  });

  it('offers Select Plan to a user whose subscription was cancelled', async () => {
    renderPricing(makePublicUser({ subscriptionStatus: 'canceled', subscriptionTier: 'basic' }));
    expect(within(await screen.findByRole('article', { name: 'Basic' })).getByRole('button')).toHaveTextContent(
      'Select Plan',
    );
  });

  it('sends an anonymous visitor who picks a plan to /auth with a toast', async () => {
    const { user, router } = renderPricing(null);
    await user.click(within(await screen.findByRole('article', { name: 'Basic' })).getByRole('button'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(router.state.location.state).toEqual({ from: '/checkout/basic' });
    expect(await screen.findByText('Please log in or sign up to choose a plan.')).toBeInTheDocument();
  });

  it('takes a signed-in user to the checkout of the chosen plan', async () => {
    const { user, router } = renderPricing(makePublicUser());
    await user.click(within(await screen.findByRole('article', { name: 'Unlimited' })).getByRole('button'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/unlimited'));
  });

  it('shows the FAQ and opens an answer from the keyboard', async () => {
    const { user } = renderPricing(null);
    expect(await screen.findByRole('heading', { name: 'Frequently Asked Questions' })).toBeInTheDocument();
    for (const question of [
      'Can I cancel my subscription?',
      'What happens when I run out of questions?',
      'Do you offer refunds?',
      'How are payments handled?',
      'Can I try Parallax for free?',
    ]) {
      expect(screen.getByRole('button', { name: question })).toBeInTheDocument();
    }
    screen.getByRole('button', { name: 'Can I try Parallax for free?' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText(/so you can compare answers before choosing a plan/)).toBeVisible();
    screen.getByRole('button', { name: 'Do you offer refunds?' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText(/non-refundable for the current billing period/)).toBeInTheDocument();
  });

  it('reports a failed plan load and tries again', async () => {
    let calls = 0;
    const { user } = renderPricing(null, plans, {
      'GET /api/subscription-plans': () => {
        calls += 1;
        return calls === 1 ? { status: 500, json: { message: 'boom' } } : { json: plans };
      },
    });
    expect(await screen.findByText('Failed to load subscription plans. Please try again later.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('article', { name: 'Basic' })).toBeInTheDocument();
  });

  it('calls an answer it cannot read an unexpected error', async () => {
    renderPricing(null, [{ id: 'broken' } as unknown as Plan]);
    expect(await screen.findByText('An unexpected error occurred. Please try again later.')).toBeInTheDocument();
  });
});
