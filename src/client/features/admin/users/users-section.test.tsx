import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminEmptyStates, adminToastMessages } from '../../../../common/admin-messages';
import type { SyncJob } from '../../../../common/admin-job-schemas';
import type { RecordedRequest } from '../../../../../tests/helpers/fake-fetch';
import {
  cardLabels,
  findToast,
  lastParams,
  makeAdminUser,
  renderAdmin,
  requestsTo,
  rootAdmin,
  rootRow,
  usersByKind,
  usersPage,
  type Handlers,
} from '../shared/admin-test-data';
import { USERS_PAGE_SIZE } from './users-list-state';
import { UsersSection } from './users-section';

const USERS = '/api/admin/users';
const SYNC = '/api/admin/sync-stripe-subscriptions';

const ada = makeAdminUser();
const grace = makeAdminUser({
  id: 9,
  username: 'grace',
  email: 'grace@example.com',
  subscriptionStatus: 'active',
  subscriptionTier: 'unlimited',
  freeQuestionsRemaining: 0,
  paidQuestionsRemaining: -1,
});

function renderUsers(handlers: Handlers = {}, initialSearch?: string) {
  return renderAdmin(<UsersSection currentUser={rootAdmin} initialSearch={initialSearch} />, {
    handlers: {
      [`GET ${USERS}`]: usersByKind({ registered: [rootRow, ada, grace] }),
      [`GET ${SYNC}/latest`]: { json: { job: null } },
      ...handlers,
    },
  });
}

const registeredRequests = (requests: RecordedRequest[]) =>
  requestsTo(requests, 'GET', USERS).filter((request) => request.path.includes('kind=registered'));

const rowOf = (name: string) => screen.getByText(name).closest('tr')!;

