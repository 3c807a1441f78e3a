import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyTheme, readThemeChoice, resolveTheme, setThemeChoice, THEME_STORAGE_KEY } from './theme';

const initScript = readFileSync(path.resolve('public/theme-init.js'), 'utf8');

function systemPrefers(dark: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: query === '(prefers-color-scheme: dark)' && dark,
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

afterEach(() => {
  document.documentElement.className = '';
  document.documentElement.style.colorScheme = '';
});

describe('theme', () => {
  it('follows the system unless the user chose light or dark', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
    expect(resolveTheme('light', true)).toBe('light');
  });

  it('reads anything but a known choice as "system"', () => {
    expect(readThemeChoice()).toBe('system');
    localStorage.setItem(THEME_STORAGE_KEY, 'sepia');
    expect(readThemeChoice()).toBe('system');
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    expect(readThemeChoice()).toBe('dark');
  });

  it('remembers a choice and puts it on <html> with the matching colour scheme', () => {
    systemPrefers(false);
    setThemeChoice('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(document.documentElement).toHaveClass('dark');
    expect(document.documentElement.style.colorScheme).toBe('dark');
    setThemeChoice('system');
    expect(document.documentElement).not.toHaveClass('dark');
    expect(document.documentElement.style.colorScheme).toBe('light');
  });

  it.each([
    ['light', false],
    ['light', true],
    ['dark', false],
    ['dark', true],
    ['system', false],
    ['system', true],
    [null, true],
    [null, false],
    ['sepia', true],
  ] as const)(
    'public/theme-init.js, run before the app, decides as the app does (saved %s, system dark: %s)',
    (saved, dark) => {
      systemPrefers(dark);
      if (saved !== null) localStorage.setItem(THEME_STORAGE_KEY, saved);
      new Function(initScript)();
      const beforeApp = document.documentElement.classList.contains('dark');
      document.documentElement.className = '';
      expect(beforeApp).toBe(applyTheme() === 'dark');
    },
  );
});
