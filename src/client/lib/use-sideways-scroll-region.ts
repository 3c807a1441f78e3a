import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * For a box that may scroll sideways (a wide table, a long code line): while its content is wider than it,
 * the props that let the keyboard reach and scroll it (axe: scrollable-region-focusable), a focusable
 * region named `name` (scrolls sideways); otherwise none. Kept current as the box or its content resizes,
 * and measured again when `content` changes.
 */
export function useSidewaysScrollRegion(ref: RefObject<HTMLElement | null>, name: string, content?: unknown) {
  const [overflows, setOverflows] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setOverflows(element.scrollWidth > element.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [ref, content]);
  return overflows ? { tabIndex: 0, role: 'region', 'aria-label': `${name} (scrolls sideways)` } : {};
}
