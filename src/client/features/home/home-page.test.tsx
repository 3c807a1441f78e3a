import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { installFakeFetch } from '../../../../tests/helpers/fake-fetch';
import { renderPage } from '../../../../tests/helpers/render';
import { HomePage } from './home-page';

function renderAnonymousHome() {
  installFakeFetch({ 'GET /api/me': { status: 401, json: { message: 'Not authenticated' } } });
  return renderPage(<HomePage />);
}

/** A screen narrower than the 768 px breakpoint. */
function narrowScreen() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

describe('HomePage shell', () => {
  it('shows the empty state with the tagline and How to Use steps', async () => {
    renderAnonymousHome();
    expect(screen.getByRole('heading', { level: 1, name: 'AI Response Comparison Platform' })).toBeInTheDocument();
    const howTo = screen.getByRole('region', { name: 'How to Use' });
    expect(within(howTo).getAllByRole('listitem')).toHaveLength(4);
    expect(within(howTo).getByText('Pick up to three AI models in the sidebar.')).toBeInTheDocument();
    expect(screen.getByText('Asking questions is coming in the next release.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    await screen.findByRole('link', { name: 'Login / Register' });
  });

  it('opens the sidebar on wide screens and toggles it from the header', async () => {
    const { user } = renderAnonymousHome();
    const toggle = screen.getByRole('button', { name: 'Toggle sidebar' });
    const sidebar = screen.getByRole('complementary', { name: 'Sidebar' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(sidebar).getByText('Model selection arrives with the question pipeline.')).toBeInTheDocument();
    expect(within(sidebar).getByRole('heading', { name: 'Session History' })).toBeInTheDocument();
    expect(within(sidebar).getByText('No questions yet')).toBeInTheDocument();
    await within(sidebar).findByRole('link', { name: 'Login / Register' });

    await user.click(toggle);
    expect(screen.queryByRole('complementary', { name: 'Sidebar' })).not.toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('keeps the sidebar closed on narrow screens and shows it as an overlay that Escape closes', async () => {
    narrowScreen();
    const { user } = renderAnonymousHome();
    const toggle = screen.getByRole('button', { name: 'Toggle sidebar' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('No questions yet')).not.toBeInTheDocument();

    await user.click(toggle);
    const sheet = await screen.findByRole('dialog', { name: 'Sidebar' });
    expect(within(sheet).getByText('No questions yet')).toBeInTheDocument();
    await within(sheet).findByRole('link', { name: 'Login / Register' });

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sidebar' })).not.toBeInTheDocument());
    expect(toggle).toHaveFocus();
  });

  it('closes the narrow-screen sidebar on a backdrop click', async () => {
    narrowScreen();
    const { user } = renderAnonymousHome();
    await user.click(screen.getByRole('button', { name: 'Toggle sidebar' }));
    await screen.findByRole('dialog', { name: 'Sidebar' });
    await user.click(screen.getByTestId('sidebar-backdrop'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sidebar' })).not.toBeInTheDocument());
  });

  it('opens the Terms and Conditions from the footer', async () => {
    const { user } = renderAnonymousHome();
    await user.click(screen.getByRole('button', { name: 'Terms and Conditions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Terms and Conditions' });
    expect(within(dialog).getByText('Last updated: May 05, 2025')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await screen.findByRole('link', { name: 'Login / Register' });
  });
});
