import type { useSidebar } from './use-sidebar';

/** The Session History's search box (session-history.tsx gives its input this id). */
export const HISTORY_SEARCH_ID = 'history-search';

/** How long Ctrl/Cmd+K waits for the sidebar to open and draw the search box. */
const WAIT_FOR_SEARCH_MS = 1000;

/**
 * Ctrl/Cmd+K (issue 20, item 6): opens the sidebar if it is closed (on phones it is a sheet) and puts
 * the cursor in the history search, its text selected so typing replaces it.
 */
export function openHistorySearch(sidebar: Pick<ReturnType<typeof useSidebar>, 'open' | 'setOpen'>): void {
  if (!sidebar.open) sidebar.setOpen(true);
  const started = performance.now();
  const focus = () => {
    const input = document.getElementById(HISTORY_SEARCH_ID);
    if (input instanceof HTMLInputElement) {
      input.focus();
      input.select();
    } else if (performance.now() - started < WAIT_FOR_SEARCH_MS) {
      requestAnimationFrame(focus);
    }
  };
  requestAnimationFrame(focus);
}
