import { useEffect, useRef } from 'react';

// The workspace's keyboard shortcuts (issue 20, item 6; docs/product.md, "Keyboard shortcuts"): one
// list, shown by `?` (shortcuts-dialog.tsx) and matched here. None fires while the user types in a
// field, nor while a dialog is open (it has its own keys), nor with a modifier it does not name.

export interface Shortcut {
  /** As aria-keyshortcuts writes it (https://www.w3.org/TR/wai-aria-1.2/#aria-keyshortcuts). */
  aria: string;
  /** The keys as the list shows them. */
  keys: string[];
  action: string;
}

export const shortcuts = {
  focusQuestion: { aria: '/', keys: ['/'], action: 'Focus the question box' },
  stop: { aria: 'Escape', keys: ['Esc'], action: 'Stop the answers' },
  searchHistory: { aria: 'Control+K Meta+K', keys: ['Ctrl', 'K'], action: 'Search your history (⌘K on a Mac)' },
  showShortcuts: { aria: 'Shift+?', keys: ['?'], action: 'Show these shortcuts' },
} satisfies Record<string, Shortcut>;

export type ShortcutName = keyof typeof shortcuts;

/** What each shortcut does on this page; a missing one does nothing here. */
export type ShortcutHandlers = Partial<Record<ShortcutName, () => void>>;

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (!(target instanceof HTMLInputElement)) return false;
  // A checkbox or a button-like input takes no text.
  return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(target.type);
}

const dialogOpen = () => document.querySelector('[role="dialog"][data-state="open"], [role="alertdialog"]') !== null;

/** Which shortcut a key press is, if any. */
export function shortcutOf(event: KeyboardEvent): ShortcutName | null {
  if (event.defaultPrevented || event.isComposing || event.repeat) return null;
  if (isTyping(event.target) || dialogOpen()) return null;
  const command = event.ctrlKey || event.metaKey;
  if (command && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k') return 'searchHistory';
  if (command || event.altKey) return null;
  if (event.key === '/') return 'focusQuestion';
  if (event.key === '?') return 'showShortcuts';
  if (event.key === 'Escape') return 'stop';
  return null;
}

export function useKeyboardShortcuts(handlers: ShortcutHandlers): void {
  const handlersRef = useRef(handlers);
  useEffect(() => {
    handlersRef.current = handlers;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const name = shortcutOf(event);
      const handler = name && handlersRef.current[name];
      if (!handler) return;
      event.preventDefault();
      handler();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
