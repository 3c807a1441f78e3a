import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { narrowScreen, renderHome, SESSION, settled, subscriptionStatus } from './test-fixtures';

describe('HomePage layout', () => {
  it('shows the question bar and the empty state with the tagline and How to Use steps', async () => {
    renderHome();
    expect(screen.getByRole('heading', { level: 1, name: 'AI Response Comparison Platform' })).toBeInTheDocument();
    const howTo = screen.getByRole('region', { name: 'How to Use' });
    expect(within(howTo).getAllByRole('listitem')).toHaveLength(4);
    expect(screen.queryByText(/coming in the next release/)).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your question' })).toHaveAttribute(
      'placeholder',
      'Ask a question to compare AI responses...',
    );
    expect(screen.getByRole('button', { name: 'Send question' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Highlight differences' })).not.toBeChecked();
    await settled();
  });

  it('opens the sidebar on wide screens with models, account and history, and toggles it', async () => {
    const { user } = renderHome();
    const toggle = screen.getByRole('button', { name: 'Toggle sidebar' });
    const sidebar = screen.getByRole('complementary', { name: 'Sidebar' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(sidebar).getByRole('checkbox', { name: 'ChatGPT' })).toBeChecked();
    expect(within(sidebar).getByRole('heading', { name: 'Session History' })).toBeInTheDocument();
    expect(await within(sidebar).findByText('No questions yet')).toBeInTheDocument();
    await within(sidebar).findByRole('link', { name: 'Login / Register' });
    expect(screen.queryByRole('button', { name: /AI Models/ })).not.toBeInTheDocument();

    await user.click(toggle);
    expect(screen.queryByRole('complementary', { name: 'Sidebar' })).not.toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('keeps the sidebar closed on narrow screens and shows it as an overlay that Escape closes', async () => {
    narrowScreen();
    const { user } = renderHome();
    const toggle = screen.getByRole('button', { name: 'Toggle sidebar' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    const sheet = await screen.findByRole('dialog', { name: 'Sidebar' });
    expect(await within(sheet).findByText('No questions yet')).toBeInTheDocument();
    await within(sheet).findByRole('link', { name: 'Login / Register' });
    // On phones the models live behind the AI Models button, not in the sheet.
    expect(within(sheet).queryByRole('checkbox')).not.toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sidebar' })).not.toBeInTheDocument());
    expect(toggle).toHaveFocus();
  });

  it('closes the narrow-screen sidebar on a backdrop click', async () => {
    narrowScreen();
    const { user } = renderHome();
    await user.click(screen.getByRole('button', { name: 'Toggle sidebar' }));
    await screen.findByRole('dialog', { name: 'Sidebar' });
    await user.click(screen.getByTestId('sidebar-backdrop'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sidebar' })).not.toBeInTheDocument());
    await settled();
  });

  it('picks models on narrow screens from the AI Models button, then returns to the question', async () => {
    narrowScreen();
    const { user } = renderHome();
    await user.click(screen.getByRole('button', { name: /AI Models/ }));
    const dialog = await screen.findByRole('dialog', { name: 'AI Models' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Grok' }));
    expect(within(dialog).getByRole('checkbox', { name: 'Grok' })).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Done - Start Querying' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'AI Models' })).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Your question' })).toHaveFocus());
    await settled();
  });

  it('opens the Terms and Conditions from the footer', async () => {
    const { user } = renderHome();
    await user.click(screen.getByRole('button', { name: 'Terms and Conditions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Terms and Conditions' });
    expect(within(dialog).getByText('Last updated: May 05, 2025')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await settled();
  });
});

/** The badge's pulsing dot (the words themselves never fade), where motion is welcome. */
const pulse = (badge: HTMLElement) => badge.querySelector('[class~="motion-safe:animate-pulse"]');

describe('Free-questions badge', () => {
  it('shows the free questions left, calmly while several remain', async () => {
    renderHome();
    const badge = await screen.findByText('33 free questions left');
    expect(pulse(badge)).toBeNull();
    await settled();
  });

  it('pulses at one question left', async () => {
    renderHome({
      [`GET /api/subscription-status-by-session/${SESSION}`]: {
        json: subscriptionStatus({ freeQuestionsRemaining: 1 }),
      },
    });
    expect(pulse(await screen.findByText('1 free question left'))).not.toBeNull();
    await settled();
  });

  it('is hidden with an active subscription', async () => {
    const { requests } = renderHome({
      [`GET /api/subscription-status-by-session/${SESSION}`]: {
        json: subscriptionStatus({
          hasActiveSubscription: true,
          subscriptionTier: 'basic',
          paidQuestionsRemaining: 300,
        }),
      },
    });
    await settled();
    await waitFor(() => expect(requests.some((r) => r.path.startsWith('/api/subscription-status'))).toBe(true));
    expect(screen.queryByText(/free questions? left/)).not.toBeInTheDocument();
  });

  it('falls back to none left when the status cannot be read', async () => {
    renderHome({ [`GET /api/subscription-status-by-session/${SESSION}`]: { status: 500, json: { message: 'down' } } });
    expect(pulse(await screen.findByText('0 free questions left'))).not.toBeNull();
    await settled();
  });
});

describe('Query-string flags', () => {
  it('payment_success shows the success toast, refresh_subscription forces a refresh, and both leave the address', async () => {
    const { requests, router } = renderHome({}, { at: '/?refresh_subscription=true&payment_success=true' });
    expect(await screen.findByText('Payment successful')).toBeInTheDocument();
    expect(screen.getByText('Your subscription is now active.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() =>
      expect(requests.map((r) => r.path)).toContain(`/api/subscription-status-by-session/${SESSION}?forceRefresh=true`),
    );
    await settled();
  });

  it("a shared report's Ask this yourself puts its question in the box with its models, then leaves the address", async () => {
    const { router } = renderHome({}, { at: '/?q=How%20tall%20is%20K2%3F&models=claude,deepseek' });
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Your question' })).toHaveValue('How tall is K2?'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(JSON.parse(localStorage.getItem('parallaxSelectedModels')!)).toEqual(['deepseek', 'claude']);
    await settled();
  });
});