describe('users section: registered users', () => {
  it('lists users with role, subscription and both remaining counts, paid -1 as Unlimited', async () => {
    const { requests } = renderUsers();
    await screen.findByText('grace');
    const table = screen.getByRole('table', { name: 'Registered users' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['ID', 'Username', 'Email', 'Role', 'Subscription', 'Questions Remaining', 'Actions']);
    const graceRow = rowOf('grace');
    expect(graceRow).toHaveTextContent('grace@example.com');
    expect(graceRow).toHaveTextContent('User');
    expect(graceRow).toHaveTextContent('ActiveUnlimited plan');
    expect(graceRow).toHaveTextContent('Free0PaidUnlimited');
    expect(rowOf('ada')).toHaveTextContent('Free3Paid0');
    expect(rowOf('root')).toHaveTextContent('Admin');
    expect(rowOf('root')).toHaveTextContent('You');

    expect(Object.fromEntries(lastParams(requests, USERS))).toEqual({
      kind: 'registered',
      limit: String(USERS_PAGE_SIZE),
      offset: '0',
      sort: '-id',
      filter: 'all',
    });
  });

  it('sorts on the server: a column header sorts ascending, a second click descending', async () => {
    const { user, requests } = renderUsers();
    await screen.findByText('grace');
    const header = screen.getByRole('columnheader', { name: /Questions Remaining/ });
    expect(header).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('columnheader', { name: /ID/ })).toHaveAttribute('aria-sort', 'descending');

    await user.click(within(header).getByRole('button'));
    await waitFor(() => expect(lastParams(requests, USERS).get('sort')).toBe('questions'));
    expect(header).toHaveAttribute('aria-sort', 'ascending');

    await user.click(within(header).getByRole('button'));
    await waitFor(() => expect(lastParams(requests, USERS).get('sort')).toBe('-questions'));
    expect(header).toHaveAttribute('aria-sort', 'descending');

    await user.click(screen.getByRole('button', { name: /Subscription/ }));
    await waitFor(() => expect(lastParams(requests, USERS).get('sort')).toBe('subscription'));
  });

  // Below 640 px the header row is hidden and each row is a card (ResponsiveTable); jsdom applies no media queries,
  // so this checks what the cards are made of, and the screenshots at 375 px check the layout.
  it('on a phone, each user is a card naming every field, with Edit and the actions menu in it', async () => {
    renderUsers();
    await screen.findByText('grace');
    const table = screen.getByRole('table', { name: 'Registered users' });
    const heads = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(within(table).getAllByRole('rowgroup')[0]).toHaveClass('max-sm:hidden');
    const graceRow = rowOf('grace');
    expect(cardLabels(graceRow)).toEqual(heads);
    expect(cardLabels(graceRow)).toContain('Actions');
    expect(within(graceRow).getByRole('button', { name: 'Edit grace' })).toBeInTheDocument();
    expect(within(graceRow).getByRole('button', { name: /actions for grace/i })).toBeInTheDocument();
  });

  it('on a phone, sorts with the Sort users menu, as the column headers do', async () => {
    const { user, requests } = renderUsers();
    await screen.findByText('grace');
    const sort = screen.getByRole('combobox', { name: 'Sort users' });
    expect(sort).toHaveValue('-id');
    await user.selectOptions(sort, 'Email, ascending');
    await waitFor(() => expect(lastParams(requests, USERS).get('sort')).toBe('email'));
    expect(screen.getByRole('columnheader', { name: /Email/ })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(screen.getByRole('button', { name: /^Email/ }));
    await waitFor(() => expect(lastParams(requests, USERS).get('sort')).toBe('-email'));
    expect(sort).toHaveValue('-email');
  });

  it('pages with Previous and Next and says which rows are shown', async () => {
    const firstPage = Array.from({ length: USERS_PAGE_SIZE }, (_, index) =>
      makeAdminUser({ id: 100 + index, username: `user${index}` }),
    );
    const { user, requests } = renderUsers({
      [`GET ${USERS}`]: (request) =>
        request.path.includes('offset=0')
          ? usersPage(firstPage, 45)
          : usersPage([makeAdminUser({ id: 500, username: 'later' })], 45),
    });
    expect(await screen.findByText(`Showing 1–${USERS_PAGE_SIZE} of 45`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('later')).toBeInTheDocument();
    expect(lastParams(requests, USERS).get('offset')).toBe(String(USERS_PAGE_SIZE));
    expect(screen.getByText(`Showing ${USERS_PAGE_SIZE + 1}–${USERS_PAGE_SIZE + 1} of 45`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();
  });

  it('searches on the server once typing pauses, from the first page', async () => {
    const { user, requests } = renderUsers();
    await screen.findByText('grace');
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'gra');
    await waitFor(() => expect(lastParams(requests, USERS).get('search')).toBe('gra'));
    // One request for the whole word, not one per keystroke.
    expect(registeredRequests(requests).filter((request) => request.path.includes('search='))).toHaveLength(1);
    expect(lastParams(requests, USERS).get('offset')).toBe('0');
  });

  it("starts the search box from the header's search", async () => {
    const { requests } = renderUsers({}, 'ada@example.com');
    expect(await screen.findByRole('searchbox', { name: 'Search users' })).toHaveValue('ada@example.com');
    await waitFor(() => expect(lastParams(requests, USERS).get('search')).toBe('ada@example.com'));
  });

  it('filters on the server and Reset Filters puts everything back', async () => {
    const { user, requests } = renderUsers();
    await screen.findByText('grace');
    expect(screen.getByRole('button', { name: 'Reset Filters' })).toBeDisabled();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter users' }), 'Active subscriptions');
    await waitFor(() => expect(lastParams(requests, USERS).get('filter')).toBe('active'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter users' }), 'Admin only');
    await waitFor(() => expect(lastParams(requests, USERS).get('filter')).toBe('admin'));
    await user.click(screen.getByRole('button', { name: /Username/ }));

    await waitFor(() => expect(lastParams(requests, USERS).get('sort')).toBe('username'));

    // Back to the first view, which the cache already holds.
    await user.click(screen.getByRole('button', { name: 'Reset Filters' }));
    expect(screen.getByRole('combobox', { name: 'Filter users' })).toHaveValue('all');
    expect(screen.getByRole('columnheader', { name: /ID/ })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('columnheader', { name: /Username/ })).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('button', { name: 'Reset Filters' })).toBeDisabled();
  });

  it("shows 'No users found' with Clear search, which drops the search", async () => {
    const { user, requests } = renderUsers({
      [`GET ${USERS}`]: (request) => usersPage(request.path.includes('search=') ? [] : [ada]),
    });
    await screen.findByText('ada');
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'nobody');
    expect(await screen.findByText(adminEmptyStates.users)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(await screen.findByText('ada')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search users' })).toHaveValue('');
    expect(screen.queryByText(adminEmptyStates.users)).not.toBeInTheDocument();
    expect(requestsTo(requests, 'GET', USERS).filter((request) => !request.path.includes('search='))).toHaveLength(1);
  });

  it('reads the lists again on Refresh Data', async () => {
    const { user, requests } = renderUsers();
    await screen.findByText('grace');
    const before = registeredRequests(requests).length;
    await user.click(screen.getByRole('button', { name: 'Refresh Data' }));
    await waitFor(() => expect(registeredRequests(requests).length).toBe(before + 1));
  });
});

describe('users section: Sync with Stripe', () => {
  const job = (overrides: Partial<SyncJob> = {}): SyncJob => ({
    id: 7,
    status: 'queued',
    processed: 0,
    total: null,
    syncedCount: 0,
    updatedCount: 0,
    unchangedCount: 0,
    failedCount: 0,
    errors: [],
    error: null,
    requestedBy: rootAdmin.id,
    createdAt: '2026-11-26T10:00:00.000Z',
    startedAt: null,
    finishedAt: null,
    ...overrides,
  });
  const finished = job({
    status: 'succeeded',
    processed: 250,
    total: 250,
    syncedCount: 240,
    updatedCount: 31,
    unchangedCount: 217,
    failedCount: 2,
    errors: ['User #9 (grace): No such customer', 'User #11 (alan): Subscription missing'],
    startedAt: '2026-11-26T10:00:01.000Z',
    finishedAt: '2026-11-26T10:02:00.000Z',
  });

  /** The newest sync as the server answers it, call after call: the last state repeats. */
  function latestSequence(...jobs: (SyncJob | null)[]) {
    let call = 0;
    return () => ({ json: { job: jobs[Math.min(call++, jobs.length - 1)] } });
  }

  it('starts the sync at once, shows a progress bar while it runs, then the results until Close', async () => {
    const { user, requests } = renderUsers({
      [`POST ${SYNC}`]: { status: 202, json: job() },
      [`GET ${SYNC}/latest`]: latestSequence(null, job({ status: 'running', processed: 100, total: 250 }), finished),
    });
    await screen.findByText('grace');
    await user.click(screen.getByRole('button', { name: 'Sync with Stripe' }));

    const bar = await screen.findByRole('progressbar', { name: 'Sync progress' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '100'));
    expect(bar).toHaveAttribute('aria-valuemax', '250');
    expect(bar).toHaveAttribute('aria-valuetext', '100 of 250 users');
    expect(screen.getByRole('button', { name: 'Syncing...' })).toBeDisabled();

    const card = await screen.findByRole('region', { name: 'Stripe Sync Results' }, { timeout: 5000 });
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    const figure = (label: string) => within(card).getByText(label).nextElementSibling;
    expect(figure('Users processed')).toHaveTextContent('250');
    expect(figure('Subscriptions synced')).toHaveTextContent('240');
    expect(figure('Users updated')).toHaveTextContent('31');
    expect(figure('Users unchanged')).toHaveTextContent('217');
    expect(figure('Errors')).toHaveTextContent('2');
    const errors = within(card).getByRole('list', { name: 'Sync errors' });
    expect(
      within(errors)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(finished.errors);
    expect(await findToast(adminToastMessages.syncComplete)).toBeInTheDocument();
    expect(requestsTo(requests, 'POST', SYNC)).toHaveLength(1);
    // The lists are read again: the sync may have changed any user.
    expect(registeredRequests(requests).length).toBeGreaterThan(1);
    expect(screen.getByRole('button', { name: 'Sync with Stripe' })).toBeEnabled();

    await user.click(within(card).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('region', { name: 'Stripe Sync Results' })).not.toBeInTheDocument();
  });

  it('follows a sync already running when the page opens, and starts none', async () => {
    const { requests } = renderUsers({
      [`GET ${SYNC}/latest`]: latestSequence(job({ status: 'running', processed: 3, total: 10 })),
    });
    const bar = await screen.findByRole('progressbar', { name: 'Sync progress' });
    expect(bar).toHaveAttribute('aria-valuetext', '3 of 10 users');
    expect(screen.getByRole('button', { name: 'Syncing...' })).toBeDisabled();
    expect(requestsTo(requests, 'POST', SYNC)).toHaveLength(0);
  });

  it('shows no card for a sync that ended before the page opened', async () => {
    renderUsers({ [`GET ${SYNC}/latest`]: latestSequence(finished) });
    await screen.findByText('grace');
    expect(screen.getByRole('button', { name: 'Sync with Stripe' })).toBeEnabled();
    expect(screen.queryByRole('region', { name: 'Stripe Sync Results' })).not.toBeInTheDocument();
  });

  it('says why when the sync itself failed, with what it did before', async () => {
    const stopped = job({
      status: 'failed',
      processed: 4,
      total: 9,
      updatedCount: 4,
      error: 'Stripe is not configured',
    });
    const { user } = renderUsers({
      [`POST ${SYNC}`]: { status: 202, json: job() },
      [`GET ${SYNC}/latest`]: latestSequence(null, stopped),
    });
    await screen.findByText('grace');
    await user.click(screen.getByRole('button', { name: 'Sync with Stripe' }));
    const card = await screen.findByRole('region', { name: 'Stripe Sync Failed' }, { timeout: 5000 });
    expect(card).toHaveTextContent('The sync stopped: Stripe is not configured');
    expect(within(card).getByText('Users updated').nextElementSibling).toHaveTextContent('4');
    expect(await findToast(adminToastMessages.syncError)).toBeInTheDocument();
  });

  it('is started from the keyboard', async () => {
    const { user, requests } = renderUsers({
      [`POST ${SYNC}`]: { status: 202, json: job() },
      [`GET ${SYNC}/latest`]: latestSequence(null, job({ status: 'running', processed: 1, total: 2 })),
    });
    await screen.findByText('grace');
    screen.getByRole('button', { name: 'Sync with Stripe' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('progressbar', { name: 'Sync progress' })).toBeInTheDocument();
    expect(requestsTo(requests, 'POST', SYNC)).toHaveLength(1);
  });

  it('shows the sync error toast when Stripe is not configured', async () => {
    const { user } = renderUsers({
      [`POST ${SYNC}`]: { status: 503, json: { message: 'Stripe is not configured' } },
    });
    await screen.findByText('grace');
    await user.click(screen.getByRole('button', { name: 'Sync with Stripe' }));
    expect(await findToast(adminToastMessages.syncError)).toBeInTheDocument();
    expect(await findToast('Stripe is not configured')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Stripe Sync Results' })).not.toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});
