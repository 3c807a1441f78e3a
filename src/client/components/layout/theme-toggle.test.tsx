import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { THEME_STORAGE_KEY } from '../../theme/theme';
import { ThemeToggle } from './theme-toggle';

describe('ThemeToggle', () => {
  it('steps through Light, Dark and System, remembering and announcing each', async () => {
    vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener: vi.fn(), removeEventListener: vi.fn() }));
    const user = userEvent.setup();
    render(<ThemeToggle />);
    const button = screen.getByRole('button', { name: 'Theme: System (light now). Switch to Light' });
    expect(screen.getByRole('status')).toBeEmptyDOMElement();

    await user.click(button);
    expect(button).toHaveAccessibleName('Theme: Light. Switch to Dark');
    expect(screen.getByRole('status')).toHaveTextContent('Theme: Light');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    expect(document.documentElement).not.toHaveClass('dark');

    await user.click(button);
    expect(button).toHaveAccessibleName('Theme: Dark. Switch to System');
    expect(document.documentElement).toHaveClass('dark');

    await user.click(button);
    expect(button).toHaveAccessibleName('Theme: System (light now). Switch to Light');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('system');
    expect(document.documentElement).not.toHaveClass('dark');
  });
});
