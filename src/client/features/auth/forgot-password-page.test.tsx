import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeFetch } from '../../../../tests/helpers/fake-fetch';
import { renderPage } from '../../../../tests/helpers/render';
import { bodiesSentTo, deferred, findToast } from './auth-test-helpers';
import { ForgotPasswordPage } from './forgot-password-page';

function renderForgot() {
  return renderPage(<ForgotPasswordPage />, {
    path: '/forgot-password',
    routes: [{ path: '/auth', element: <p>Auth stand-in</p> }],
  });
}

describe('/forgot-password', () => {
  it('rejects an invalid email and sends nothing', async () => {
    const { requests } = installFakeFetch({});
    const { user } = renderForgot();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send Reset Instructions' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('sends the email, shows "Sending..." and then the Check Your Email state', async () => {
    const answer = deferred({ json: { message: 'sent' } });
    const { requests } = installFakeFetch({ 'POST /api/forgot-password': answer.handler });
    const { user } = renderForgot();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Instructions' }));

    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    answer.release();

    expect(await screen.findByRole('heading', { level: 1, name: 'Check Your Email' })).toHaveFocus();
    expect(
      screen.getByText(
        /If an account exists for the email you entered, you will receive instructions to reset your password/,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/spam/)).toBeInTheDocument();
    expect(await findToast('Password reset email sent')).toBeInTheDocument();
    expect(bodiesSentTo(requests, 'POST', '/api/forgot-password')).toEqual([{ email: 'ada@example.com' }]);

    await user.click(screen.getByRole('link', { name: 'Back to Login' }));
    expect(await screen.findByText('Auth stand-in')).toBeInTheDocument();
  });

  it('offers Back to Login on the form too', () => {
    installFakeFetch({});
    renderForgot();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/auth');
  });

  it("toasts 'Password reset request failed' with the server's message and keeps the form", async () => {
    installFakeFetch({
      'POST /api/forgot-password': {
        status: 429,
        json: { message: 'Too many attempts. Please wait 1 minute and try again.' },
      },
    });
    const { user } = renderForgot();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Instructions' }));

    expect(await findToast('Password reset request failed')).toBeInTheDocument();
    expect(await findToast('Too many attempts. Please wait 1 minute and try again.')).toBeInTheDocument();
    expect(screen.queryByText('Check Your Email')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send Reset Instructions' })).toBeEnabled();
  });
});
