import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Plan, PlanChangePreview, PlanChangeResult } from '../../../common/billing-schemas';
import { planChangeMessages } from '../../../common/billing-messages';
import type { PublicUser } from '../../../common/user-schemas';
import {
  installFakeFetch,
  type FakeHandler,
  type FakeResponse,
  type RecordedRequest,
} from '../../../../tests/helpers/fake-fetch';
import { makePlan } from '../../../../tests/helpers/plans';
import { renderPage } from '../../../../tests/helpers/render';
import { makePublicUser, signedInMe } from '../../../../tests/helpers/users';
import { testConfig } from './checkout-test-data';
import { CheckoutPage } from './checkout-page';
import { fakeStripe } from './stripe-test-helpers';

// /checkout/:plan for a user who holds a subscription: the page shows the change and changes
// nothing until "Confirm change" (decision 0020). It never starts a subscription.

const standard = makePlan({ id: 'standard', name: 'standard', displayName: 'Standard', price: 1999 });
const basic = makePlan();

const subscriber = (overrides: Partial<PublicUser> = {}) =>
  makePublicUser({
    subscriptionTier: 'basic',
    subscriptionStatus: 'active',
    stripeCustomerId: 'cus_1',
    stripeSubscriptionId: 'sub_1',
    paidQuestionsRemaining: 300,
    ...overrides,
  });

// Midday UTC, so the dates read the same in any time zone.
const NOW = '2025-05-10T12:00:00.000Z';
const PERIOD_END = '2025-06-01T12:00:00.000Z';

function upgrade(overrides: Partial<PlanChangePreview> = {}): PlanChangePreview {
  return {
    current: { planId: 'basic', displayName: 'Basic', price: 499, currency: 'usd', interval: 'month', questions: 333 },
    target: {
      planId: 'standard',
      displayName: 'Standard',
      price: 1999,
      currency: 'usd',
      interval: 'month',
      questions: 2001,
    },
    direction: 'upgrade',
    when: 'now',
    amountDueToday: 1234,
    creditToday: 0,
    currency: 'usd',
    effectiveAt: NOW,
    periodEnd: PERIOD_END,
    nextPayment: { amount: 1999, currency: 'usd', date: PERIOD_END },
    prorationDate: Date.parse(NOW) / 1000,
    keepsCurrentPlan: false,
    scheduledChange: null,
    ...overrides,
  };
}

function downgrade(when: 'now' | 'period_end'): PlanChangePreview {
  const base = upgrade();
  return {
    ...base,
    current: base.target,
    target: base.current,
    direction: 'downgrade',
    when,
    amountDueToday: 0,
    creditToday: when === 'now' ? 1100 : 0,
    effectiveAt: when === 'now' ? NOW : PERIOD_END,
    nextPayment: { amount: when === 'now' ? 0 : 499, currency: 'usd', date: PERIOD_END },
  };
}

const changed = (overrides: Partial<PlanChangeResult> = {}): PlanChangeResult => ({
  success: true,
  message: planChangeMessages.changedNow,
  when: 'now',
  effectiveAt: NOW,
  amountCharged: 1234,
  currency: 'usd',
  subscriptionTier: 'standard',
  ...overrides,
});

function renderChange({
  plan = standard,
  user = subscriber(),
  handlers = {},
}: {
  plan?: Plan;
  user?: PublicUser;
  handlers?: Record<string, FakeHandler | FakeResponse>;
} = {}) {
  const fake = installFakeFetch({
    'GET /api/me': signedInMe(user),
    [`GET /api/subscription-plans/${plan.id}`]: { json: plan },
    'GET /api/stripe/config': { json: testConfig },
    'GET /api/stripe/plan-change-preview': { json: upgrade() },
    ...handlers,
  });
  const page = <CheckoutPage stripeLoader={fakeStripe().loader} />;
  const view = renderPage(page, {
    path: '/checkout/:planId',
    at: `/checkout/${plan.id}`,
    routes: [
      { path: '/pricing', element: <p>Pricing stand-in</p> },
      { path: '/billing', element: <p>Billing stand-in</p> },
      { path: '/', element: <p>Home stand-in</p> },
    ],
  });
  return { ...fake, ...view };
}

