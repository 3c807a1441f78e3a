import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeFetch } from '../../../../tests/helpers/fake-fetch';
import { renderPage } from '../../../../tests/helpers/render';
import { anonymousMe } from '../../../../tests/helpers/users';
import { AuthPage } from './auth-page';
import { bodiesSentTo, deferred, findToast, requestsTo } from './auth-test-helpers';

function renderRegister() {
  return renderPage(<AuthPage />, { path: '/auth', at: '/auth?tab=register' });
}

type User = ReturnType<typeof renderRegister>['user'];

async function fill(user: User, values: Partial<Record<'username' | 'email' | 'password' | 'confirm', string>>) {
  await screen.findByRole('form', { name: 'Register' });
  if (values.username) await user.type(screen.getByLabelText('Username'), values.username);
  if (values.email) await user.type(screen.getByLabelText('Email'), values.email);
  if (values.password) await user.type(screen.getByLabelText('Password'), values.password);
  if (values.confirm) await user.type(screen.getByLabelText('Confirm Password'), values.confirm);
}

const submit = (user: User) => user.click(screen.getByRole('button', { name: 'Create account' }));

/** The message tied to a control through aria-describedby: what a screen reader reads with the field. */
function describedError(control: HTMLElement) {
  const id = control.getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : undefined;
}

