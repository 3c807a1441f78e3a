import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { adminServerMessages, adminToastMessages } from '../../../../common/admin-messages';
import { IMPERSONATING_KEY, ORIGINAL_ADMIN_ID_KEY } from '../../../lib/browser-storage';
import type { FakeHandler, FakeResponse } from '../../../../../tests/helpers/fake-fetch';
import { makePublicUser } from '../../../../../tests/helpers/users';
import {
  findToast,
  makeAdminUser,
  renderAdmin,
  requestsTo,
  rootAdmin,
  rootRow,
  usersByKind,
} from '../shared/admin-test-data';
import { UsersSection } from './users-section';

const USERS = '/api/admin/users';
const ada = makeAdminUser();
const linus = makeAdminUser({ id: 12, username: 'linus', email: 'linus@example.com', role: 'admin', isAdmin: true });

function renderActions(handlers: Record<string, FakeHandler | FakeResponse> = {}) {
  const redirect = vi.fn();
  const view = renderAdmin(<UsersSection currentUser={rootAdmin} redirect={redirect} />, {
    handlers: { [`GET ${USERS}`]: usersByKind({ registered: [rootRow, ada, linus] }), ...handlers },
  });
  return { ...view, redirect };
}

type View = ReturnType<typeof renderActions>;

async function openMenu({ user }: View, name: string) {
  await user.click(await screen.findByRole('button', { name: `More actions for ${name}` }));
  return screen.findByRole('menu');
}

async function choose(view: View, name: string, item: string | RegExp) {
  const menu = await openMenu(view, name);
  await view.user.click(within(menu).getByRole('menuitem', { name: item }));
}

const menuItems = (menu: HTMLElement) =>
  within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent);

describe('the More menu', () => {
  it('offers everything for a regular user, Login As by name', async () => {
    const view = renderActions();
    expect(menuItems(await openMenu(view, 'ada'))).toEqual([
      'Login As ada',
      'Reset Password',
      'Make Admin',
      'Delete User',
    ]);
  });

  it('does not offer Login As for another admin, and offers Remove Admin', async () => {
    const view = renderActions();
    expect(menuItems(await openMenu(view, 'linus'))).toEqual(['Reset Password', 'Remove Admin', 'Delete User']);
  });

  it('offers no Delete, Remove Admin or Login As on your own row', async () => {
    const view = renderActions();
    expect(menuItems(await openMenu(view, 'root'))).toEqual(['Reset Password']);
  });
});

describe('deleting a user', () => {
  it('asks first, and Cancel sends nothing', async () => {
    const view = renderActions({ [`DELETE ${USERS}/7`]: { json: { message: 'User deleted successfully' } } });
    await choose(view, 'ada', 'Delete User');
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete ada?' });
    await view.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(requestsTo(view.requests, 'DELETE', `${USERS}/7`)).toHaveLength(0);
  });

  it('deletes on confirm, toasts and reloads the list', async () => {
    const view = renderActions({ [`DELETE ${USERS}/7`]: { json: { message: 'User deleted successfully' } } });
    await choose(view, 'ada', 'Delete User');
    const before = requestsTo(view.requests, 'GET', USERS).length;
    await view.user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete User' }));

    expect(await findToast(adminToastMessages.userDeleted)).toBeInTheDocument();
    expect(requestsTo(view.requests, 'DELETE', `${USERS}/7`)).toHaveLength(1);
    await waitFor(() => expect(requestsTo(view.requests, 'GET', USERS).length).toBeGreaterThan(before));
  });

  it("shows 'Failed to delete user' and the server's reason", async () => {
    const view = renderActions({
      [`DELETE ${USERS}/7`]: { status: 502, json: { message: adminServerMessages.subscriptionCancelFailed } },
    });
    await choose(view, 'ada', 'Delete User');
    await view.user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete User' }));
    expect(await findToast(adminToastMessages.deleteUserFailed)).toBeInTheDocument();
    expect(await findToast(adminServerMessages.subscriptionCancelFailed)).toBeInTheDocument();
  });
});

