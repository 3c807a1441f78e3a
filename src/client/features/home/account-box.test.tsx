import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PublicUser } from '../../../common/user-schemas';
import { installFakeFetch, type FakeHandler, type FakeResponse } from '../../../../tests/helpers/fake-fetch';
import { renderPage } from '../../../../tests/helpers/render';
import { meAs } from '../../../../tests/helpers/users';
import { HomePage } from './home-page';
import { makeUser } from './test-fixtures';

function renderHome(user: PublicUser | null, handlers: Record<string, FakeHandler | FakeResponse> = {}) {
  const fake = installFakeFetch({
    'GET /api/me': meAs(user),
    ...handlers,
  });
  return { ...fake, ...renderPage(<HomePage />) };
}

async function accountBox() {
  await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading account' })).not.toBeInTheDocument());
  return within(screen.getByRole('region', { name: 'Account' }));
}

/** The value shown under a label of the box's facts list (Plan, Queries left). */
function fact(box: Awaited<ReturnType<typeof accountBox>>, label: string) {
  return box.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}

describe('AccountBox', () => {
  it('offers an anonymous visitor Login / Register', async () => {
    renderHome(null);
    const box = await accountBox();
    expect(box.getByRole('link', { name: 'Login / Register' })).toHaveAttribute('href', '/auth');
    expect(box.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it("shows a signed-in user's name, Verified badge, plan and queries left", async () => {
    renderHome(makeUser({ freeQuestionsRemaining: 30 }));
    const box = await accountBox();
    expect(box.getByText('linus')).toBeInTheDocument();
    expect(box.getByText('Verified')).toBeInTheDocument();
    expect(fact(box, 'Plan')).toBe('Free');
    expect(fact(box, 'Queries left')).toBe('30');
    expect(box.getByRole('link', { name: 'Subscribe' })).toHaveAttribute('href', '/pricing');
    expect(box.getByRole('link', { name: 'Profile Settings' })).toHaveAttribute('href', '/profile');
    expect(box.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it.each(['incomplete', 'incomplete_expired'])(
    'shows free status for an account whose checkout was never paid (%s)',
    async (status) => {
      // How an account written before decision 0019 may still read after an abandoned checkout.
      renderHome(makeUser({ subscriptionTier: 'basic', subscriptionStatus: status, stripeSubscriptionId: 'sub_1' }));
      const box = await accountBox();
      expect(fact(box, 'Plan')).toBe('Free');
      expect(box.getByRole('link', { name: 'Subscribe' })).toHaveAttribute('href', '/pricing');
      expect(box.queryByRole('button', { name: 'Manage Subscription' })).not.toBeInTheDocument();
    },
  );

  it('shows an unverified email as a lasting cue with a way to a new link', async () => {
    const { user, requests } = renderHome(makeUser({ emailVerified: false }), {
      'POST /api/resend-verification': { json: { message: 'A new verification email is on its way.' } },
    });
    const box = await accountBox();
    expect(box.getByText('linus')).toBeInTheDocument();
    expect(box.queryByText('Verified')).not.toBeInTheDocument();
    expect(box.getByText('Email not verified')).toBeInTheDocument();
    await user.click(box.getByRole('button', { name: 'Resend link' }));
    expect(await box.findByRole('status')).toHaveTextContent('New link sent. Check your inbox (and spam folder).');
    expect(requests.filter((r) => r.method === 'POST' && r.path === '/api/resend-verification')).toHaveLength(1);
  });

  it('shows no cue for a verified email', async () => {
    renderHome(makeUser());
    const box = await accountBox();
    expect(box.queryByText('Email not verified')).not.toBeInTheDocument();
    expect(box.queryByRole('button', { name: 'Resend link' })).not.toBeInTheDocument();
  });

  it('counts paid and free queries together, and shows Unlimited for -1', async () => {
    const { unmount } = renderHome(
      makeUser({
        subscriptionTier: 'basic',
        subscriptionStatus: 'active',
        paidQuestionsRemaining: 300,
        freeQuestionsRemaining: 2,
      }),
    );
    let box = await accountBox();
    expect(fact(box, 'Plan')).toBe('Basic');
    expect(fact(box, 'Queries left')).toBe('302');
    // An active plan is managed in the dialog (manage-subscription.test.tsx), not on the billing page.
    expect(box.getByRole('button', { name: 'Manage Subscription' })).toBeInTheDocument();
    expect(box.queryByRole('link', { name: 'Subscribe' })).not.toBeInTheDocument();
    unmount();

    renderHome(makeUser({ subscriptionTier: 'unlimited', subscriptionStatus: 'active', paidQuestionsRemaining: -1 }));
    box = await accountBox();
    expect(fact(box, 'Plan')).toBe('Unlimited');
    expect(fact(box, 'Queries left')).toBe('Unlimited');
  });

  it('sends a past-due plan to the billing page to fix the payment', async () => {
    renderHome(makeUser({ subscriptionTier: 'basic', subscriptionStatus: 'past_due', paidQuestionsRemaining: 0 }));
    const box = await accountBox();
    expect(box.getByRole('link', { name: 'Manage Subscription' })).toHaveAttribute('href', '/billing');
  });

  it('logs out: calls the server, starts a new browser session and shows Login / Register', async () => {
    localStorage.setItem('parallaxSessionId', 'old-session');
    localStorage.setItem('sessionId', 'old-session');
    const { user, requests } = renderHome(makeUser(), { 'POST /api/logout': { json: { message: 'Logged out' } } });
    const box = await accountBox();
    await user.click(box.getByRole('button', { name: 'Logout' }));

    expect(await screen.findByText('Logout successful')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST' && r.path === '/api/logout')).toHaveLength(1);
    const fresh = localStorage.getItem('parallaxSessionId');
    expect(fresh).toBeTruthy();
    expect(fresh).not.toBe('old-session');
    expect(localStorage.getItem('sessionId')).toBe(fresh);
    expect(await screen.findByRole('link', { name: 'Login / Register' })).toBeInTheDocument();
  });

  it('says so when logging out fails and keeps the user signed in', async () => {
    localStorage.setItem('parallaxSessionId', 'old-session');
    const { user } = renderHome(makeUser(), { 'POST /api/logout': { status: 500, json: { message: 'boom' } } });
    const box = await accountBox();
    await user.click(box.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Logout failed')).toBeInTheDocument();
    expect(box.getByText('linus')).toBeInTheDocument();
    expect(localStorage.getItem('parallaxSessionId')).toBe('old-session');
  });
});
