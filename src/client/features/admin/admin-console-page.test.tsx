import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Dashboard } from '../../../common/admin-billing-schemas';
import { makePublicUser } from '../../../../tests/helpers/users';
import { AdminConsolePage } from './admin-console-page';
import { adminSections } from './admin-sections';
import {
  held,
  lastParams,
  renderAdmin,
  rootAdmin,
  rootRow,
  usersPage,
  type Handlers,
  type RenderAdminOptions,
} from './shared/admin-test-data';

const emptyDashboard: Dashboard = {
  revenue: [],
  activeSubscriptions: 0,
  totalUsers: 1,
  recentActivity: [],
};

const standIns = [
  { path: '/', element: <p>Home stand-in</p> },
  { path: '/admin/login', element: <p>Admin login stand-in</p> },
];

function renderConsole({
  me = rootAdmin,
  at = '/admin',
  handlers = {},
}: {
  me?: RenderAdminOptions['me'];
  at?: string;
  handlers?: Handlers;
} = {}) {
  return renderAdmin(<AdminConsolePage />, {
    me,
    at,
    routes: standIns,
    handlers: {
      'GET /api/admin/dashboard': { json: emptyDashboard },
      'GET /api/admin/users': usersPage([rootRow]),
      ...handlers,
    },
  });
}

const sectionNav = () => screen.getByRole('navigation', { name: 'Admin sections' });
const heading = () => screen.getByRole('heading', { level: 1 });

describe('admin console guard', () => {
  it('shows a loading state while the current user loads', async () => {
    const me = held({ json: rootAdmin });
    renderConsole({ handlers: { 'GET /api/me': me.handler } });
    expect(await screen.findByText('Loading admin console...')).toBeInTheDocument();
    me.release();
    expect(await screen.findByRole('navigation', { name: 'Admin sections' })).toBeInTheDocument();
  });

  it('sends an anonymous visitor to /admin/login', async () => {
    const { router } = renderConsole({ me: null });
    expect(await screen.findByText('Admin login stand-in')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/login');
  });

  it('sends a signed-in user who is not an admin home', async () => {
    const { router } = renderConsole({ me: makePublicUser() });
    expect(await screen.findByText('Home stand-in')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('lets in a user whose role is admin even without the flag', async () => {
    renderConsole({ me: makePublicUser({ role: 'admin', isAdmin: false }) });
    expect(await screen.findByRole('navigation', { name: 'Admin sections' })).toBeInTheDocument();
  });
});

describe('admin console layout', () => {
  it('lists every section as a link, the dashboard current by default', async () => {
    renderConsole();
    await screen.findByRole('navigation', { name: 'Admin sections' });
    const links = within(sectionNav()).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(adminSections.map((section) => section.label));
    expect(links.map((link) => link.getAttribute('href'))).toEqual(
      adminSections.map((section) => `/admin?section=${section.id}`),
    );
    expect(within(sectionNav()).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(heading()).toHaveTextContent('Dashboard');
    expect(await screen.findByRole('button', { name: 'Refresh Now' })).toBeInTheDocument();
  });

  it('opens the section the address names, and the dashboard for an unknown one', async () => {
    renderConsole({ at: '/admin?section=users' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    expect(within(sectionNav()).getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByRole('tab', { name: 'Registered Users' })).toBeInTheDocument();
  });

  it('falls back to the dashboard for an unknown section', async () => {
    renderConsole({ at: '/admin?section=nonsense' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  });

  it('moves between sections with the sidebar links, by mouse or keyboard', async () => {
    const { user, router } = renderConsole();
    await screen.findByRole('navigation', { name: 'Admin sections' });
    await user.click(within(sectionNav()).getByRole('link', { name: 'Users' }));
    expect(router.state.location.search).toBe('?section=users');
    expect(heading()).toHaveTextContent('Users');
    expect(within(sectionNav()).getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
    expect(within(sectionNav()).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');

    within(sectionNav()).getByRole('link', { name: 'Dashboard' }).focus();
    await user.keyboard('{Enter}');
    expect(router.state.location.search).toBe('?section=dashboard');
    expect(heading()).toHaveTextContent('Dashboard');
  });

  it('searches users from the header with Enter', async () => {
    const { user, router, requests } = renderConsole();
    await user.type(await screen.findByRole('searchbox', { name: 'Search all users' }), 'grace{Enter}');

    expect(router.state.location.search).toBe('?section=users&search=grace');
    expect(heading()).toHaveTextContent('Users');
    expect(await screen.findByRole('searchbox', { name: 'Search users' })).toHaveValue('grace');
    await waitFor(() => expect(lastParams(requests, '/api/admin/users').get('search')).toBe('grace'));
  });

  it("shows the admin's name, a link back to the site and Logout", async () => {
    const { user, router } = renderConsole({ handlers: { 'POST /api/logout': { json: { message: 'Logged out' } } } });
    const header = await screen.findByRole('banner');
    expect(within(header).getByText('root')).toBeInTheDocument();
    expect(within(header).getByRole('link', { name: 'Back to site' })).toHaveAttribute('href', '/');

    await user.click(within(header).getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Home stand-in')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('opens the sections in a drawer from the menu button on small screens', async () => {
    const { user, router } = renderConsole();
    await user.click(await screen.findByRole('button', { name: 'Open navigation' }));
    const drawer = await screen.findByRole('dialog', { name: 'Admin navigation' });
    await user.click(within(drawer).getByRole('link', { name: 'Users' }));

    expect(router.state.location.search).toBe('?section=users');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Admin navigation' })).not.toBeInTheDocument());
    expect(heading()).toHaveTextContent('Users');
  });
});
