import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminToastMessages, adminValidationMessages as v } from '../../../../common/admin-messages';
import type { AdminUser, AllowanceLedgerEntry } from '../../../../common/admin-user-schemas';
import type { FakeHandler, FakeResponse } from '../../../../../tests/helpers/fake-fetch';
import {
  cellValue,
  findToast,
  makeAdminUser,
  renderAdmin,
  requestsTo,
  rootAdmin,
  usersByKind,
} from '../shared/admin-test-data';
import { REFETCH_AFTER_CHANGE_MS, SECOND_REFETCH_AFTER_MS } from '../../../../common/limits';
import { changedOnly } from './edit-user-dialog';
import { UsersSection } from './users-section';

const USERS = '/api/admin/users';
const ada = makeAdminUser({
  stripeCustomerId: 'cus_ada',
  stripeSubscriptionId: 'sub_ada',
  subscriptionStatus: 'trialing',
  subscriptionTier: 'basic',
  freeQuestionsRemaining: 3,
  paidQuestionsRemaining: 333,
});
const guest = makeAdminUser({ id: 31, username: 'session_3f9c2a', email: null, emailVerified: false });

function renderEdit(handlers: Record<string, FakeHandler | FakeResponse> = {}, registered: AdminUser[] = [ada]) {
  return renderAdmin(<UsersSection currentUser={rootAdmin} />, {
    handlers: { [`GET ${USERS}`]: usersByKind({ registered, sessions: [guest] }), ...handlers },
  });
}

type View = ReturnType<typeof renderEdit>;

async function openEdit({ user }: View, name = 'ada') {
  await user.click(await screen.findByRole('button', { name: `Edit ${name}` }));
  return screen.findByRole('dialog', { name: 'Edit User' });
}

async function replace({ user }: View, label: string, value: string) {
  const field = screen.getByLabelText(label);
  await user.clear(field);
  if (value) await user.type(field, value);
}

const save = ({ user }: View) => user.click(screen.getByRole('button', { name: 'Save Changes' }));

afterEach(() => {
  vi.useRealTimers();
});

