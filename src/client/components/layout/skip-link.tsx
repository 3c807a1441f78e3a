import type { MouseEvent } from 'react';

/**
 * 'Skip to content': the first thing Tab reaches on every page, hidden until focused. It moves focus to the
 * page's <main>, whichever layout drew it (the page shell, Home's workspace, the admin console), so a keyboard
 * user starts reading where the page's own content begins instead of tabbing through the header.
 */
export function SkipLink() {
  function skip(event: MouseEvent<HTMLAnchorElement>) {
    const main = document.querySelector('main');
    if (!main) return;
    event.preventDefault();
    // A <main> takes focus only with a tabindex; -1 keeps it out of the Tab order.
    if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
    main.focus();
  }
  return (
    <a
      href="#main"
      onClick={skip}
      className="sr-only focus:not-sr-only focus:fixed focus:left-3 focus:top-3 focus:z-[100] focus:rounded-md focus:bg-card focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-foreground focus:shadow-lg focus:outline-2 focus:outline-ring"
    >
      Skip to content
    </a>
  );
}