describe('admin rights', () => {
  it('makes a user an admin after confirming', async () => {
    const view = renderActions({
      [`POST ${USERS}/7/toggle-admin`]: { json: { ...ada, role: 'admin', isAdmin: true } },
    });
    await choose(view, 'ada', 'Make Admin');
    const dialog = await screen.findByRole('alertdialog', { name: 'Make ada an admin?' });
    await view.user.click(within(dialog).getByRole('button', { name: 'Make Admin' }));

    expect(await findToast('Admin privileges granted to ada')).toBeInTheDocument();
    expect(requestsTo(view.requests, 'POST', `${USERS}/7/toggle-admin`)[0]?.body).toEqual({ isAdmin: true });
  });

  it('removes admin rights after confirming', async () => {
    const view = renderActions({
      [`POST ${USERS}/12/toggle-admin`]: { json: { ...linus, role: 'user', isAdmin: false } },
    });
    await choose(view, 'linus', 'Remove Admin');
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove admin from linus?' });
    await view.user.click(within(dialog).getByRole('button', { name: 'Remove Admin' }));

    expect(await findToast('Admin privileges removed from linus')).toBeInTheDocument();
    expect(requestsTo(view.requests, 'POST', `${USERS}/12/toggle-admin`)[0]?.body).toEqual({ isAdmin: false });
  });

  it("shows the server's refusal under 'Failed to update admin status.'", async () => {
    const view = renderActions({
      [`POST ${USERS}/12/toggle-admin`]: { status: 400, json: { message: adminServerMessages.cannotRemoveOwnAdmin } },
    });
    await choose(view, 'linus', 'Remove Admin');
    await view.user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove Admin' }));
    expect(await findToast(adminToastMessages.updateAdminStatusFailed)).toBeInTheDocument();
    expect(await findToast(adminServerMessages.cannotRemoveOwnAdmin)).toBeInTheDocument();
  });
});

describe('resetting a password', () => {
  it('emails a reset link after confirming and says so', async () => {
    const view = renderActions({
      [`POST ${USERS}/7/reset-password`]: { json: { message: 'A password reset link was sent to ada@example.com' } },
    });
    await choose(view, 'ada', 'Reset Password');
    const dialog = await screen.findByRole('alertdialog', { name: "Reset ada's password?" });
    await view.user.click(within(dialog).getByRole('button', { name: 'Reset Password' }));

    expect(await findToast('Password reset for ada')).toBeInTheDocument();
    expect(await findToast('A password reset link was sent to ada@example.com')).toBeInTheDocument();
    expect(requestsTo(view.requests, 'POST', `${USERS}/7/reset-password`)).toHaveLength(1);
  });

  it("shows 'Failed to reset password' when it fails", async () => {
    const view = renderActions({ [`POST ${USERS}/7/reset-password`]: { status: 500, json: { message: 'Boom' } } });
    await choose(view, 'ada', 'Reset Password');
    await view.user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Reset Password' }),
    );
    expect(await findToast(adminToastMessages.resetPasswordFailed)).toBeInTheDocument();
  });
});

describe('logging in as a user', () => {
  it('sets both flags and loads the site afresh as that user', async () => {
    const view = renderActions({
      'POST /api/admin/login-as/7': { json: { originalAdminId: rootAdmin.id, user: makePublicUser() } },
    });
    await choose(view, 'ada', 'Login As ada');

    await waitFor(() => expect(view.redirect).toHaveBeenCalledWith('/'));
    expect(sessionStorage.getItem(IMPERSONATING_KEY)).toBe('true');
    expect(sessionStorage.getItem(ORIGINAL_ADMIN_ID_KEY)).toBe(String(rootAdmin.id));
  });

  it("shows 'Failed to login as user' with the server's message and stays", async () => {
    const view = renderActions({
      'POST /api/admin/login-as/7': { status: 403, json: { message: adminServerMessages.adminCannotBeImpersonated } },
    });
    await choose(view, 'ada', 'Login As ada');
    expect(await findToast(adminToastMessages.loginAsFailed)).toBeInTheDocument();
    expect(await findToast(adminServerMessages.adminCannotBeImpersonated)).toBeInTheDocument();
    expect(view.redirect).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(IMPERSONATING_KEY)).toBeNull();
  });
});
