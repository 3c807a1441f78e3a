// The client's routes (docs/product.md, "Pages and routes"), shared so the server can answer an unknown path with
// a real 404 status while still serving the app that draws the '404 Page Not Found' page. Each route's title is
// what the browser tab says on it, as '<title> · Parallax' (documentTitle below).
export const clientRoutes: readonly { pattern: RegExp; title: string }[] = [
  { pattern: /^\/$/, title: 'Compare AI Answers' },
  { pattern: /^\/auth$/, title: 'Login / Register' },
  { pattern: /^\/forgot-password$/, title: 'Forgot Password' },
  { pattern: /^\/reset-password$/, title: 'Reset Password' },
  { pattern: /^\/verify-email$/, title: 'Verify Email' },
  { pattern: /^\/subscribe$/, title: 'Subscribe' },
  { pattern: /^\/subscribe\/success$/, title: 'Subscription Successful' },
  { pattern: /^\/pricing$/, title: 'Pricing' },
  { pattern: /^\/checkout$/, title: 'Checkout' },
  { pattern: /^\/checkout\/success$/, title: 'Payment Successful' },
  { pattern: /^\/checkout\/[^/]+$/, title: 'Checkout' },
  { pattern: /^\/billing$/, title: 'Billing' },
  { pattern: /^\/profile$/, title: 'Profile' },
  { pattern: /^\/test-tools$/, title: 'Testing Tools' },
  { pattern: /^\/query\/[^/]+$/, title: 'Question' },
  { pattern: /^\/privacy$/, title: 'Privacy Policy' },
  { pattern: /^\/leaderboard$/, title: 'Model Reliability Leaderboard' },
  // A shared report (issue 14, item 1); the server answers 404 for a revoked or unknown link, and its page
  // carries the question as its title and preview tags (src/server/share/).
  { pattern: /^\/r\/[A-Za-z0-9_-]{22}$/, title: 'Shared Comparison' },
  { pattern: /^\/terms$/, title: 'Terms and Conditions' },
  { pattern: /^\/account$/, title: 'Profile' },
  { pattern: /^\/support$/, title: 'Support' },
  { pattern: /^\/add-payment-method$/, title: 'Add Payment Method' },
  { pattern: /^\/admin$/, title: 'Admin Console' },
  { pattern: /^\/admin\/login$/, title: 'Admin Login' },
  // While emergency access is off these pages draw the 404 page, which then names itself (not-found-page.tsx).
  { pattern: /^\/admin-debug$/, title: 'Admin Debug' },
  { pattern: /^\/backdoor-admin$/, title: 'Emergency Admin' },
];

export const clientRoutePatterns: readonly RegExp[] = clientRoutes.map((route) => route.pattern);

const SITE_NAME = 'Parallax';
const tabTitle = (title: string) => `${title} · ${SITE_NAME}`;
export const notFoundDocumentTitle = tabTitle('404 Page Not Found');

function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

export function isClientRoute(pathname: string): boolean {
  const path = normalise(pathname);
  return clientRoutePatterns.some((pattern) => pattern.test(path));
}

/** The browser tab's text on a page: 'Pricing · Parallax', and for any unknown path '404 Page Not Found · Parallax'. */
export function documentTitle(pathname: string): string {
  const path = normalise(pathname);
  const route = clientRoutes.find(({ pattern }) => pattern.test(path));
  return route ? tabTitle(route.title) : notFoundDocumentTitle;
}
