import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminEmptyStates, adminToastMessages } from '../../../../common/admin-messages';
import type { FakeHandler, FakeResponse } from '../../../../../tests/helpers/fake-fetch';
import {
  cardLabels,
  findToast,
  lastParams,
  makeAdminUser,
  renderAdmin,
  requestsTo,
  rootAdmin,
  usersByKind,
} from '../shared/admin-test-data';
import { UsersSection } from './users-section';

const USERS = '/api/admin/users';
const guest = makeAdminUser({
  id: 31,
  username: 'session_3f9c2a7e',
  email: null,
  emailVerified: false,
  freeQuestionsRemaining: 1,
  paidQuestionsRemaining: -1,
  subscriptionStatus: 'active',
  subscriptionTier: 'unlimited',
  createdAt: '2026-11-18T09:15:00.000Z',
});

async function renderSessions(handlers: Record<string, FakeHandler | FakeResponse> = {}) {
  const view = renderAdmin(<UsersSection currentUser={rootAdmin} />, {
    handlers: { [`GET ${USERS}`]: usersByKind({ registered: [], sessions: [guest] }), ...handlers },
  });
  await view.user.click(await screen.findByRole('tab', { name: 'Anonymous Sessions' }));
  return view;
}

describe('Anonymous Sessions tab', () => {
  it('on a phone, each session is a card naming every field, with Edit and Delete in it', async () => {
    await renderSessions();
    const table = await screen.findByRole('table', { name: 'Anonymous sessions' });
    const [, row] = within(table).getAllByRole('row');
    expect(cardLabels(row!)).toEqual(['ID', 'Session ID', 'Created', 'Subscription', 'Questions', 'Actions']);
    expect(within(row!).getByRole('button', { name: 'Edit session 3f9c2a7e' })).toBeInTheDocument();
    expect(within(row!).getByRole('button', { name: 'Delete session 3f9c2a7e' })).toBeInTheDocument();
  });

  it('lists sessions by id without the session_ prefix, with created, subscription and questions', async () => {
    const { requests } = await renderSessions();
    const table = await screen.findByRole('table', { name: 'Anonymous sessions' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['ID', 'Session ID', 'Created', 'Subscription', 'Questions', 'Actions']);
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByText('3f9c2a7e')).toBeInTheDocument();
    expect(row).not.toHaveTextContent('session_');
    expect(row).toHaveTextContent('Nov 18, 2026');
    expect(row).toHaveTextContent('ActiveUnlimited plan');
    expect(row).toHaveTextContent('Free1PaidUnlimited');
    expect(lastParams(requests, USERS).get('kind')).toBe('sessions');
  });

  it('says so when there are no sessions', async () => {
    await renderSessions({ [`GET ${USERS}`]: usersByKind({}) });
    expect(await screen.findByText(adminEmptyStates.sessions)).toBeInTheDocument();
  });

  it('deletes a session after confirming', async () => {
    const { user, requests } = await renderSessions({ [`DELETE ${USERS}/31`]: { json: { message: 'Deleted' } } });
    await user.click(await screen.findByRole('button', { name: 'Delete session 3f9c2a7e' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this session?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete Session' }));

    expect(await findToast(adminToastMessages.sessionDeleted)).toBeInTheDocument();
    await waitFor(() => expect(requestsTo(requests, 'DELETE', `${USERS}/31`)).toHaveLength(1));
  });

  it("shows 'Failed to delete session' when it fails", async () => {
    const { user } = await renderSessions({ [`DELETE ${USERS}/31`]: { status: 500, json: { message: 'Boom' } } });
    await user.click(await screen.findByRole('button', { name: 'Delete session 3f9c2a7e' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete Session' }));
    expect(await findToast(adminToastMessages.deleteSessionFailed)).toBeInTheDocument();
  });
});
