import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { installFakeFetch } from '../../../../tests/helpers/fake-fetch';
import { renderPage } from '../../../../tests/helpers/render';
import { anonymousMe, makePublicUser, signedInMe } from '../../../../tests/helpers/users';
import { createQueryClient } from '../../lib/query-client';
import { deferred, findToast, requestsTo } from './auth-test-helpers';
import { VerifyEmailPage } from './verify-email-page';

const standIns = [
  { path: '/', element: <p>Home stand-in</p> },
  { path: '/auth', element: <p>Auth stand-in</p> },
];

function renderVerify(at: string) {
  return renderPage(<VerifyEmailPage />, { path: '/verify-email', at, routes: standIns });
}

describe('/verify-email', () => {
  it('without a token asks the visitor to check their email', async () => {
    installFakeFetch({ 'GET /api/me': anonymousMe });
    const { user } = renderVerify('/verify-email');
    expect(screen.getByRole('heading', { level: 1, name: 'Email Verification' })).toBeInTheDocument();
    expect(screen.getByText(/Please check your email for a verification link/)).toBeInTheDocument();
    expect(screen.getByText(/spam/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend verification email' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to Login' }));
    expect(await screen.findByText('Auth stand-in')).toBeInTheDocument();
  });

  it('lets a signed-in, unverified user ask for a new email', async () => {
    const { requests } = installFakeFetch({
      'GET /api/me': signedInMe(makePublicUser({ emailVerified: false })),
      'POST /api/resend-verification': { json: { message: 'A new verification email is on its way.' } },
    });
    const { user } = renderVerify('/verify-email');
    await user.click(await screen.findByRole('button', { name: 'Resend verification email' }));
    expect(await findToast('A new verification email is on its way.')).toBeInTheDocument();
    expect(requestsTo(requests, 'POST', '/api/resend-verification')).toHaveLength(1);
  });

  it('shows a resend failure in a toast', async () => {
    installFakeFetch({
      'GET /api/me': signedInMe(makePublicUser({ emailVerified: false })),
      'POST /api/resend-verification': {
        status: 429,
        json: { message: 'Too many attempts. Please wait 1 minute and try again.' },
      },
    });
    const { user } = renderVerify('/verify-email');
    await user.click(await screen.findByRole('button', { name: 'Resend verification email' }));
    expect(await findToast('Too many attempts. Please wait 1 minute and try again.')).toBeInTheDocument();
  });

  it('verifies the token on arrival: Verifying Email, then Email Verified', async () => {
    const answer = deferred({ json: { message: 'Your email has been verified' } });
    installFakeFetch({ 'GET /api/me': anonymousMe, 'GET /api/verify-email/tok-1': answer.handler });
    const { user } = renderVerify('/verify-email?token=tok-1');

    expect(await screen.findByRole('heading', { level: 1, name: 'Verifying Email' })).toBeInTheDocument();
    answer.release();
    expect(await screen.findByRole('heading', { level: 1, name: 'Email Verified' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Go to Dashboard' }));
    expect(await screen.findByText('Home stand-in')).toBeInTheDocument();
  });

  it('shows Verification Failed with a way back to login, and toasts', async () => {
    installFakeFetch({
      'GET /api/verify-email/old': {
        status: 400,
        json: { message: 'This verification link is invalid or has expired' },
      },
    });
    renderVerify('/verify-email?token=old');

    expect(await screen.findByRole('heading', { level: 1, name: 'Verification Failed' })).toBeInTheDocument();
    expect(screen.getByText(/may have expired or be invalid/)).toBeInTheDocument();
    expect(await findToast('Email verification failed')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/auth');
  });

  it('sends one request per token even under StrictMode', async () => {
    const { requests } = installFakeFetch({ 'GET /api/verify-email/once': { json: { message: 'ok' } } });
    // StrictMode at the root, as in main.tsx: nested under the router it does not re-run effects.
    const router = createMemoryRouter([{ path: '/verify-email', element: <VerifyEmailPage /> }], {
      initialEntries: ['/verify-email?token=once'],
    });
    render(
      <StrictMode>
        <QueryClientProvider client={createQueryClient()}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Email Verified' })).toBeInTheDocument();
    await waitFor(() => expect(requestsTo(requests, 'GET', '/api/verify-email/once')).toHaveLength(1));
    expect(requestsTo(requests, 'GET', '/api/verify-email/once')).toHaveLength(1);
  });
});
