// The client's routes (docs/product.md, "Pages and routes"), shared so the server can answer an unknown path with
// a real 404 status while still serving the app that draws the '404 Page Not Found' page.
export const clientRoutePatterns: readonly RegExp[] = [
  /^\/$/,
  /^\/auth$/,
  /^\/forgot-password$/,
  /^\/reset-password$/,
  /^\/verify-email$/,
  /^\/subscribe$/,
  /^\/subscribe\/success$/,
  /^\/pricing$/,
  /^\/checkout$/,
  /^\/checkout\/success$/,
  /^\/checkout\/[^/]+$/,
  /^\/billing$/,
  /^\/profile$/,
  /^\/test-tools$/,
  /^\/query\/[^/]+$/,
  /^\/privacy$/,
  /^\/terms$/,
  /^\/account$/,
  /^\/support$/,
  /^\/add-payment-method$/,
  /^\/admin$/,
  /^\/admin\/login$/,
  /^\/admin-debug$/,
  /^\/backdoor-admin$/,
];

export function isClientRoute(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return clientRoutePatterns.some((pattern) => pattern.test(path));
}