const writes = (requests: RecordedRequest[]) => requests.filter((r) => r.method !== 'GET');
const previews = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.path.startsWith('/api/stripe/plan-change-preview'));

describe('checkout for a subscriber', () => {
  it('shows the change and changes nothing on opening; Confirm change makes it, then goes home', async () => {
    const { user, requests, router } = renderChange({
      handlers: { 'POST /api/stripe/change-plan': { json: changed() } },
    });
    expect(await screen.findByRole('heading', { name: 'Change plan' })).toBeInTheDocument();
    const region = within(await screen.findByRole('region', { name: 'Your plan change' }));
    await region.findByText('Current plan');
    expect(region.getByText('Basic')).toBeInTheDocument();
    expect(region.getByText('$4.99')).toBeInTheDocument();
    expect(region.getByText('Standard')).toBeInTheDocument();
    expect(region.getByText('$19.99')).toBeInTheDocument();
    expect(region.getByText('Upgrade')).toBeInTheDocument();
    const facts = within(region.getByLabelText('What happens'));
    expect(facts.getByText('$12.34')).toBeInTheDocument();
    expect(facts.getByText('Now (May 10, 2025)')).toBeInTheDocument();
    expect(facts.getByText('$19.99 on Jun 1, 2025')).toBeInTheDocument();
    expect(region.getByText(/You pay \$12\.34 today for the rest of this period/)).toBeInTheDocument();
    // A change made now does not refill the questions (decision 0020), and the page says so.
    expect(
      region.getByText(
        /Standard applies at once, and the questions you have asked this period count towards its allowance\. Your next payment is \$19\.99 on Jun 1, 2025\./,
      ),
    ).toBeInTheDocument();
    // No payment form, no subscription started, nothing changed.
    expect(screen.queryByRole('region', { name: 'Order summary' })).not.toBeInTheDocument();
    expect(writes(requests)).toEqual([]);
    expect(previews(requests).map((r) => r.path)).toEqual(['/api/stripe/plan-change-preview?planId=standard']);

    const meBefore = requests.filter((r) => r.path === '/api/me').length;
    await user.click(region.getByRole('button', { name: 'Confirm change' }));
    expect(await screen.findByText('Plan changed!')).toBeInTheDocument();
    expect(screen.getByText(/You are now on the Standard plan\. We charged \$12\.34 today\./)).toBeInTheDocument();
    expect(writes(requests)).toEqual([
      {
        method: 'POST',
        path: '/api/stripe/change-plan',
        body: { planId: 'standard', when: 'now', prorationDate: Date.parse(NOW) / 1000 },
      },
    ]);
    await waitFor(() => expect(requests.filter((r) => r.path === '/api/me').length).toBeGreaterThan(meBefore));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 3000 });
  });

  it('offers the period end (the default) or now for a cheaper plan, and sends the choice', async () => {
    const { user, requests } = renderChange({
      plan: basic,
      user: subscriber({ subscriptionTier: 'standard' }),
      handlers: {
        'GET /api/stripe/plan-change-preview': (request) => ({
          json: downgrade(request.path.includes('when=now') ? 'now' : 'period_end'),
        }),
        'POST /api/stripe/change-plan': {
          json: changed({ when: 'now', amountCharged: 0, subscriptionTier: 'basic' }),
        },
      },
    });
    const choice = within(await screen.findByRole('group', { name: 'When should the change happen?' }));
    const atEnd = choice.getByRole('radio', { name: /At the end of the period \(Jun 1, 2025\)/ });
    expect(atEnd).toBeChecked();
    expect(screen.getByText('Downgrade')).toBeInTheDocument();
    expect(screen.getByText('Nothing today')).toBeInTheDocument();
    expect(screen.getByText(/Nothing today; from Jun 1, 2025 you pay \$4\.99\. You keep Standard/)).toBeInTheDocument();

    await user.click(choice.getByRole('radio', { name: /Now/ }));
    expect(await screen.findByText('$11.00')).toBeInTheDocument();
    expect(screen.getByText('Credit for unused time')).toBeInTheDocument();
    expect(previews(requests).at(-1)?.path).toBe('/api/stripe/plan-change-preview?planId=basic&when=now');
    expect(writes(requests)).toEqual([]);

    await user.click(await screen.findByRole('button', { name: 'Confirm change' }));
    expect(await screen.findByText('Plan changed!')).toBeInTheDocument();
    expect(screen.getByText(/Nothing was charged today/)).toBeInTheDocument();
    expect(writes(requests)[0]?.body).toMatchObject({ planId: 'basic', when: 'now' });
  });

  it('says when a cheaper plan starts after confirming it for the period end', async () => {
    const { user } = renderChange({
      plan: basic,
      user: subscriber({ subscriptionTier: 'standard' }),
      handlers: {
        'GET /api/stripe/plan-change-preview': { json: downgrade('period_end') },
        'POST /api/stripe/change-plan': {
          json: changed({
            message: planChangeMessages.scheduled,
            when: 'period_end',
            effectiveAt: PERIOD_END,
            amountCharged: 0,
            subscriptionTier: 'standard',
          }),
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Confirm change' }));
    expect(await screen.findByText('Plan change scheduled')).toBeInTheDocument();
    expect(
      screen.getByText(/Your plan changes to Basic on Jun 1, 2025; until then you keep Standard\./),
    ).toBeInTheDocument();
  });

  it('sends a subscription set to cancel to Billing to resume it, with no confirm button', async () => {
    const { requests } = renderChange({
      user: subscriber({ subscriptionStatus: 'pending_cancellation' }),
      handlers: {
        'GET /api/stripe/plan-change-preview': {
          status: 409,
          json: { message: planChangeMessages.resumeFirst, reason: 'resume_first' },
        },
      },
    });
    expect(await screen.findByText(planChangeMessages.resumeFirst)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Billing' })).toHaveAttribute('href', '/billing');
    expect(screen.queryByRole('button', { name: 'Confirm change' })).not.toBeInTheDocument();
    expect(writes(requests)).toEqual([]);
  });

  it('offers Retry when the preview cannot be loaded', async () => {
    let calls = 0;
    const { user } = renderChange({
      handlers: {
        'GET /api/stripe/plan-change-preview': () => {
          calls += 1;
          return calls <= 2 ? { status: 500, json: { message: 'down' } } : { json: upgrade() };
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Retry' }, { timeout: 5000 }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Confirm change' })).toBeEnabled());
  });

  it('keeps the plan and points to Billing when the card is declined', async () => {
    const { user } = renderChange({
      handlers: {
        'POST /api/stripe/change-plan': {
          status: 409,
          json: { message: planChangeMessages.cardDeclined, reason: 'card_declined' },
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Confirm change' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(planChangeMessages.cardDeclined)).toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: 'Go to Billing' })).toHaveAttribute('href', '/billing');
    expect(screen.getByText('Your plan was not changed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm change' })).toBeEnabled();
  });

  it('reads the amounts again when they went out of date', async () => {
    let calls = 0;
    const { user, requests } = renderChange({
      handlers: {
        'GET /api/stripe/plan-change-preview': () => {
          calls += 1;
          return { json: upgrade({ prorationDate: 1000 + calls, amountDueToday: calls === 1 ? 1234 : 1200 }) };
        },
        'POST /api/stripe/change-plan': {
          status: 409,
          json: { message: planChangeMessages.quoteExpired, reason: 'quote_expired' },
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Confirm change' }));
    expect(await screen.findByText('$12.00')).toBeInTheDocument();
    expect(previews(requests)).toHaveLength(2);
  });
});
