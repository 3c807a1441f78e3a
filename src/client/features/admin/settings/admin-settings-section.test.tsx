import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminEmptyStates, adminServerMessages, adminToastMessages } from '../../../../common/admin-messages';
import type { AdminAccount } from '../../../../common/admin-settings-schemas';
import { adminAccountTexts } from './settings-texts';
import { makePublicUser } from '../../../../../tests/helpers/users';
import { AdminSettingsSection } from './admin-settings-section';
import { failure, renderSection, sent } from '../shared/section-test-data';
import { cardLabels } from '../shared/admin-test-data';

const ADMINS = '/api/admin/admin-users';
const me = makePublicUser({ id: 1, username: 'root', email: 'root@parallax.test', role: 'admin', isAdmin: true });

const account = (overrides: Partial<AdminAccount>): AdminAccount => ({
  id: 1,
  username: 'root',
  email: 'root@parallax.test',
  role: 'admin',
  createdAt: '2026-01-15T12:00:00.000Z',
  ...overrides,
});
const grace = account({ id: 2, username: 'grace', email: 'grace@parallax.test' });

function renderSettings(handlers: Parameters<typeof renderSection>[1] = {}) {
  return renderSection(<AdminSettingsSection currentUser={me} />, {
    [`GET ${ADMINS}`]: { json: [account({}), grace] },
    ...handlers,
  });
}

const adminsTable = () => screen.getByRole('table', { name: 'Admin accounts' });
const rowOf = (name: string) => within(adminsTable()).getByText(name).closest('tr')!;

