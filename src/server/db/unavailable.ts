// Which failures mean "the database cannot be reached right now" rather than "this statement is
// wrong": the first answer 503 with Retry-After (http/errors.ts), the second stays a 500 that is
// logged as a defect (issue 18, item 3; docs/operations.md, "When the database is unreachable").

/** Network errors of a connection that cannot be made or was lost. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL's own codes for the same: class 08 (connection exception), the server shutting down or
 * starting (57P01-57P03), too many connections (53300), and a statement cancelled by statement_timeout
 * (57014), which on a healthy server only a stalled lock or an overload causes.
 */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300', '57014']);

/** What node-postgres and PGlite say when there is no answer or no connection (they set no code). */
const DRIVER_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Query read timeout',
  'Client has encountered a connection error',
  'connection timeout',
  'PGlite is closed',
  // The pool after shutdown began: a request still in flight is told to come back (to another instance).
  'Cannot use a pool after calling end',
];

/** True when `error`, or any error it was caused by, says the database is unreachable or stalled. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') return false;
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_CODES.has(code) || code.startsWith('08'))) {
      return true;
    }
    if (typeof message === 'string' && DRIVER_MESSAGES.some((m) => message.includes(m))) return true;
    current = cause;
  }
  return false;
}
