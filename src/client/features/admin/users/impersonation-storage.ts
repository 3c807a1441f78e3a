import { IMPERSONATING_KEY, ORIGINAL_ADMIN_ID_KEY } from '../../../lib/browser-storage';

// The two session-storage flags of docs/product.md, "Impersonation". Storage can be unavailable (private mode,
// blocked cookies); the banner then relies on /api/me alone.

export function isImpersonatingFlagSet(): boolean {
  try {
    return sessionStorage.getItem(IMPERSONATING_KEY) === 'true';
  } catch {
    return false;
  }
}

export function markImpersonating(originalAdminId: number): void {
  try {
    sessionStorage.setItem(IMPERSONATING_KEY, 'true');
    sessionStorage.setItem(ORIGINAL_ADMIN_ID_KEY, String(originalAdminId));
  } catch {
    // See above: nothing to keep, /api/me still reports the impersonation.
  }
}

export function clearImpersonating(): void {
  try {
    sessionStorage.removeItem(IMPERSONATING_KEY);
    sessionStorage.removeItem(ORIGINAL_ADMIN_ID_KEY);
  } catch {
    // Nothing was stored.
  }
}

export type Redirect = (path: string) => void;

/**
 * A full page load rather than a router navigation: switching identity must drop every cached
 * answer of the previous one, and a fresh document is the one sure way.
 */
export const assignLocation: Redirect = (path) => window.location.assign(path);
