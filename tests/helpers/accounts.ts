import { and, desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { PublicUser } from '../../src/common/user-schemas';
import type { App } from '../../src/server/app';
import { SESSION_COOKIE } from '../../src/server/auth/sessions';
import type { Database } from '../../src/server/db/client';
import { emailLogs } from '../../src/server/db/schema';

// Accounts for server tests, made through the real routes (POST /api/register, POST /api/login), so
// a test's session is exactly the one a browser would hold.

/**
 * For test files that are not about rate limits: they register and sign in many times from one
 * client address, and the limits have their own test file (src/server/auth/rate-limits.test.ts).
 */
export const relaxedRateLimits = {
  RATE_LIMIT_LOGIN_PER_IP: '1000',
  RATE_LIMIT_LOGIN_PER_ACCOUNT: '1000',
  RATE_LIMIT_REGISTER_PER_IP: '1000',
  RATE_LIMIT_FORGOT_PER_IP: '1000',
  RATE_LIMIT_FORGOT_PER_ACCOUNT: '1000',
  // Every account such a file registers opens with the free questions (decision 0060).
  NEW_ACCOUNTS_WITH_FREE_QUESTIONS_PER_ADDRESS_PER_DAY: '0',
};

export interface AccountDetails {
  username: string;
  email: string;
  password: string;
}

/** Both consents POST /api/register insists on. */
export const acceptedTerms = { termsAccepted: true, privacyPolicyAccepted: true };

let accountCounter = 0;

/** Details no other account of this test file has: `<prefix>_<n>` and `<prefix>.<n>@example.com`. */
export function uniqueAccount(prefix: string): AccountDetails {
  accountCounter += 1;
  return {
    username: `${prefix}_${accountCounter}`,
    email: `${prefix}.${accountCounter}@example.com`,
    password: 'secret-pass',
  };
}

export interface RegisteredAccount {
  /** What was registered, password included, to sign in with again. */
  account: AccountDetails;
  /** The user as the sign-in answer gives it. */
  user: PublicUser;
  /** The session the sign-in started, as a Cookie header value. */
  cookie: string;
  /** The register answer (the same for a new and a known address, and it signs nobody in: decision 0035). */
  response: LightMyRequestResponse;
  /** The POST /api/login answer that started `cookie`. */
  signIn: LightMyRequestResponse;
}

/**
 * Registers `account`, expects 201, and waits for the background work that starts, so the
 * verification email is already in the outbox (or sent) when the test looks. Then signs in with the
 * password, as the new user would (one attempt of the login limits, from the same address).
 */
export async function registerAccount(
  app: App,
  account: AccountDetails = uniqueAccount('user'),
  { sessionId, remoteAddress }: { sessionId?: string; remoteAddress?: string } = {},
): Promise<RegisteredAccount> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/register',
    ...(remoteAddress !== undefined && { remoteAddress }),
    payload: { ...account, ...acceptedTerms, sessionId },
  });
  expect(response.statusCode, response.body).toBe(201);
  await app.background.drain();
  const signIn = await login(app, account.email, account.password, {
    ...(remoteAddress !== undefined && { remoteAddress }),
  });
  expect(signIn.statusCode, signIn.body).toBe(200);
  return { account, user: signIn.json() as PublicUser, cookie: sessionCookie(signIn), response, signIn };
}

/**
 * Follows the newest verification link in the outbox for `email`, as its owner would click it: an
 * account's free questions past UNVERIFIED_FREE_QUESTIONS need a verified address (decision 0060).
 */
export async function verifyAccountEmail(app: App, db: Database, email: string): Promise<void> {
  await app.background.drain();
  const [row] = await db
    .select({ body: emailLogs.body })
    .from(emailLogs)
    .where(and(eq(emailLogs.to, email), eq(emailLogs.kind, 'verify_email')))
    .orderBy(desc(emailLogs.id))
    .limit(1);
  const token = /\?token=(\S+)/.exec(row?.body ?? '')?.[1];
  if (!token) throw new Error(`no verification link in the outbox for ${email}`);
  const res = await app.inject({ method: 'GET', url: `/api/verify-email/${token}` });
  expect(res.statusCode, res.body).toBe(200);
}

/** POST /api/login; `identifier` is an email or a username (the API takes either as `email`). */
export function login(app: App, identifier: string, password: string, options: { remoteAddress?: string } = {}) {
  return app.inject({ method: 'POST', url: '/api/login', payload: { email: identifier, password }, ...options });
}

/** The session token the answer set in its cookie. */
export function sessionToken(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!cookie) throw new Error(`The ${response.statusCode} answer set no ${SESSION_COOKIE} cookie: ${response.body}`);
  return cookie.value;
}

/** A Cookie header value that presents `token` as the session. */
export const sessionCookieFor = (token: string) => `${SESSION_COOKIE}=${token}`;

/** The session the answer signed in, as a Cookie header value: `parallax_session=<token>`. */
export const sessionCookie = (response: LightMyRequestResponse) => sessionCookieFor(sessionToken(response));

/** Request headers that send `cookie`, or none for an anonymous caller. */
export const sessionHeaders = (cookie?: string) => (cookie === undefined ? {} : { cookie });

/** GET /api/me as the holder of `cookie`, or anonymously. */
export const getMe = (app: App, cookie?: string) =>
  app.inject({ method: 'GET', url: '/api/me', headers: sessionHeaders(cookie) });
