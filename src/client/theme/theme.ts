import { useCallback, useSyncExternalStore } from 'react';

// Light, dark or the system's choice (issue 20, item 3; decision 0047). The choice is kept in this
// browser; public/theme-init.js applies it before the first paint by the same rule as resolveTheme
// (theme.test.ts holds the two to it).

export type ThemeChoice = 'light' | 'dark' | 'system';
export type Theme = 'light' | 'dark';

export const THEME_CHOICES: readonly ThemeChoice[] = ['light', 'dark', 'system'];
export const THEME_STORAGE_KEY = 'parallax-theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

export function resolveTheme(choice: ThemeChoice, systemPrefersDark: boolean): Theme {
  if (choice === 'system') return systemPrefersDark ? 'dark' : 'light';
  return choice;
}

function isThemeChoice(value: unknown): value is ThemeChoice {
  return THEME_CHOICES.includes(value as ThemeChoice);
}

export function readThemeChoice(): ThemeChoice {
  try {
    const saved = localStorage.getItem(THEME_STORAGE_KEY);
    return isThemeChoice(saved) ? saved : 'system';
  } catch {
    // Storage can be blocked (a privacy setting); the system's choice then applies.
    return 'system';
  }
}

const systemPrefersDark = () => typeof matchMedia === 'function' && matchMedia(DARK_QUERY).matches;

/** Puts the theme on <html>: the `dark` class the styles key on, and the native controls' colour scheme. */
export function applyTheme(choice: ThemeChoice = readThemeChoice()): Theme {
  const theme = resolveTheme(choice, systemPrefersDark());
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
  return theme;
}

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) {
    // The system's setting changing under "system", and another tab changing the choice.
    matchMediaList()?.addEventListener('change', onSystemChange);
    window.addEventListener('storage', onStorage);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      matchMediaList()?.removeEventListener('change', onSystemChange);
      window.removeEventListener('storage', onStorage);
    }
  };
}

const matchMediaList = () => (typeof matchMedia === 'function' ? matchMedia(DARK_QUERY) : null);

function onSystemChange() {
  applyTheme();
  notify();
}

function onStorage(event: StorageEvent) {
  if (event.key !== THEME_STORAGE_KEY) return;
  applyTheme();
  notify();
}

export function setThemeChoice(choice: ThemeChoice) {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Not remembered, but applied for this page.
  }
  applyTheme(choice);
  notify();
}

/** The user's choice and the theme in force, kept current; `choose` changes and remembers the choice. */
export function useTheme(): { choice: ThemeChoice; theme: Theme; choose: (choice: ThemeChoice) => void } {
  const choice = useSyncExternalStore(subscribe, readThemeChoice, () => 'system' as const);
  const theme = useSyncExternalStore(
    subscribe,
    () => (document.documentElement.classList.contains('dark') ? 'dark' : 'light'),
    () => 'light' as const,
  );
  const choose = useCallback((next: ThemeChoice) => setThemeChoice(next), []);
  return { choice, theme, choose };
}