describe('Edit User dialog', () => {
  it('shows the ids read-only and the current values, keeping an unusual status selectable', async () => {
    const view = renderEdit();
    const dialog = await openEdit(view);
    expect(within(dialog).getByLabelText('User ID')).toHaveValue('7');
    expect(within(dialog).getByLabelText('User ID')).toHaveAttribute('readonly');
    expect(within(dialog).getByLabelText('Stripe Customer ID')).toHaveValue('cus_ada');
    expect(within(dialog).getByLabelText('Stripe Subscription ID')).toHaveAttribute('readonly');
    expect(within(dialog).getByLabelText('Username')).toHaveValue('ada');
    expect(within(dialog).getByLabelText('Paid Questions Remaining')).toHaveValue(333);
    expect(within(dialog).getByText(v.paidQuestionsHint)).toBeInTheDocument();

    const status = within(dialog).getByLabelText('Subscription Status');
    expect(status).toHaveValue('trialing');
    expect(
      within(status)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Free', 'Active', 'Cancelled', 'Past due', 'Unpaid', 'Trialing']);
    const tier = within(dialog).getByLabelText('Subscription Tier');
    expect(
      within(tier)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Free', 'Basic', 'Standard', 'Unlimited']);
  });

  it('checks every field before sending', async () => {
    const view = renderEdit();
    await openEdit(view);
    await replace(view, 'Username', 'ab');
    await replace(view, 'Email', 'not-an-address');
    await replace(view, 'Free Questions Remaining', '-1');
    await replace(view, 'Paid Questions Remaining', '-2');
    await save(view);

    expect(await screen.findByText(v.editUsernameMin)).toBeInTheDocument();
    expect(screen.getByText(v.editEmail)).toBeInTheDocument();
    expect(screen.getByText(v.freeQuestionsMin)).toBeInTheDocument();
    expect(screen.getByText(v.paidQuestionsMin)).toBeInTheDocument();
    expect(requestsTo(view.requests, 'PUT', `${USERS}/7`)).toHaveLength(0);
  });

  it('sends only the changed values, leaving out blank counts and accepting -1 for unlimited', async () => {
    const saved = { ...ada, paidQuestionsRemaining: -1, subscriptionStatus: 'past_due', subscriptionTier: 'unlimited' };
    const view = renderEdit({ [`PUT ${USERS}/7`]: { json: saved } });
    await openEdit(view);
    await replace(view, 'Free Questions Remaining', '');
    await replace(view, 'Paid Questions Remaining', '-1');
    await view.user.selectOptions(screen.getByLabelText('Subscription Status'), 'Past due');
    await view.user.selectOptions(screen.getByLabelText('Subscription Tier'), 'Unlimited');
    await save(view);

    expect(await findToast(adminToastMessages.userUpdated)).toBeInTheDocument();
    expect(requestsTo(view.requests, 'PUT', `${USERS}/7`)[0]?.body).toEqual({
      paidQuestionsRemaining: -1,
      subscriptionStatus: 'past_due',
      subscriptionTier: 'unlimited',
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The row shows the saved values at once.
    expect(screen.getByText('ada').closest('tr')).toHaveTextContent('PaidUnlimited');
  });

  it('reads the list again 1.5 s after saving, and 2.5 s after that', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const view = renderEdit({ [`PUT ${USERS}/7`]: { json: { ...ada, paidQuestionsRemaining: 334 } } });
    await openEdit(view);
    await replace(view, 'Paid Questions Remaining', '334');
    await save(view);
    await findToast(adminToastMessages.userUpdated);
    expect(requestsTo(view.requests, 'PUT', `${USERS}/7`)).toHaveLength(1);
    const reads = () => requestsTo(view.requests, 'GET', USERS).length;
    const afterSave = reads();

    await act(() => vi.advanceTimersByTimeAsync(REFETCH_AFTER_CHANGE_MS - 100));
    expect(reads()).toBe(afterSave);
    await act(() => vi.advanceTimersByTimeAsync(100));
    await waitFor(() => expect(reads()).toBe(afterSave + 1));
    await act(() => vi.advanceTimersByTimeAsync(SECOND_REFETCH_AFTER_MS));
    await waitFor(() => expect(reads()).toBe(afterSave + 2));
  });

  it("puts the server's field errors on the fields", async () => {
    const view = renderEdit({
      [`PUT ${USERS}/7`]: {
        status: 400,
        json: { message: 'Validation failed', errors: { username: 'Usernames may use letters and numbers only' } },
      },
    });
    await openEdit(view);
    await replace(view, 'Username', 'ada.lovelace');
    await save(view);
    expect(await screen.findByText('Usernames may use letters and numbers only')).toBeInTheDocument();
    expect(requestsTo(view.requests, 'PUT', `${USERS}/7`).map((request) => request.body)).toEqual([
      { username: 'ada.lovelace' },
    ]);
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog', { name: 'Edit User' })).toBeInTheDocument();
  });

  it("shows any other failure as a toast with the server's message", async () => {
    const view = renderEdit({
      [`PUT ${USERS}/7`]: { status: 409, json: { message: 'That email address is already in use' } },
    });
    const dialog = await openEdit(view);
    await replace(view, 'Email', 'taken@example.com');
    await save(view);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('That email address is already in use');
    expect(requestsTo(view.requests, 'PUT', `${USERS}/7`).map((request) => request.body)).toEqual([
      { email: 'taken@example.com' },
    ]);
    // The open dialog hides the rest of the page from the accessibility tree, the toast included.
    const toasts = screen.getByLabelText(/notifications/i);
    expect(within(toasts).getByText('That email address is already in use')).toBeInTheDocument();
  });

  it('leaves the email out when it is blank', async () => {
    const noEmail = makeAdminUser({ id: 8, username: 'bob', email: null });
    const view = renderEdit({ [`PUT ${USERS}/8`]: { json: noEmail } }, [noEmail]);
    await openEdit(view, 'bob');
    await replace(view, 'Free Questions Remaining', '5');
    await save(view);
    await findToast(adminToastMessages.userUpdated);
    expect(requestsTo(view.requests, 'PUT', `${USERS}/8`)).toHaveLength(1);
    expect(requestsTo(view.requests, 'PUT', `${USERS}/8`)[0]?.body).not.toHaveProperty('email');
    expect(requestsTo(view.requests, 'PUT', `${USERS}/8`)[0]?.body).toEqual({ freeQuestionsRemaining: 5 });
  });

  it('sends no request when nothing changed, and still confirms and closes', async () => {
    const view = renderEdit({ [`PUT ${USERS}/7`]: { json: ada } });
    await openEdit(view);
    // Typing the same value back is no change either.
    await replace(view, 'Paid Questions Remaining', '333');
    await save(view);

    expect(await findToast(adminToastMessages.userUpdated)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requestsTo(view.requests, 'PUT', `${USERS}/7`)).toHaveLength(0);
  });
});

describe('Edit Session dialog', () => {
  it('edits only counts, status and tier', async () => {
    const view = renderEdit({ [`PUT ${USERS}/31`]: { json: { ...guest, freeQuestionsRemaining: 10 } } });
    await view.user.click(await screen.findByRole('tab', { name: 'Anonymous Sessions' }));
    await view.user.click(await screen.findByRole('button', { name: 'Edit session 3f9c2a' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Session' });
    expect(within(dialog).getByLabelText('Session ID')).toHaveValue('3f9c2a');
    expect(within(dialog).queryByLabelText('Username')).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Email')).not.toBeInTheDocument();

    await replace(view, 'Free Questions Remaining', '10');
    await save(view);
    expect(await findToast(adminToastMessages.sessionUpdated)).toBeInTheDocument();
    const body = requestsTo(view.requests, 'PUT', `${USERS}/31`)[0]?.body;
    expect(body).toEqual({ freeQuestionsRemaining: 10 });
    expect(body).not.toHaveProperty('username');
    expect(body).not.toHaveProperty('email');
  });
});

describe('changedOnly', () => {
  const unchanged = {
    username: 'ada',
    email: 'ada@example.com',
    freeQuestionsRemaining: 3,
    paidQuestionsRemaining: 333,
    subscriptionStatus: 'trialing',
    subscriptionTier: 'basic',
  } as const;

  it('keeps exactly the fields that differ from the user', () => {
    expect(
      changedOnly(
        { ...unchanged, email: 'lovelace@example.com', paidQuestionsRemaining: -1, subscriptionStatus: null },
        ada,
      ),
    ).toEqual({ email: 'lovelace@example.com', paidQuestionsRemaining: -1, subscriptionStatus: null });
  });

  it('returns nothing when every field matches, or when the fields are absent', () => {
    expect(changedOnly(unchanged, ada)).toEqual({});
    expect(Object.keys(changedOnly({}, ada))).toHaveLength(0);
  });

  it('compares a missing status as null', () => {
    const noStatus = makeAdminUser({ subscriptionStatus: null });
    expect(changedOnly({ subscriptionStatus: null }, noStatus)).toEqual({});
    expect(changedOnly({ subscriptionStatus: 'active' }, noStatus)).toEqual({ subscriptionStatus: 'active' });
  });
});

describe('Allowance history in the Edit User dialog', () => {
  const HISTORY = `${USERS}/7/allowance-history`;
  const entry = (id: number, fields: Partial<AllowanceLedgerEntry>): AllowanceLedgerEntry => ({
    id,
    bucket: 'free',
    delta: -1,
    balanceAfter: 32,
    reason: 'question-asked',
    actor: null,
    createdAt: '2026-11-20T10:15:00.000Z',
    ...fields,
  });

  const rowsOf = (table: HTMLElement) =>
    within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell').slice(1).map(cellValue));

  it('lists every change newest first, with its reason, the balance after and the administrator who made it', async () => {
    const view = renderEdit({
      [`GET ${HISTORY}`]: {
        json: [
          entry(4, {
            bucket: 'paid',
            delta: null,
            balanceAfter: -1,
            reason: 'admin-edit',
            actor: { id: 1, username: 'root' },
          }),
          entry(3, { bucket: 'paid', delta: 333, balanceAfter: 333, reason: 'period-started' }),
          entry(2, {}),
          entry(1, { delta: 33, balanceAfter: 33, reason: 'account-opened' }),
        ],
      },
    });
    const dialog = await openEdit(view);
    const table = await within(dialog).findByRole('table', { name: 'Allowance history' });
    await within(table).findByText('Billing period paid');
    expect(rowsOf(table)).toEqual([
      ['Paid', 'To unlimited', 'Unlimited', 'Set by an administrator', 'root'],
      ['Paid', '+333', '333', 'Billing period paid', '—'],
      ['Free', '−1', '32', 'Question asked', '—'],
      ['Free', '+33', '33', 'Account created', '—'],
    ]);
  });

  it('says when nothing has been recorded yet', async () => {
    const view = renderEdit({ [`GET ${HISTORY}`]: { json: [] } });
    const dialog = await openEdit(view);
    expect(await within(dialog).findByText('No changes recorded yet.')).toBeInTheDocument();
  });

  it('shows a load failure with Try Again, which loads the history again', async () => {
    let calls = 0;
    const view = renderEdit({
      [`GET ${HISTORY}`]: () =>
        ++calls === 1 ? { status: 500, json: { message: 'Database unavailable' } } : { json: [entry(1, {})] },
    });
    const dialog = await openEdit(view);
    expect(await within(dialog).findByText('The allowance history could not be loaded.')).toBeInTheDocument();
    await view.user.click(within(dialog).getByRole('button', { name: 'Try Again' }));
    expect(await within(dialog).findByText('Question asked')).toBeInTheDocument();
    expect(requestsTo(view.requests, 'GET', HISTORY)).toHaveLength(2);
  });
});
