import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * Whether the element is narrower than its content, kept current as either changes size. A box that
 * scrolls sideways must then take keyboard focus, so arrow keys can scroll it (axe:
 * scrollable-region-focusable).
 */
export function useOverflowsSideways(ref: RefObject<HTMLElement | null>, content?: unknown): boolean {
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
  return overflows;
}
