import { useCallback, useState, useSyncExternalStore } from 'react';
import { MOBILE_BREAKPOINT_PX } from '../../../common/limits';

const wideQuery = `(min-width: ${MOBILE_BREAKPOINT_PX}px)`;

function subscribe(onChange: () => void) {
  if (typeof window.matchMedia !== 'function') return () => {};
  const list = window.matchMedia(wideQuery);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

// jsdom and some embedded browsers have no matchMedia; the window width is the next best answer.
function isWide(): boolean {
  return typeof window.matchMedia === 'function'
    ? window.matchMedia(wideQuery).matches
    : window.innerWidth >= MOBILE_BREAKPOINT_PX;
}

/** True at desktop widths (768 px and up; docs/product.md, "Display rules"). */
export function useIsWideScreen(): boolean {
  return useSyncExternalStore(subscribe, isWide, () => true);
}

/** The sidebar starts open on wide screens and closed on narrow ones, and resets when the width crosses the breakpoint. */
export function useSidebar() {
  const wide = useIsWideScreen();
  const [open, setOpen] = useState(wide);
  const [openedFor, setOpenedFor] = useState(wide);
  if (openedFor !== wide) {
    setOpenedFor(wide);
    setOpen(wide);
  }
  const toggle = useCallback(() => setOpen((value) => !value), []);
  return { wide, open, setOpen, toggle };
}
