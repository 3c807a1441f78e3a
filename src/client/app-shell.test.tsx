import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ANONYMOUS_AS_NULL_HEADER } from '../common/current-user';
import { EMERGENCY_TOKEN_STORAGE_KEY } from '../common/emergency-schemas';
import { serverMessages } from '../common/messages';
import { installFakeFetch, type FakeHandler, type FakeResponse } from '../../tests/helpers/fake-fetch';
import { makePublicUser, signedInMe } from '../../tests/helpers/users';
import { createQueryClient } from './lib/query-client';
import { AppRoutes } from './routes';

// The app's own routes and shell (routes.tsx), as main.tsx draws them: the tab's title, the skip link, and the
// page-load probe of who the visitor is.

/** What the server answers the app's probe for an anonymous visitor (decision 0044). */
const anonymousProbe: FakeHandler = () =>
  new Response('null', { status: 200, headers: { 'content-type': 'application/json' } });

function renderApp(at: string, handlers: Record<string, FakeHandler | FakeResponse> = {}) {
  const fake = installFakeFetch({ 'GET /api/me': anonymousProbe, ...handlers });
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[at]}>
        <AppRoutes />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...fake, user };
}

describe('the tab title', () => {
  it('names the route on screen', async () => {
    renderApp('/privacy');
    await screen.findByRole('heading', { name: 'Privacy Policy', level: 1 });
    expect(document.title).toBe('Privacy Policy · Parallax');
  });

  it('says 404 Page Not Found on an unknown path', async () => {
    renderApp('/no-such-page');
    await screen.findByRole('heading', { name: '404 Page Not Found' });
    expect(document.title).toBe('404 Page Not Found · Parallax');
  });

  it('follows a navigation', async () => {
    const { user } = renderApp('/no-such-page');
    await user.click(await screen.findByRole('link', { name: 'Pricing' }));
    await waitFor(() => expect(document.title).toBe('Pricing · Parallax'));
  });

  it('says 404 where an emergency page is switched off and draws the 404 page', async () => {
    sessionStorage.setItem(EMERGENCY_TOKEN_STORAGE_KEY, 'a-token-the-server-does-not-know-of');
    renderApp('/admin-debug', {
      'GET /api/list-all-admins': { status: 404, json: { message: serverMessages.notFound } },
    });
    await screen.findByRole('heading', { name: '404 Page Not Found' });
    await waitFor(() => expect(document.title).toBe('404 Page Not Found · Parallax'));
  });
});

describe('the skip link', () => {
  it('is the first stop of Tab and moves focus to the page content', async () => {
    const { user } = renderApp('/terms');
    await screen.findByRole('heading', { name: 'Terms and Conditions', level: 1 });
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
    // Focus moved into the content: the next Tab does not go back to the header's links.
    await user.tab();
    expect(screen.getByRole('banner')).not.toContainElement(document.activeElement as HTMLElement);
  });
});

describe('who the visitor is', () => {
  it('asks /api/me as the app (anonymous answers null, not 401) and shows an anonymous visitor Login / Register', async () => {
    const { fetchMock } = renderApp('/support');
    expect(await screen.findByRole('link', { name: 'Login / Register' })).toBeInTheDocument();
    const probe = fetchMock.mock.calls.find(([url]) => String(url) === '/api/me');
    expect(new Headers(probe?.[1]?.headers).get(ANONYMOUS_AS_NULL_HEADER)).toBe('1');
  });

  it('still takes a 401 (a server without the probe header) as nobody signed in', async () => {
    renderApp('/support', { 'GET /api/me': { status: 401, json: { message: 'Not authenticated' } } });
    expect(await screen.findByRole('link', { name: 'Login / Register' })).toBeInTheDocument();
  });

  it('shows a signed-in user by name', async () => {
    renderApp('/support', { 'GET /api/me': signedInMe(makePublicUser({ username: 'grace' })) });
    expect(await screen.findByRole('link', { name: 'grace' })).toBeInTheDocument();
  });
});
