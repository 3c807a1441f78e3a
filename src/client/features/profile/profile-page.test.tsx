import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PublicUser } from '../../../common/user-schemas';
import {
  heldResponse,
  installFakeFetch,
  type FakeHandler,
  type FakeResponse,
} from '../../../../tests/helpers/fake-fetch';
import { renderPage } from '../../../../tests/helpers/render';
import { makePublicUser, meAs } from '../../../../tests/helpers/users';
import { ProfilePage } from './profile-page';

function renderProfile(user: PublicUser | null, handlers: Record<string, FakeHandler | FakeResponse> = {}) {
  const fake = installFakeFetch({
    'GET /api/me': meAs(user),
    ...handlers,
  });
  const view = renderPage(<ProfilePage />, {
    path: '/profile',
    routes: [
      { path: '/', element: <p>Home stand-in</p> },
      { path: '/auth', element: <p>Auth stand-in</p> },
    ],
  });
  return { ...fake, ...view };
}

const changeRequests = (requests: { method: string; path: string }[]) =>
  requests.filter((r) => r.method === 'POST' && r.path === '/api/change-password');

async function fillPasswords(
  user: ReturnType<typeof renderPage>['user'],
  current: string,
  next: string,
  confirm: string,
) {
  await user.type(await screen.findByLabelText('Current Password'), current);
  await user.type(screen.getByLabelText('New Password'), next);
  await user.type(screen.getByLabelText('Confirm New Password'), confirm);
}

