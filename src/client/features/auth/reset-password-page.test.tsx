import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeFetch } from '../../../../tests/helpers/fake-fetch';
import { renderPage } from '../../../../tests/helpers/render';
import { bodiesSentTo, deferred, findToast } from './auth-test-helpers';
import { ResetPasswordPage } from './reset-password-page';

function renderReset(at: string) {
  return renderPage(<ResetPasswordPage />, {
    path: '/reset-password',
    at,
    routes: [{ path: '/auth', element: <p>Auth stand-in</p> }],
  });
}

async function submitPasswords(user: ReturnType<typeof renderReset>['user'], password: string, confirm: string) {
  await user.type(screen.getByLabelText('New Password'), password);
  await user.type(screen.getByLabelText('Confirm New Password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Reset Password' }));
}

describe('/reset-password', () => {
  it('without a token shows Invalid Reset Link with a way to request a new one', () => {
    installFakeFetch({});
    renderReset('/reset-password');
    expect(screen.getByRole('heading', { level: 1, name: 'Invalid Reset Link' })).toBeInTheDocument();
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/auth');
  });

  it("says 'Passwords do not match' and sends nothing", async () => {
    const { requests } = installFakeFetch({});
    const { user } = renderReset('/reset-password?token=abc123');
    await submitPasswords(user, 'new-secret', 'other-secret');
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('asks for at least 6 characters in both fields', async () => {
    const { requests } = installFakeFetch({});
    const { user } = renderReset('/reset-password?token=abc123');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(screen.getByText('Confirm password must be at least 6 characters')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('sends {token, password}, reads "Resetting Password" while pending, then shows success', async () => {
    const answer = deferred({ json: { message: 'done' } });
    const { requests } = installFakeFetch({ 'POST /api/reset-password': answer.handler });
    const { user } = renderReset('/reset-password?token=abc123');
    await submitPasswords(user, 'new-secret', 'new-secret');

    expect(await screen.findByRole('button', { name: 'Resetting Password' })).toBeDisabled();
    answer.release();

    expect(await screen.findByRole('heading', { level: 1, name: 'Password Reset Successful' })).toBeInTheDocument();
    expect(bodiesSentTo(requests, 'POST', '/api/reset-password')).toEqual([
      { token: 'abc123', password: 'new-secret' },
    ]);
    await user.click(screen.getByRole('link', { name: 'Go to Login' }));
    expect(await screen.findByText('Auth stand-in')).toBeInTheDocument();
  });

  it("shows Password Reset Failed with the server's message and toasts", async () => {
    installFakeFetch({
      'POST /api/reset-password': {
        status: 400,
        json: { message: 'This password reset link is invalid or has expired' },
      },
    });
    const { user } = renderReset('/reset-password?token=expired');
    await submitPasswords(user, 'new-secret', 'new-secret');

    expect(await screen.findByRole('heading', { level: 1, name: 'Password Reset Failed' })).toBeInTheDocument();
    expect(screen.getByText(/may have expired or be invalid/)).toBeInTheDocument();
    expect(
      screen.getByText('This password reset link is invalid or has expired', { selector: 'p' }),
    ).toBeInTheDocument();
    expect(await findToast('Password reset failed')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/auth');
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute('href', '/forgot-password');
  });
});
