import { PREFILL_EMAIL_KEY, SESSION_ID_KEYS } from './browser-storage';

// The anonymous visitor's id (docs/product.md, "Sign-out and the browser's session id"): one per browser, kept under
// both names.

function newSessionId(): string {
  return crypto.randomUUID().replace(/-/g, '');
}

function write(id: string): void {
  for (const key of SESSION_ID_KEYS) localStorage.setItem(key, id);
}

/** The stored id if this browser has one, without creating it. */
export function peekSessionId(): string | undefined {
  return SESSION_ID_KEYS.map((key) => localStorage.getItem(key)).find((v): v is string => Boolean(v)) ?? undefined;
}

/** The stored id, created on first use. */
export function getSessionId(): string {
  const existing = SESSION_ID_KEYS.map((key) => localStorage.getItem(key)).find((v): v is string => Boolean(v));
  const id = existing ?? newSessionId();
  write(id);
  return id;
}

/**
 * On login the stored id is dropped so the account's data takes priority
 * (docs/product.md, "Sign-out and the browser's session id").
 */
export function clearSessionId(): void {
  for (const key of SESSION_ID_KEYS) localStorage.removeItem(key);
}

/** On logout: the old id and the cached email go, and the browser starts a new anonymous session. */
export function regenerateSessionId(): string {
  clearSessionId();
  localStorage.removeItem(PREFILL_EMAIL_KEY);
  const id = newSessionId();
  write(id);
  return id;
}