describe('Register tab', () => {
  it('shows the documented message for every empty field and sends nothing', async () => {
    const { requests } = installFakeFetch({ 'GET /api/me': anonymousMe });
    const { user } = renderRegister();
    await fill(user, {});
    await submit(user);

    expect(await screen.findByText('Username must be at least 3 characters')).toBeInTheDocument();
    expect(describedError(screen.getByLabelText('Email'))).toBe('Please enter a valid email address');
    expect(describedError(screen.getByLabelText('Password'))).toBe('Password must be at least 6 characters');
    expect(describedError(screen.getByLabelText('Confirm Password'))).toBe('Password must be at least 6 characters');
    expect(describedError(screen.getByRole('checkbox', { name: /Terms and Conditions/ }))).toBe(
      'You must accept the Terms and Conditions',
    );
    expect(describedError(screen.getByRole('checkbox', { name: /Privacy Policy/ }))).toBe(
      'You must accept the Privacy Policy',
    );
    expect(requestsTo(requests, 'POST', '/api/register')).toHaveLength(0);
  });

  it("says 'Passwords do not match' under the confirmation", async () => {
    const { requests } = installFakeFetch({ 'GET /api/me': anonymousMe });
    const { user } = renderRegister();
    await fill(user, { username: 'ada', email: 'ada@example.com', password: 'secret-one', confirm: 'secret-two' });
    await user.click(screen.getByRole('checkbox', { name: /Terms and Conditions/ }));
    await user.click(screen.getByRole('checkbox', { name: /Privacy Policy/ }));
    await submit(user);

    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(describedError(screen.getByLabelText('Confirm Password'))).toBe('Passwords do not match');
    expect(requestsTo(requests, 'POST', '/api/register')).toHaveLength(0);
  });

  it('opens the Terms and Conditions dialog from the label without ticking the box', async () => {
    installFakeFetch({ 'GET /api/me': anonymousMe });
    const { user } = renderRegister();
    await fill(user, {});
    const terms = screen.getByRole('checkbox', { name: /Terms and Conditions/ });
    await user.click(screen.getByRole('button', { name: 'Terms and Conditions' }));

    const dialog = await screen.findByRole('dialog', { name: 'Terms and Conditions' });
    expect(terms).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(terms).not.toBeChecked();
  });

  it('opens the Privacy Policy dialog', async () => {
    installFakeFetch({ 'GET /api/me': anonymousMe });
    const { user } = renderRegister();
    await fill(user, {});
    await user.click(screen.getByRole('button', { name: 'Privacy Policy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Privacy Policy' });
    await user.keyboard('{Escape}');
    expect(dialog).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /Privacy Policy/ })).not.toBeChecked();
  });

  it('sends the account without confirmPassword, shows "Creating account..." and then asks to check the email', async () => {
    const answer = deferred({
      status: 201,
      json: { message: 'Registration successful. Please check your email to verify your account.' },
    });
    const { requests } = installFakeFetch({ 'GET /api/me': anonymousMe, 'POST /api/register': answer.handler });
    const { user, router } = renderRegister();
    await fill(user, { username: 'ada', email: 'ada@example.com', password: 'secret-pass', confirm: 'secret-pass' });
    await user.click(screen.getByRole('checkbox', { name: /Terms and Conditions/ }));
    await user.click(screen.getByRole('checkbox', { name: /Privacy Policy/ }));
    await submit(user);

    expect(await screen.findByRole('button', { name: 'Creating account...' })).toBeDisabled();
    answer.release();
    const heading = await screen.findByRole('heading', { name: 'Check Your Email' });
    expect(heading).toHaveFocus();
    expect(screen.getByText('We sent a message to ada@example.com.')).toBeInTheDocument();
    expect(screen.getByText('New to Parallax? Its link verifies your address and signs you in.')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Already have an account with this address? The message has links to log in or to reset your password.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Username already taken? The message says so, with a link back here to choose another.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Register' })).not.toBeInTheDocument();
    expect(await findToast('Registration successful')).toBeInTheDocument();
    expect(await findToast('Please check your email to verify your account')).toBeInTheDocument();
    // Nobody is signed in: the page stays on /auth and never asks who the user is again.
    expect(router.state.location.pathname).toBe('/auth');
    expect(requestsTo(requests, 'GET', '/api/me')).toHaveLength(1);
    expect(bodiesSentTo(requests, 'POST', '/api/register')).toEqual([
      {
        username: 'ada',
        email: 'ada@example.com',
        password: 'secret-pass',
        termsAccepted: true,
        privacyPolicyAccepted: true,
      },
    ]);
  });

  it('goes back to the Login tab, or to an empty form for a different email', async () => {
    installFakeFetch({
      'GET /api/me': anonymousMe,
      'POST /api/register': { status: 201, json: { message: 'Registration successful.' } },
    });
    const { user } = renderRegister();
    const register = async () => {
      await fill(user, { username: 'ada', email: 'ada@example.com', password: 'secret-pass', confirm: 'secret-pass' });
      await user.click(screen.getByRole('checkbox', { name: /Terms and Conditions/ }));
      await user.click(screen.getByRole('checkbox', { name: /Privacy Policy/ }));
      await submit(user);
      await screen.findByRole('heading', { name: 'Check Your Email' });
    };

    await register();
    await user.click(screen.getByRole('button', { name: 'Use a different email' }));
    expect(await screen.findByRole('form', { name: 'Register' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: /Terms and Conditions/ })).not.toBeChecked();

    await register();
    await user.click(screen.getByRole('button', { name: 'Back to Login' }));
    expect(await screen.findByRole('tab', { name: 'Login', selected: true })).toBeInTheDocument();
    expect(screen.getByLabelText('Email or username')).toBeInTheDocument();
  });

  it("puts the server's field error under the field and toasts its message", async () => {
    installFakeFetch({
      'GET /api/me': anonymousMe,
      'POST /api/register': {
        status: 409,
        json: { message: 'Username is already taken', errors: { username: 'Username is already taken' } },
      },
    });
    const { user, router } = renderRegister();
    await fill(user, { username: 'ada', email: 'ada@example.com', password: 'secret-pass', confirm: 'secret-pass' });
    await user.click(screen.getByRole('checkbox', { name: /Terms and Conditions/ }));
    await user.click(screen.getByRole('checkbox', { name: /Privacy Policy/ }));
    await submit(user);

    expect(await findToast('Username is already taken')).toBeInTheDocument();
    const username = screen.getByLabelText('Username');
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(describedError(username)).toBe('Username is already taken');
    expect(username).toHaveFocus();
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('falls back to the documented text when the server sends no message', async () => {
    installFakeFetch({ 'GET /api/me': anonymousMe, 'POST /api/register': { status: 502, text: '' } });
    const { user } = renderRegister();
    await fill(user, { username: 'ada', email: 'ada@example.com', password: 'secret-pass', confirm: 'secret-pass' });
    await user.click(screen.getByRole('checkbox', { name: /Terms and Conditions/ }));
    await user.click(screen.getByRole('checkbox', { name: /Privacy Policy/ }));
    await submit(user);
    expect(await findToast('Registration failed. Please try again.')).toBeInTheDocument();
  });
});
