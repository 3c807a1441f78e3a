import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PlanChangeResult } from '../../../common/billing-schemas';
import { planChangeMessages } from '../../../common/billing-messages';
import { makeSubscription, noonUtc, postsTo, renderBilling } from './billing-test-data';

// A plan change set for the end of the period (decision 0020) on the Billing page: the plan in force
// with the change beside it, and a way to keep the current plan, through the same confirm call the
// checkout page uses.

const CHANGE_PLAN = '/api/stripe/change-plan';

const toBasic = makeSubscription({
  scheduledChange: { planId: 'basic', nickname: 'Basic', amount: 499, currency: 'usd', startsAt: noonUtc(2026, 12, 1) },
});

const kept: PlanChangeResult = {
  success: true,
  message: planChangeMessages.kept,
  when: 'now',
  effectiveAt: '2026-11-20T12:00:00.000Z',
  amountCharged: 0,
  currency: 'usd',
  subscriptionTier: 'standard',
};

describe('a plan change set for the end of the period', () => {
  it('is shown beside the plan in force, with the new price and date', async () => {
    renderBilling({ subscription: toBasic });
    const plan = within(await screen.findByRole('region', { name: 'Standard' }));
    expect(plan.getByText('$19.99 / month')).toBeInTheDocument();
    expect(plan.getByText('Changes to Basic on Dec 1, 2026')).toBeInTheDocument();
    expect(
      plan.getByText(
        'From Dec 1, 2026 you are on Basic at $4.99 / month. Until then you keep Standard and its questions.',
      ),
    ).toBeInTheDocument();
  });

  it('can be undone with Keep Standard, after confirmation, by choosing the plan in force again', async () => {
    const { user, requests } = renderBilling({
      subscription: toBasic,
      handlers: { [`POST ${CHANGE_PLAN}`]: { json: kept } },
    });
    await user.click(await screen.findByRole('button', { name: 'Keep Standard' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Are you sure?' });
    expect(
      within(dialog).getByText(
        'You stay on Standard at $19.99 / month; the change to Basic on Dec 1, 2026 is cancelled. Nothing is charged today.',
      ),
    ).toBeInTheDocument();
    expect(postsTo(requests, CHANGE_PLAN)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Yes, Keep Standard' }));
    expect(await screen.findByText('Plan kept')).toBeInTheDocument();
    expect(screen.getByText(planChangeMessages.kept)).toBeInTheDocument();
    const [sent] = postsTo(requests, CHANGE_PLAN);
    expect(sent?.body).toEqual({ planId: 'standard', when: 'now', prorationDate: expect.any(Number) });
  });

  it("says why when keeping the plan is refused, with the server's message", async () => {
    const { user } = renderBilling({
      subscription: toBasic,
      handlers: {
        [`POST ${CHANGE_PLAN}`]: {
          status: 409,
          json: { message: planChangeMessages.paymentIssue, reason: 'payment_issue' },
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Keep Standard' }));
    await user.click(screen.getByRole('button', { name: 'Yes, Keep Standard' }));
    expect(await screen.findByText('Your plan was not kept')).toBeInTheDocument();
    expect(screen.getByText(planChangeMessages.paymentIssue)).toBeInTheDocument();
  });

  it('is not shown for a subscription set to end, which never reaches it, nor without one', async () => {
    renderBilling({
      subscription: { ...toBasic, status: 'pending_cancellation', cancelAtPeriodEnd: true },
    });
    await screen.findByRole('button', { name: 'Resume Subscription' });
    expect(screen.queryByText(/Changes to Basic/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Keep Standard' })).not.toBeInTheDocument();
  });

  it('leaves a plan without a scheduled change as it was', async () => {
    renderBilling();
    await screen.findByRole('button', { name: 'Cancel' });
    await waitFor(() => expect(screen.queryByText(/Changes to/)).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: /^Keep / })).not.toBeInTheDocument();
  });
});
