import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { installFakeFetch } from '../../../../tests/helpers/fake-fetch';
import { renderPage } from '../../../../tests/helpers/render';
import { anonymousMe, makePublicUser, signedInMe } from '../../../../tests/helpers/users';
import { createQueryClient } from '../../lib/query-client';
import { serverMessages } from '../../../common/messages';
import { bodiesSentTo, deferred, findToast, requestsTo } from './auth-test-helpers';
import { VerifyEmailPage } from './verify-email-page';

const standIns = [
  { path: '/', element: <p>Home stand-in</p> },
  { path: '/auth', element: <p>Auth stand-in</p> },
];

function renderVerify(at: string) {
  return renderPage(<VerifyEmailPage />, { path: '/verify-email', at, routes: standIns });
}

const notifications = () => screen.queryByRole('region', { name: /notifications/i });

describe('/verify-email', () => {
  it('without a token asks the visitor to check their email, and offers a new link by address', async () => {
    const { requests } = installFakeFetch({
      'GET /api/me': anonymousMe,
      'POST /api/resend-verification': { json: { message: serverMessages.verificationResentNeutral } },
    });
    const { user } = renderVerify('/verify-email');
    expect(screen.getByRole('heading', { level: 1, name: 'Email Verification' })).toBeInTheDocument();
    expect(screen.getByText(/Please check your email for a verification link/)).toBeInTheDocument();
    expect(screen.getByText(/spam/)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Log in to send a new link' })).toHaveAttribute('href', '/auth');

    await user.type(screen.getByLabelText('Email'), 'me@example.com');
    await user.click(screen.getByRole('button', { name: 'Send a new link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(serverMessages.verificationResentNeutral);
    expect(bodiesSentTo(requests, 'POST', '/api/resend-verification')).toEqual([{ email: 'me@example.com' }]);

    await user.click(screen.getByRole('link', { name: 'Back to Login' }));
    expect(await screen.findByText('Auth stand-in')).toBeInTheDocument();
  });

  it('lets a signed-in, unverified user ask for a new email in one click', async () => {
    const { requests } = installFakeFetch({
      'GET /api/me': signedInMe(makePublicUser({ emailVerified: false })),
      'POST /api/resend-verification': { json: { message: 'A new verification email is on its way.' } },
    });
    const { user } = renderVerify('/verify-email');
    await user.click(await screen.findByRole('button', { name: 'Send a new link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('New link sent. Check your inbox (and spam folder).');
    expect(requestsTo(requests, 'POST', '/api/resend-verification')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/');
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
    await user.click(await screen.findByRole('button', { name: 'Send a new link' }));
    expect(await findToast('Too many attempts. Please wait 1 minute and try again.')).toBeInTheDocument();
  });

  it('without a token tells a verified user so, with the way to the app', async () => {
    installFakeFetch({ 'GET /api/me': signedInMe(makePublicUser({ emailVerified: true })) });
    renderVerify('/verify-email');
    expect(await screen.findByText(serverMessages.alreadyVerified)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/');
  });

  it('verifies the token on arrival: Verifying Email, then Email Verified', async () => {
    const answer = deferred({ json: { message: 'Your email has been verified', status: 'verified' } });
    installFakeFetch({ 'GET /api/me': anonymousMe, 'GET /api/verify-email/tok-1': answer.handler });
    const { user } = renderVerify('/verify-email?token=tok-1');

    expect(await screen.findByRole('heading', { level: 1, name: 'Verifying Email' })).toBeInTheDocument();
    answer.release();
    expect(await screen.findByRole('heading', { level: 1, name: 'Email Verified' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Go to Dashboard' }));
    expect(await screen.findByText('Home stand-in')).toBeInTheDocument();
  });

  it('a link opened again shows a signed-in, verified user Already Verified and the way to the app, without alarm', async () => {
    installFakeFetch({
      'GET /api/me': signedInMe(makePublicUser({ emailVerified: true })),
      'GET /api/verify-email/used': { json: { message: serverMessages.alreadyVerified, status: 'already_verified' } },
    });
    const { user } = renderVerify('/verify-email?token=used');
    expect(await screen.findByRole('heading', { level: 1, name: 'Already Verified' })).toBeInTheDocument();
    expect(screen.getByText(serverMessages.alreadyVerified)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Verification Failed' })).not.toBeInTheDocument();
    expect(notifications()).not.toHaveTextContent('Email verification failed');
    await user.click(screen.getByRole('link', { name: 'Go to Dashboard' }));
    expect(await screen.findByText('Home stand-in')).toBeInTheDocument();
  });

  it('a link opened again shows a signed-out visitor Already Verified and the way to log in', async () => {
    installFakeFetch({
      'GET /api/me': anonymousMe,
      'GET /api/verify-email/used': { json: { message: serverMessages.alreadyVerified, status: 'already_verified' } },
    });
    renderVerify('/verify-email?token=used');
    expect(await screen.findByRole('heading', { level: 1, name: 'Already Verified' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/auth');
  });

  it('an expired link offers a signed-in user a new one in one click, without a failure toast', async () => {
    const { requests } = installFakeFetch({
      'GET /api/me': signedInMe(makePublicUser({ emailVerified: false })),
      'GET /api/verify-email/old': {
        status: 400,
        json: { message: serverMessages.verifyLinkExpired, reason: 'expired' },
      },
      'POST /api/resend-verification': { json: { message: serverMessages.verificationResent } },
    });
    const { user } = renderVerify('/verify-email?token=old');
    expect(await screen.findByRole('heading', { level: 1, name: 'Link Expired' })).toBeInTheDocument();
    expect(notifications()).not.toHaveTextContent('Email verification failed');
    await user.click(screen.getByRole('button', { name: 'Send a new link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('New link sent. Check your inbox (and spam folder).');
    expect(requestsTo(requests, 'POST', '/api/resend-verification')).toHaveLength(1);
  });

  it('an expired link asks a signed-out visitor to log in first or to give the address', async () => {
    const { requests } = installFakeFetch({
      'GET /api/me': anonymousMe,
      'GET /api/verify-email/old': {
        status: 400,
        json: { message: serverMessages.verifyLinkExpired, reason: 'expired' },
      },
      'POST /api/resend-verification': { json: { message: serverMessages.verificationResentNeutral } },
    });
    const { user } = renderVerify('/verify-email?token=old');
    expect(await screen.findByRole('heading', { level: 1, name: 'Link Expired' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in to send a new link' })).toHaveAttribute('href', '/auth');
    await user.type(screen.getByLabelText('Email'), 'me@example.com');
    await user.click(screen.getByRole('button', { name: 'Send a new link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(serverMessages.verificationResentNeutral);
    expect(bodiesSentTo(requests, 'POST', '/api/resend-verification')).toEqual([{ email: 'me@example.com' }]);
  });

  it('shows Verification Failed with a way back to login, and toasts', async () => {
    installFakeFetch({
      'GET /api/me': anonymousMe,
      'GET /api/verify-email/bad': {
        status: 400,
        json: { message: serverMessages.verifyLinkInvalid, reason: 'invalid' },
      },
    });
    renderVerify('/verify-email?token=bad');

    expect(await screen.findByRole('heading', { level: 1, name: 'Verification Failed' })).toBeInTheDocument();
    expect(screen.getByText(/may have expired or be invalid/)).toBeInTheDocument();
    expect(await findToast('Email verification failed')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/auth');
  });

  it('sends one request per token even under StrictMode', async () => {
    const { requests } = installFakeFetch({
      'GET /api/me': anonymousMe,
      'GET /api/verify-email/once': { json: { message: 'ok', status: 'verified' } },
    });
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
