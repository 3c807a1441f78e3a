import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeFetch } from '../../../../tests/helpers/fake-fetch';
import { renderPage } from '../../../../tests/helpers/render';
import { anonymousMe, makePublicUser } from '../../../../tests/helpers/users';
import { AuthPage } from './auth-page';
import { bodiesSentTo, deferred, findToast, requestsTo } from './auth-test-helpers';

const standIns = [
  { path: '/', element: <p>Home stand-in</p> },
  { path: '/admin', element: <p>Admin stand-in</p> },
  { path: '/billing', element: <p>Billing stand-in</p> },
];

function renderLogin() {
  return renderPage(<AuthPage />, { path: '/auth', routes: standIns });
}

async function fillLogin(user: ReturnType<typeof renderLogin>['user'], email: string, password: string) {
  const identifier = await screen.findByLabelText('Email or username');
  if (email) await user.type(identifier, email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('Login tab', () => {
  it('shows both validation messages for empty fields and sends nothing', async () => {
    const { requests } = installFakeFetch({ 'GET /api/me': anonymousMe });
    const { user } = renderLogin();
    await fillLogin(user, '', '');
    expect(await screen.findByText('Please enter a valid email or username')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Email or username')).toHaveAttribute('aria-invalid', 'true');
    expect(requestsTo(requests, 'POST', '/api/login')).toHaveLength(0);
  });

  it('rejects a too-short identifier and password', async () => {
    const { requests } = installFakeFetch({ 'GET /api/me': anonymousMe });
    const { user } = renderLogin();
    await fillLogin(user, 'ab', '12345');
    expect(await screen.findByText('Please enter a valid email or username')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(requestsTo(requests, 'POST', '/api/login')).toHaveLength(0);
  });

  it('sends {email, password}, shows "Logging in..." while pending, then goes to /', async () => {
    const answer = deferred({ json: makePublicUser() });
    const { requests } = installFakeFetch({ 'GET /api/me': anonymousMe, 'POST /api/login': answer.handler });
    const { user, router } = renderLogin();
    await fillLogin(user, 'ada', 'correct horse');

    expect(await screen.findByRole('button', { name: 'Logging in...' })).toBeDisabled();
    answer.release();

    expect(await screen.findByText('Home stand-in')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(await findToast('Login successful')).toBeInTheDocument();
    expect(bodiesSentTo(requests, 'POST', '/api/login')).toEqual([{ email: 'ada', password: 'correct horse' }]);
  });

  it('sends an administrator to /admin', async () => {
    installFakeFetch({
      'GET /api/me': anonymousMe,
      'POST /api/login': { json: makePublicUser({ role: 'admin', isAdmin: true }) },
    });
    const { user } = renderLogin();
    await fillLogin(user, 'admin@example.com', 'secret-pass');
    expect(await screen.findByText('Admin stand-in')).toBeInTheDocument();
  });

  it('returns a user to the page the sign-in guard came from', async () => {
    installFakeFetch({ 'GET /api/me': anonymousMe, 'POST /api/login': { json: makePublicUser() } });
    const { user, router } = renderLogin();
    await act(() => router.navigate('/auth', { state: { from: '/billing' } }));
    await fillLogin(user, 'ada', 'secret-pass');
    expect(await screen.findByText('Billing stand-in')).toBeInTheDocument();
  });

  it("shows the server's message in a 'Login failed' toast on 401 and stays on the page", async () => {
    installFakeFetch({
      'GET /api/me': anonymousMe,
      'POST /api/login': { status: 401, json: { message: 'Invalid email/username or password' } },
    });
    const { user, router } = renderLogin();
    await fillLogin(user, 'ada', 'wrong-pass');
    expect(await findToast('Invalid email/username or password')).toBeInTheDocument();
    expect(await findToast('Login failed')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
    expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();
  });

  it("shows the server's wait message on 429", async () => {
    installFakeFetch({
      'GET /api/me': anonymousMe,
      'POST /api/login': { status: 429, json: { message: 'Too many attempts. Please wait 1 minute and try again.' } },
    });
    const { user } = renderLogin();
    await fillLogin(user, 'ada', 'wrong-pass');
    expect(await findToast('Too many attempts. Please wait 1 minute and try again.')).toBeInTheDocument();
  });

  it('falls back to the documented text when the server sends no message', async () => {
    installFakeFetch({ 'GET /api/me': anonymousMe, 'POST /api/login': { status: 500, text: '' } });
    const { user } = renderLogin();
    await fillLogin(user, 'ada', 'wrong-pass');
    expect(await findToast('Login failed. Please check your credentials.')).toBeInTheDocument();
  });

  it('links to /forgot-password', async () => {
    installFakeFetch({ 'GET /api/me': anonymousMe });
    renderLogin();
    expect(await screen.findByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('shows and hides the password with the toggle', async () => {
    installFakeFetch({ 'GET /api/me': anonymousMe });
    const { user } = renderLogin();
    const password = await screen.findByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    await waitFor(() => expect(password).toHaveAttribute('type', 'password'));
  });
});
