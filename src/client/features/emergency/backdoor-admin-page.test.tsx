import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminValidationMessages } from '../../../common/admin-messages';
import { emergencyMessages } from '../../../common/emergency-messages';
import { serverMessages } from '../../../common/messages';
import { useCurrentUser } from '../../api/auth';
import { installFakeFetch, type FakeHandler, type FakeResponse } from '../../../../tests/helpers/fake-fetch';
import { renderPage } from '../../../../tests/helpers/render';
import { makePublicUser } from '../../../../tests/helpers/users';
import { NotFoundPage } from '../errors/not-found-page';
import { BackdoorAdminPage } from './backdoor-admin-page';
import { adminList, rescueAdmin, rootAdmin, sentTokens, storeToken, TOKEN } from './emergency-test-data';

function ConsoleStandIn() {
  const { data: user } = useCurrentUser();
  return <p>Console stand-in for {user?.username ?? 'nobody'}</p>;
}

function renderBackdoor(handlers: Record<string, FakeHandler | FakeResponse>) {
  const fake = installFakeFetch(handlers);
  const view = renderPage(<BackdoorAdminPage notFound={<NotFoundPage />} />, {
    path: '/backdoor-admin',
    routes: [
      { path: '/admin', element: <ConsoleStandIn /> },
      { path: '/admin-debug', element: <p>Debug stand-in</p> },
    ],
  });
  return { ...fake, ...view };
}

const rootUser = makePublicUser({ id: rootAdmin.id, username: 'root_admin', role: 'admin', isAdmin: true });

describe('/backdoor-admin', () => {
  it('uses the token the debug page stored and lists each admin with a login button', async () => {
    storeToken();
    const { fetchMock } = renderBackdoor({ 'GET /api/list-all-admins': adminList() });
    const list = await screen.findByRole('list', { name: 'Admins' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByRole('button', { name: 'Login as this Admin: rescue_admin' })).toBeInTheDocument();
    expect(sentTokens(fetchMock)).toEqual([TOKEN]);
    expect(screen.getByRole('note')).toHaveTextContent('every use is written to the audit log');
  });

  it("shows the app's 404 page when emergency access is switched off", async () => {
    const { user } = renderBackdoor({ 'GET /api/list-all-admins': { status: 404, json: { message: 'Not found' } } });
    await user.type(screen.getByLabelText('Access token'), TOKEN);
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
  });

  it('signs in as the chosen admin, updates the current user and opens the console', async () => {
    storeToken();
    const { user, requests, fetchMock } = renderBackdoor({
      'GET /api/list-all-admins': adminList(),
      'POST /api/force-admin-login/1': { json: { message: 'Logged in as root_admin', user: rootUser } },
    });
    await user.click(await screen.findByRole('button', { name: 'Login as this Admin: root_admin' }));
    expect(await screen.findByText('Console stand-in for root_admin')).toBeInTheDocument();
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/list-all-admins',
      'POST /api/force-admin-login/1',
    ]);
    expect(sentTokens(fetchMock)).toEqual([TOKEN, TOKEN]);
  });

  it('shows an inline error when the forced login fails', async () => {
    storeToken();
    const { user } = renderBackdoor({
      'GET /api/list-all-admins': adminList(),
      'POST /api/force-admin-login/5': { status: 404, json: { message: emergencyMessages.adminNotFound } },
    });
    await user.click(await screen.findByRole('button', { name: 'Login as this Admin: rescue_admin' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error forcing login: Admin user not found');
    expect(screen.queryByText(/Console stand-in/)).not.toBeInTheDocument();
  });

  it('checks the new admin form with the console\u2019s messages and sends nothing when invalid', async () => {
    storeToken();
    const { user, requests } = renderBackdoor({ 'GET /api/list-all-admins': adminList() });
    const form = await screen.findByRole('form', { name: 'Create emergency admin' });
    await user.type(within(form).getByLabelText('Username'), 'ab');
    await user.type(within(form).getByLabelText('Password'), '123');
    await user.click(within(form).getByRole('button', { name: 'Create Admin' }));
    expect(await within(form).findByText(adminValidationMessages.createUsernameMin)).toBeInTheDocument();
    expect(within(form).getByText(adminValidationMessages.createPasswordMin)).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('creates an emergency admin, shows its id and refreshes the list', async () => {
    storeToken();
    let created = false;
    const { user, requests } = renderBackdoor({
      'GET /api/list-all-admins': () => adminList(created ? [rootAdmin, rescueAdmin] : [rootAdmin]),
      'POST /api/create-emergency-admin': () => {
        created = true;
        return { status: 201, json: { id: rescueAdmin.id } };
      },
    });
    const form = await screen.findByRole('form', { name: 'Create emergency admin' });
    await user.type(within(form).getByLabelText('Username'), 'rescue_admin');
    await user.type(within(form).getByLabelText('Password'), 'rescue-pass');
    await user.click(within(form).getByRole('button', { name: 'Create Admin' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Emergency admin created with ID 5');
    expect(requests.find((r) => r.method === 'POST')!.body).toEqual({
      username: 'rescue_admin',
      password: 'rescue-pass',
    });
    expect(await screen.findByRole('button', { name: 'Login as this Admin: rescue_admin' })).toBeInTheDocument();
    expect(within(form).getByLabelText('Username')).toHaveValue('');
  });

  it('explains a taken username inline and on the field', async () => {
    storeToken();
    const { user } = renderBackdoor({
      'GET /api/list-all-admins': adminList(),
      'POST /api/create-emergency-admin': {
        status: 409,
        json: { message: serverMessages.usernameTaken, errors: { username: serverMessages.usernameTaken } },
      },
    });
    const form = await screen.findByRole('form', { name: 'Create emergency admin' });
    await user.type(within(form).getByLabelText('Username'), 'root_admin');
    await user.type(within(form).getByLabelText('Password'), 'rescue-pass');
    await user.click(within(form).getByRole('button', { name: 'Create Admin' }));
    expect(await screen.findByText('Error creating admin user: Username is already taken')).toBeInTheDocument();
    expect(within(form).getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
  });

  it('links to the debug page', async () => {
    storeToken();
    const { user } = renderBackdoor({ 'GET /api/list-all-admins': adminList() });
    await user.click(await screen.findByRole('link', { name: 'Admin debug page' }));
    expect(await screen.findByText('Debug stand-in')).toBeInTheDocument();
  });
});