describe('admin settings', () => {
  it('on a phone, each admin is a card naming every field; your own says it has no actions', async () => {
    renderSettings();
    await screen.findByText('grace');
    const heads = within(adminsTable())
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(cardLabels(rowOf('grace'))).toEqual(heads);
    expect(within(rowOf('grace')).getByRole('button', { name: 'Remove admin role from grace' })).toBeInTheDocument();
    expect(cardLabels(rowOf('root'))).toEqual(heads);
    expect(within(rowOf('root')).getByText(adminAccountTexts.noActionsOnSelf)).toHaveClass('sm:hidden');
  });

  it('shows the signed-in account and the three standard plans', async () => {
    renderSettings();
    const info = screen.getByRole('region', { name: 'Your Account' });
    expect(within(info).getByText('Username').nextElementSibling).toHaveTextContent('root');
    expect(within(info).getByText('Email').nextElementSibling).toHaveTextContent('root@parallax.test');
    expect(within(info).getByText('Role').nextElementSibling).toHaveTextContent('Admin');

    const plans = within(screen.getByRole('list', { name: 'Standard plans' })).getAllByRole('listitem');
    expect(plans.map((plan) => plan.textContent)).toEqual([
      'Basic$4.99/month333 queries per month',
      'Standard$19.99/month2001 queries per month',
      'Unlimited$44.44/monthUnlimited queries',
    ]);
    await screen.findByText('grace');
  });

  it("lists the admins, tags the current one 'You' and offers no removal for them", async () => {
    renderSettings();
    await screen.findByText('grace');
    expect(within(rowOf('root')).getByText(adminAccountTexts.youTag)).toBeInTheDocument();
    expect(within(rowOf('root')).queryByRole('button')).not.toBeInTheDocument();
    expect(within(rowOf('grace')).queryByText(adminAccountTexts.youTag)).not.toBeInTheDocument();
    expect(rowOf('grace')).toHaveTextContent('grace@parallax.test');
    expect(within(rowOf('grace')).getByRole('button', { name: 'Remove admin role from grace' })).toBeInTheDocument();
  });

  it('removes the admin role from another admin after confirming', async () => {
    let admins = [account({}), grace];
    const { user, requests } = renderSettings({
      [`GET ${ADMINS}`]: () => ({ json: admins }),
      [`DELETE ${ADMINS}/2`]: () => {
        admins = [account({})];
        return { json: { message: adminServerMessages.adminRemoved } };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Remove admin role from grace' }));
    const confirm = screen.getByRole('alertdialog', { name: adminAccountTexts.removeTitle });
    expect(confirm).toHaveTextContent('grace will become a regular user');
    await user.click(within(confirm).getByRole('button', { name: adminAccountTexts.removeConfirm }));
    expect(await screen.findByText(adminAccountTexts.adminRemoved)).toBeInTheDocument();
    expect(sent(requests, 'DELETE', `${ADMINS}/2`)).toHaveLength(1);
    await waitFor(() => expect(within(adminsTable()).queryByText('grace')).not.toBeInTheDocument());
  });

  it('sends nothing when the removal is cancelled', async () => {
    const { user, requests } = renderSettings();
    await user.click(await screen.findByRole('button', { name: 'Remove admin role from grace' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);
  });

  it("toasts 'Failed to update admin status.' with the server's reason when removal fails", async () => {
    const { user } = renderSettings({
      [`DELETE ${ADMINS}/2`]: { status: 400, json: { message: adminServerMessages.cannotRemoveOwnAdmin } },
    });
    await user.click(await screen.findByRole('button', { name: 'Remove admin role from grace' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: adminAccountTexts.removeConfirm }),
    );
    expect(await screen.findByText(adminToastMessages.updateAdminStatusFailed)).toBeInTheDocument();
    expect(screen.getByText(adminServerMessages.cannotRemoveOwnAdmin)).toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    renderSettings({ [`GET ${ADMINS}`]: { json: [] } });
    expect(await screen.findByText(adminEmptyStates.admins)).toBeInTheDocument();
  });

  it("reports admins that cannot be loaded with 'Failed to load admin users.'", async () => {
    renderSettings({ [`GET ${ADMINS}`]: failure() });
    expect(await screen.findAllByText(adminToastMessages.loadAdminUsers)).toHaveLength(2);
  });
});

describe('add admin dialog', () => {
  it('checks username, email and password before sending', async () => {
    const { user, requests } = renderSettings();
    await user.click(await screen.findByRole('button', { name: 'Add Admin' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Admin' });
    await user.type(within(dialog).getByLabelText('Username'), 'ab');
    await user.type(within(dialog).getByLabelText('Email'), 'not-an-email');
    await user.type(within(dialog).getByLabelText('Password'), '12345');
    await user.click(within(dialog).getByRole('button', { name: 'Create Admin' }));
    expect(await within(dialog).findByText('Username must be at least 3 characters long.')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(within(dialog).getByText('Password must be at least 6 characters long.')).toBeInTheDocument();
    expect(sent(requests, 'POST', ADMINS)).toHaveLength(0);
  });

  it('creates an admin with the welcome email by default, or without it when unticked', async () => {
    const { user, requests } = renderSettings({
      [`POST ${ADMINS}`]: (request) => ({
        status: 201,
        json: makePublicUser({ id: 3, username: (request.body as { username: string }).username, role: 'admin' }),
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Add Admin' }));
    let dialog = screen.getByRole('dialog', { name: 'Add Admin' });
    expect(within(dialog).getByRole('checkbox', { name: 'Send welcome email' })).toBeChecked();
    await user.type(within(dialog).getByLabelText('Username'), ' linus ');
    await user.type(within(dialog).getByLabelText('Email'), 'linus@parallax.test');
    await user.type(within(dialog).getByLabelText('Password'), 'secret-pass');
    await user.click(within(dialog).getByRole('button', { name: 'Show password' }));
    expect(within(dialog).getByLabelText('Password')).toHaveAttribute('type', 'text');
    await user.click(within(dialog).getByRole('button', { name: 'Create Admin' }));
    expect(await screen.findByText(adminAccountTexts.adminCreated)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add Admin' }));
    dialog = screen.getByRole('dialog', { name: 'Add Admin' });
    await user.type(within(dialog).getByLabelText('Username'), 'ken');
    await user.type(within(dialog).getByLabelText('Email'), 'ken@parallax.test');
    await user.type(within(dialog).getByLabelText('Password'), 'secret-pass');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Send welcome email' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Admin' }));
    await screen.findByText(adminAccountTexts.adminCreated);

    expect(sent(requests, 'POST', ADMINS).map((r) => r.body)).toEqual([
      { username: 'linus', email: 'linus@parallax.test', password: 'secret-pass', sendWelcomeEmail: true },
      { username: 'ken', email: 'ken@parallax.test', password: 'secret-pass', sendWelcomeEmail: false },
    ]);
    expect(sent(requests, 'GET', ADMINS).length).toBeGreaterThan(1);
  });

  it("shows the server's message when the username or email is taken, and Cancel closes", async () => {
    const { user } = renderSettings({
      [`POST ${ADMINS}`]: { status: 409, json: { message: 'Username already exists' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Add Admin' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Admin' });
    await user.type(within(dialog).getByLabelText('Username'), 'grace');
    await user.type(within(dialog).getByLabelText('Email'), 'grace@parallax.test');
    await user.type(within(dialog).getByLabelText('Password'), 'secret-pass');
    await user.click(within(dialog).getByRole('button', { name: 'Create Admin' }));
    expect(await screen.findByText('Username already exists')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
