import { screen, waitFor, within } from '@testing-library/react';
import { useParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeFetch } from '../../../../tests/helpers/fake-fetch';
import { renderPage } from '../../../../tests/helpers/render';
import { meAs } from '../../../../tests/helpers/users';
import { narrowScreen, savedQuery, SESSION, subscriptionStatus } from './test-fixtures';
import { WorkspacePage } from './workspace';

// Issue 16, item 6: the query detail page sits in Home's workspace (sidebar, history, account box),
// not in the marketing shell with Pricing and Login / Register.

function ShownQuery() {
  return <h1>Showing question {useParams().queryId}</h1>;
}

const history = [savedQuery({ id: 7, text: 'Newest question' }), savedQuery({ id: 5, text: 'Older question' })];

function renderWorkspace(at: string) {
  localStorage.setItem('parallaxSessionId', SESSION);
  installFakeFetch({
    'GET /api/me': meAs(null),
    [`GET /api/history/${SESSION}`]: { json: history },
    [`GET /api/subscription-status-by-session/${SESSION}`]: { json: subscriptionStatus() },
  });
  const view = renderPage(
    <WorkspacePage>
      <ShownQuery />
    </WorkspacePage>,
    { path: '/query/:queryId', at, routes: [{ path: '/', element: <h1>Home stand-in</h1> }] },
  );
  /** No request still in flight when the test ends. */
  const settled = () => waitFor(() => expect(view.queryClient.isFetching()).toBe(0));
  return { ...view, settled };
}

afterEach(() => vi.unstubAllGlobals());

describe('WorkspacePage', () => {
  it('puts the page beside the sidebar with the account box and Session History, the current question marked', async () => {
    const { user, settled } = renderWorkspace('/query/7');
    expect(await screen.findByRole('heading', { name: 'Showing question 7' })).toBeInTheDocument();
    const sidebar = screen.getByRole('complementary', { name: 'Sidebar' });
    const list = await within(sidebar).findByRole('list', { name: 'Previous questions' });
    expect(within(list).getByRole('button', { name: /Newest question/ })).toHaveAttribute('aria-current', 'true');
    // The marketing shell's navigation is not here.
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Pricing' })).not.toBeInTheDocument();

    // Another question from the history opens its own detail page; the header leads back to asking.
    await user.click(within(list).getByRole('button', { name: /Older question/ }));
    expect(await screen.findByRole('heading', { name: 'Showing question 5' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Ask a question' }));
    expect(await screen.findByRole('heading', { name: 'Home stand-in' })).toBeInTheDocument();
    await settled();
  });

  it('keeps the sidebar closed on phones, opened by the toggle', async () => {
    narrowScreen();
    const { user, settled } = renderWorkspace('/query/7');
    expect(await screen.findByRole('heading', { name: 'Showing question 7' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Previous questions' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Toggle sidebar' }));
    const list = await screen.findByRole('list', { name: 'Previous questions' });
    await user.click(within(list).getByRole('button', { name: /Older question/ }));
    expect(await screen.findByRole('heading', { name: 'Showing question 5' })).toBeInTheDocument();
    // Choosing a question closes the sheet.
    expect(screen.queryByRole('list', { name: 'Previous questions' })).not.toBeInTheDocument();
    await settled();
  });
});