describe('ProfilePage', () => {
  it('tells an anonymous visitor to log in instead of redirecting', async () => {
    renderProfile(null);
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText('You must be logged in to view your profile')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/auth');
  });

  it('shows the account details read-only', async () => {
    renderProfile(makePublicUser({ emailVerified: false, subscriptionTier: 'standard' }));
    expect(await screen.findByText('ada')).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByText('Email not verified')).toBeInTheDocument();
    expect(
      screen.getByText('Verify it to keep asking free questions, to subscribe and to get receipts.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend link' })).toBeInTheDocument();
    expect(screen.queryByText('Verified')).not.toBeInTheDocument();
    expect(screen.getByText('User')).toBeInTheDocument();
    expect(screen.getByText('Standard')).toBeInTheDocument();
    expect(screen.queryByText('Administrator Account')).not.toBeInTheDocument();
    expect(screen.getByText(/signs you out on all your other devices/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Username' })).not.toBeInTheDocument();
  });

  it('shows an administrator their role, the Free default plan and the extra notice', async () => {
    renderProfile(makePublicUser({ isAdmin: true, role: 'admin', subscriptionTier: '' }));
    expect(await screen.findByText('Administrator')).toBeInTheDocument();
    expect(screen.getByText('Verified')).toBeInTheDocument();
    expect(screen.getByText('Free')).toBeInTheDocument();
    expect(screen.getByText('Administrator Account')).toBeInTheDocument();
    expect(screen.queryByText('Email not verified')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend link' })).not.toBeInTheDocument();
  });

  it('resends the verification email and says so where the button was', async () => {
    const { user, requests } = renderProfile(makePublicUser({ emailVerified: false }), {
      'POST /api/resend-verification': { json: { message: 'A new verification email is on its way.' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Resend link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('New link sent. Check your inbox (and spam folder).');
    expect(screen.queryByRole('button', { name: 'Resend link' })).not.toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST' && r.path === '/api/resend-verification')).toHaveLength(1);
  });

  it('shows a refused resend (the rate limit) in a toast and keeps the button', async () => {
    const { user } = renderProfile(makePublicUser({ emailVerified: false }), {
      'POST /api/resend-verification': {
        status: 429,
        json: { message: 'Too many attempts. Please wait 15 minutes and try again.' },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Resend link' }));
    expect(await screen.findByText('Too many attempts. Please wait 15 minutes and try again.')).toBeInTheDocument();
    expect(screen.getByText('Could not send a new link')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend link' })).toBeEnabled();
  });

  it('keeps Update Password disabled until all three fields are filled', async () => {
    const { user } = renderProfile(makePublicUser());
    const update = await screen.findByRole('button', { name: 'Update Password' });
    expect(update).toBeDisabled();
    await user.type(screen.getByLabelText('Current Password'), 'old-secret');
    await user.type(screen.getByLabelText('New Password'), 'new-secret');
    expect(update).toBeDisabled();
    await user.type(screen.getByLabelText('Confirm New Password'), 'new-secret');
    expect(update).toBeEnabled();
  });

  it('toggles a password between hidden and shown', async () => {
    const { user } = renderProfile(makePublicUser());
    const input = await screen.findByLabelText('New Password');
    expect(input).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show new password' }));
    expect(input).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide new password' }));
    expect(input).toHaveAttribute('type', 'password');
  });

  it('reports mismatched passwords before their length and sends nothing', async () => {
    const { user, requests } = renderProfile(makePublicUser());
    await fillPasswords(user, 'old-secret', 'abc', 'abd');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText("Passwords Don't Match")).toBeInTheDocument();
    expect(screen.getByText('New password and confirmation password must match.')).toBeInTheDocument();
    expect(changeRequests(requests)).toHaveLength(0);
  });

  it('rejects a new password shorter than 6 characters and sends nothing', async () => {
    const { user, requests } = renderProfile(makePublicUser());
    await fillPasswords(user, 'old-secret', 'abc12', 'abc12');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('Password Too Short')).toBeInTheDocument();
    expect(screen.getByText('New password must be at least 6 characters long.')).toBeInTheDocument();
    expect(changeRequests(requests)).toHaveLength(0);
  });

  it('sends only the current and new password, confirms and clears the form', async () => {
    const answer = heldResponse({ json: { message: 'Your password has been updated successfully.' } });
    const { user, requests } = renderProfile(makePublicUser(), { 'POST /api/change-password': answer.handler });
    await fillPasswords(user, 'old-secret', 'new-secret', 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByRole('button', { name: 'Updating...' })).toBeDisabled();
    answer.release();
    expect(await screen.findByText('Password Changed')).toBeInTheDocument();
    expect(screen.getByText('Your password has been updated successfully.')).toBeInTheDocument();
    expect(changeRequests(requests)).toEqual([
      {
        method: 'POST',
        path: '/api/change-password',
        body: { currentPassword: 'old-secret', newPassword: 'new-secret' },
      },
    ]);
    for (const label of ['Current Password', 'New Password', 'Confirm New Password']) {
      expect(screen.getByLabelText(label)).toHaveValue('');
    }
    expect(screen.getByRole('button', { name: 'Update Password' })).toBeDisabled();
  });

  it("shows the server's reason when the change fails", async () => {
    const { user } = renderProfile(makePublicUser(), {
      'POST /api/change-password': { status: 400, json: { message: 'Current password is incorrect' } },
    });
    await fillPasswords(user, 'wrong-secret', 'new-secret', 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('Password Change Failed')).toBeInTheDocument();
    expect(screen.getByText('Current password is incorrect')).toBeInTheDocument();
    expect(screen.getByLabelText('Current Password')).toHaveValue('wrong-secret');
  });

  it('falls back to a generic reason when the server gives none', async () => {
    const { user } = renderProfile(makePublicUser(), {
      'POST /api/change-password': { status: 502, text: 'Bad Gateway' },
    });
    await fillPasswords(user, 'old-secret', 'new-secret', 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('Failed to change password. Please try again.')).toBeInTheDocument();
  });

  it('empties the form with Clear Form', async () => {
    const { user } = renderProfile(makePublicUser());
    await fillPasswords(user, 'old-secret', 'new-secret', 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Clear Form' }));
    expect(screen.getByLabelText('Current Password')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Update Password' })).toBeDisabled();
  });

  it('signs out and goes home', async () => {
    const { user, requests, router } = renderProfile(makePublicUser(), {
      'POST /api/logout': { json: { message: 'Logged out' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('Logout successful')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST' && r.path === '/api/logout')).toBe(true);
  });

  it('says so when signing out fails', async () => {
    const { user } = renderProfile(makePublicUser(), {
      'POST /api/logout': { status: 500, json: { message: 'boom' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('Logout failed')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Profile' })).toBeInTheDocument();
  });
});
