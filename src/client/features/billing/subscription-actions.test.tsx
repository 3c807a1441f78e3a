import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { REFETCH_AFTER_CHANGE_MS, SECOND_REFETCH_AFTER_MS } from '../../../common/limits';
import { makeSubscription, postsTo, renderBilling, subscriptionReads } from './billing-test-data';

const CANCEL = '/api/billing/cancel-subscription';
const RESUME = '/api/billing/resume-subscription';
const done = (message: string, extra: object = {}) => ({ json: { success: true, message, ...extra } });

describe('subscription changes on the billing page', () => {
  it('cancels from the plan tab only after confirmation, sending no body', async () => {
    const { user, requests } = renderBilling({
      handlers: { [`POST ${CANCEL}`]: done('Your subscription will be cancelled at the end of the current period.') },
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Are you sure?' });
    expect(within(dialog).getByText(/at the end of the current period \(Dec 1, 2026\)/)).toBeInTheDocument();
    expect(postsTo(requests, CANCEL)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, Cancel Subscription' }));
    expect(await screen.findByText('Subscription cancelled')).toBeInTheDocument();
    expect(postsTo(requests, CANCEL)).toEqual([{ method: 'POST', path: CANCEL, body: undefined }]);
  });

  it('sends nothing when the confirmation is dismissed, with the button or Escape', async () => {
    const { user, requests } = renderBilling();
    const cancel = await screen.findByRole('button', { name: 'Cancel' });
    await user.click(cancel);
    await user.click(screen.getByRole('button', { name: 'Keep Subscription' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(cancel).toHaveFocus();
    await user.click(cancel);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(postsTo(requests, CANCEL)).toHaveLength(0);
  });

  it("toasts 'Cancel failed' with the server's details", async () => {
    const { user } = renderBilling({
      handlers: { [`POST ${CANCEL}`]: { status: 400, json: { message: 'You have no active subscription' } } },
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Yes, Cancel Subscription' }));
    expect(await screen.findByText('Cancel failed')).toBeInTheDocument();
    expect(screen.getByText('You have no active subscription')).toBeInTheDocument();
  });

  it('resumes a cancelling subscription after confirmation', async () => {
    const { user, requests } = renderBilling({
      subscription: makeSubscription({ status: 'pending_cancellation', cancelAtPeriodEnd: true }),
      handlers: { [`POST ${RESUME}`]: done('Your subscription has been resumed.') },
    });
    await user.click(await screen.findByRole('button', { name: 'Resume Subscription' }));
    await user.click(screen.getByRole('button', { name: 'Yes, Resume' }));
    expect(await screen.findByText('Subscription resumed')).toBeInTheDocument();
    expect(screen.getByText('Your subscription has been resumed.')).toBeInTheDocument();
    expect(postsTo(requests, RESUME)).toEqual([{ method: 'POST', path: RESUME, body: { subscriptionId: 'sub_123' } }]);
  });

  it("toasts 'Failed to resume subscription' when resuming fails", async () => {
    const { user } = renderBilling({
      subscription: makeSubscription({ cancelAtPeriodEnd: true }),
      handlers: { [`POST ${RESUME}`]: { status: 500, json: { message: 'Stripe is down' } } },
    });
    await user.click(await screen.findByRole('button', { name: 'Resume Subscription' }));
    await user.click(screen.getByRole('button', { name: 'Yes, Resume' }));
    expect(await screen.findByText('Failed to resume subscription')).toBeInTheDocument();
  });

  it('terminates from the Manage Cancellation tab with { immediate: true } after confirmation', async () => {
    let ended = false;
    const { user, requests } = renderBilling({
      at: '/billing?tab=terminate',
      subscription: () =>
        ended
          ? new Response('null', { headers: { 'content-type': 'application/json' } })
          : { json: makeSubscription() },
      handlers: {
        [`POST ${CANCEL}`]: () => {
          ended = true;
          return done('Your subscription has been cancelled.');
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Terminate Now' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Are you sure?' });
    expect(within(dialog).getByText(/no refund/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Yes, Terminate Now' }));
    expect(await screen.findByText('Subscription terminated')).toBeInTheDocument();
    expect(postsTo(requests, CANCEL)).toEqual([{ method: 'POST', path: CANCEL, body: { immediate: true } }]);
    // After the follow-up refetch the panel offers a new subscription.
    expect(await screen.findByRole('link', { name: 'Subscribe Now' }, { timeout: 3000 })).toHaveAttribute(
      'href',
      '/checkout',
    );
  });

  it('cancels at period end from the terminate panel', async () => {
    const { user, requests } = renderBilling({
      at: '/billing?tab=terminate',
      handlers: { [`POST ${CANCEL}`]: done('ok') },
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel Subscription' }));
    await user.click(screen.getByRole('button', { name: 'Yes, Cancel Subscription' }));
    await screen.findByText('Subscription cancelled');
    expect(postsTo(requests, CANCEL)[0]!.body).toEqual({ subscriptionId: 'sub_123', immediate: false });
  });

  it("shows 'Subscription Data Reset' when the server reset the data", async () => {
    const { user } = renderBilling({
      handlers: { [`POST ${CANCEL}`]: done('Your subscription data was reset.', { reset: true }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Yes, Cancel Subscription' }));
    expect(await screen.findByText('Subscription Data Reset')).toBeInTheDocument();
    expect(screen.getByText('Your subscription data was reset.')).toBeInTheDocument();
  });

  it('refetches 1.5 s after a change and again 2.5 s later', async () => {
    const { user, requests } = renderBilling({ handlers: { [`POST ${CANCEL}`]: done('ok') } });
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    // Let the mount-time refetch (0.5 s) pass first.
    await waitFor(() => expect(subscriptionReads(requests)).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Yes, Cancel Subscription' }));
    await screen.findByText('Subscription cancelled');
    const change = postsTo(requests, CANCEL)[0]!;
    const after = () => subscriptionReads(requests).filter((read) => read.at > change.at);
    await waitFor(() => expect(after()).toHaveLength(2), {
      timeout: REFETCH_AFTER_CHANGE_MS + SECOND_REFETCH_AFTER_MS + 5000,
    });
    const [first, second] = after();
    expect(first!.at - change.at).toBeGreaterThanOrEqual(REFETCH_AFTER_CHANGE_MS);
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(SECOND_REFETCH_AFTER_MS);
  });
});
