import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminToastMessages, adminValidationMessages } from '../../../common/admin-messages';
import { makePublicUser } from '../../../../tests/helpers/users';
import { AdminLoginPage } from './admin-login-page';
import { findToast, held, renderAdmin, requestsTo, rootAdmin, type RenderAdminOptions } from './shared/admin-test-data';

const standIns = [
  { path: '/', element: <p>Home stand-in</p> },
  { path: '/admin', element: <p>Console stand-in</p> },
];

function renderLogin(options: RenderAdminOptions = {}) {
  return renderAdmin(<AdminLoginPage />, { me: null, path: '/admin/login', routes: standIns, ...options });
}

async function signIn(user: ReturnType<typeof renderLogin>['user'], email: string, password: string) {
  if (email) await user.type(await screen.findByLabelText('Admin Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Access Admin Panel' }));
}

describe('admin login page', () => {
  it('shows both validation messages and sends nothing', async () => {
    const { user, requests } = renderLogin();
    await signIn(user, 'ab', '12345');
    expect(await screen.findByText(adminValidationMessages.adminEmailMin)).toBeInTheDocument();
    expect(screen.getByText(adminValidationMessages.adminPasswordMin)).toBeInTheDocument();
    expect(screen.getByLabelText('Admin Email')).toHaveAttribute('aria-invalid', 'true');
    expect(requestsTo(requests, 'POST', '/api/login')).toHaveLength(0);
  });

  it("reads 'Authenticating...' while pending, then grants an admin access and opens /admin", async () => {
    const answer = held({ json: rootAdmin });
    const { user, router, requests } = renderLogin({ handlers: { 'POST /api/login': answer.handler } });
    await signIn(user, 'root@example.com', 'correct horse');

    expect(await screen.findByRole('button', { name: 'Authenticating...' })).toBeDisabled();
    answer.release();

    expect(await screen.findByText('Console stand-in')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
    expect(await findToast(adminToastMessages.adminAccessGranted)).toBeInTheDocument();
    expect(requestsTo(requests, 'POST', '/api/login')[0]?.body).toEqual({
      email: 'root@example.com',
      password: 'correct horse',
    });
  });

  it('sends a signed-in user who is not an admin home with a toast', async () => {
    const { user, router } = renderLogin({ handlers: { 'POST /api/login': { json: makePublicUser() } } });
    await signIn(user, 'ada@example.com', 'correct horse');

    expect(await screen.findByText('Home stand-in')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(await findToast(adminToastMessages.notAdminTitle)).toBeInTheDocument();
    expect(await findToast(adminToastMessages.notAdmin)).toBeInTheDocument();
  });

  it('stays on the form with a red toast when the login fails', async () => {
    const { user, router } = renderLogin({
      handlers: { 'POST /api/login': { status: 401, json: { message: 'Invalid credentials' } } },
    });
    await signIn(user, 'root@example.com', 'wrong password');

    const title = await findToast(adminToastMessages.loginFailedTitle);
    expect(title.closest('li')).toHaveClass('bg-destructive');
    expect(await findToast(adminToastMessages.loginFailed)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/login');
    expect(screen.getByRole('button', { name: 'Access Admin Panel' })).toBeEnabled();
  });

  it('sends an admin who is already signed in straight to /admin', async () => {
    const { router } = renderAdmin(<AdminLoginPage />, { path: '/admin/login', routes: standIns });
    expect(await screen.findByText('Console stand-in')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
  });

  it('shows the form to a signed-in user who is not an admin', async () => {
    renderAdmin(<AdminLoginPage />, { me: makePublicUser(), path: '/admin/login', routes: standIns });
    expect(await screen.findByRole('button', { name: 'Access Admin Panel' })).toBeInTheDocument();
  });
});
