import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SubscriptionStatus } from '../../../common/subscription-schemas';
import type { PublicUser } from '../../../common/user-schemas';
import { heldResponse, type FakeHandler, type FakeResponse } from '../../../../tests/helpers/fake-fetch';
import { trialGateCase } from './trial-gate';
import { makeUser, renderHome, SESSION, settled, subscriptionStatus } from './test-fixtures';

const statusPath = `GET /api/subscription-status-by-session/${SESSION}`;

function withStatus(answer: FakeResponse | FakeHandler, user: PublicUser | null = makeUser()) {
  return renderHome({ [statusPath]: answer }, { user });
}

const gate = () => screen.queryByRole('region', { name: 'Plan status' });

describe('trialGateCase', () => {
  const known = { isPending: false, isError: false };
  const active = (paid: number) =>
    subscriptionStatus({ hasActiveSubscription: true, subscriptionTier: 'basic', paidQuestionsRemaining: paid });

  it('follows the documented order: error, checking, active plans, trial, subscribe', () => {
    expect(trialGateCase(undefined, { isPending: false, isError: true })).toBe('error');
    expect(trialGateCase(undefined, { isPending: true, isError: false })).toBe('checking');
    expect(trialGateCase(active(-1), known)).toBeNull();
    expect(trialGateCase(active(5), known)).toBeNull();
    expect(trialGateCase(active(0), known)).toBe('issue');
    expect(trialGateCase(subscriptionStatus({ freeQuestionsRemaining: 2 }), known)).toBe('trial');
    expect(trialGateCase(subscriptionStatus({ freeQuestionsRemaining: 0 }), known)).toBe('subscribe');
  });
});

describe('Trial gate', () => {
  it('says it is checking the plan while the status loads', async () => {
    const answer = heldResponse({ json: subscriptionStatus({ freeQuestionsRemaining: 12 }) });
    withStatus(answer.handler);
    expect(await screen.findByText('Checking your plan...')).toBeInTheDocument();
    answer.release();
    expect(await screen.findByText('12 free questions left')).toBeInTheDocument();
    expect(screen.queryByText('Checking your plan...')).not.toBeInTheDocument();
    expect(gate()).not.toBeInTheDocument();
    await settled();
  });

  it('offers Try again and Continue Anyway when the status cannot be read', async () => {
    let fail = true;
    const { user } = renderHome({
      [statusPath]: () =>
        fail ? { status: 500, json: { message: 'down' } } : { json: subscriptionStatus({ freeQuestionsRemaining: 4 }) },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not check subscription status. Please try again.');

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('4 free questions left')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await settled();
  });

  it('lets the visitor continue anyway without the status', async () => {
    const { user } = withStatus({ status: 500, json: { message: 'down' } }, null);
    await screen.findByRole('alert');
    await user.click(screen.getByRole('button', { name: 'Continue Anyway' }));
    expect(gate()).not.toBeInTheDocument();
    // The page itself was never blocked.
    expect(screen.getByRole('textbox', { name: 'Your question' })).toBeEnabled();
    await settled();
  });

  it('says nothing to a subscriber with questions left, limited or unlimited', async () => {
    for (const paid of [300, -1]) {
      const { requests, unmount } = withStatus({
        json: subscriptionStatus({
          hasActiveSubscription: true,
          subscriptionTier: 'basic',
          paidQuestionsRemaining: paid,
        }),
      });
      await waitFor(() => expect(requests.some((r) => r.path.startsWith('/api/subscription-status'))).toBe(true));
      await settled();
      expect(gate()).not.toBeInTheDocument();
      unmount();
    }
  });

  it('reports a Subscription Issue to a subscriber with no questions left, pointing to support', async () => {
    const { user } = withStatus({
      json: subscriptionStatus({
        hasActiveSubscription: true,
        subscriptionTier: 'basic',
        paidQuestionsRemaining: 0,
        freeQuestionsRemaining: 0,
      }),
    });
    expect(await screen.findByText('Subscription Issue')).toBeInTheDocument();
    const region = within(gate()!);
    expect(region.getByText(/no questions left this period/)).toBeInTheDocument();
    expect(region.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', '/support');
    await user.click(region.getByRole('button', { name: 'Dismiss plan notice' }));
    expect(gate()).not.toBeInTheDocument();
    await settled();
  });

  it('shows trial mode once, as the header badge, to anonymous visitors too: no second strip with the same count', async () => {
    renderHome({ [statusPath]: { json: subscriptionStatus({ freeQuestionsRemaining: 1 }) } });
    const badge = await screen.findByText('1 free question left');
    expect(badge.closest('header')).not.toBeNull();
    expect(screen.getAllByText(/free questions? left/)).toHaveLength(1);
    expect(gate()).not.toBeInTheDocument();
    await settled();
  });

  it('prompts to subscribe once the free questions are gone, with View Plans', async () => {
    withStatus({ json: subscriptionStatus({ freeQuestionsRemaining: 0 } satisfies Partial<SubscriptionStatus>) });
    const region = within(await screen.findByRole('region', { name: 'Plan status' }));
    expect(await region.findByText('Subscribe now to ask more questions!')).toBeInTheDocument();
    expect(region.getByRole('link', { name: 'View Plans' })).toHaveAttribute('href', '/pricing');
    await settled();
  });
});
