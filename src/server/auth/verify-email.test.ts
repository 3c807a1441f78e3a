import { createHash } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { serverMessages } from '../../common/messages';
import { emailLogs, emailTokens } from '../db/schema';
import {
  getMe,
  registerAccount,
  relaxedRateLimits,
  sessionHeaders,
  uniqueAccount,
} from '../../../tests/helpers/accounts';
import { useTestApp } from '../../../tests/helpers/test-app';

const t = useTestApp(relaxedRateLimits);

/** The token in the newest outbox email of that kind to that address, as a user would click it. */
async function tokenFromOutbox(email: string, kind: 'verify_email' | 'reset_password'): Promise<string> {
  const [row] = await t.db
    .select()
    .from(emailLogs)
    .where(and(eq(emailLogs.to, email), eq(emailLogs.kind, kind)))
    .orderBy(desc(emailLogs.id))
    .limit(1);
  const match = /\?token=([^\s]+)/.exec(row?.body ?? '');
  if (!match) throw new Error(`no ${kind} link in the outbox for ${email}`);
  return decodeURIComponent(match[1]!);
}

const verify = (token: string, cookie?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/verify-email/${encodeURIComponent(token)}`,
    headers: sessionHeaders(cookie),
  });
const resend = (cookie?: string, payload?: { email: string }) =>
  t.app.inject({ method: 'POST', url: '/api/resend-verification', headers: sessionHeaders(cookie), payload });

/** How many verification emails went to that address. */
async function verificationEmailsTo(email: string): Promise<number> {
  await t.app.background.drain();
  const rows = await t.db
    .select()
    .from(emailLogs)
    .where(and(eq(emailLogs.to, email), eq(emailLogs.kind, 'verify_email')));
  return rows.length;
}

describe('GET /api/verify-email/:token', () => {
  it('verifies the address with the emailed link', async () => {
    const { account, cookie } = await registerAccount(t.app, uniqueAccount('verify'));
    expect((await getMe(t.app, cookie)).json().emailVerified).toBe(false);

    const res = await verify(await tokenFromOutbox(account.email, 'verify_email'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: serverMessages.emailVerified, status: 'verified' });
    expect((await getMe(t.app, cookie)).json().emailVerified).toBe(true);
  });

  it('stores only a hash of the emailed token', async () => {
    const { account, user } = await registerAccount(t.app, uniqueAccount('tokenhash'));
    const token = await tokenFromOutbox(account.email, 'verify_email');
    const [row] = await t.db.select().from(emailTokens).where(eq(emailTokens.userId, user.id));
    expect(row!.tokenHash).not.toBe(token);
    expect(row!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
  });

  it('opened again (double click, mail scanner, back button) answers already verified to its owner', async () => {
    const { account, cookie } = await registerAccount(t.app, uniqueAccount('used'));
    const token = await tokenFromOutbox(account.email, 'verify_email');
    expect((await verify(token, cookie)).statusCode).toBe(200);

    const again = await verify(token, cookie);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: serverMessages.alreadyVerified, status: 'already_verified' });
    expect((await getMe(t.app, cookie)).json().emailVerified).toBe(true);
  });

  it('tells someone else holding a used link nothing about the account, and signs nobody in', async () => {
    const { account } = await registerAccount(t.app, uniqueAccount('leak'));
    const other = await registerAccount(t.app, uniqueAccount('stranger'));
    const token = await tokenFromOutbox(account.email, 'verify_email');
    expect((await verify(token)).statusCode).toBe(200);

    for (const cookie of [undefined, other.cookie]) {
      const again = await verify(token, cookie);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ message: serverMessages.alreadyVerified, status: 'already_verified' });
      expect(again.body).not.toContain(account.username);
      expect(again.body).not.toContain(account.email);
      expect(again.headers['set-cookie']).toBeUndefined();
    }
    // The stranger's own account is untouched.
    expect((await getMe(t.app, other.cookie)).json()).toMatchObject({
      username: other.account.username,
      emailVerified: false,
    });
  });

  it('refuses an expired link as expired (400) and leaves the address unverified', async () => {
    const { account, user, cookie } = await registerAccount(t.app, uniqueAccount('expired'));
    const token = await tokenFromOutbox(account.email, 'verify_email');
    await t.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.userId, user.id));
    const res = await verify(token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: serverMessages.verifyLinkExpired, reason: 'expired' });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect((await getMe(t.app, cookie)).json().emailVerified).toBe(false);
  });

  it('answers already verified for an expired link once the address is verified', async () => {
    const { account, user } = await registerAccount(t.app, uniqueAccount('lateclick'));
    const token = await tokenFromOutbox(account.email, 'verify_email');
    expect((await verify(token)).statusCode).toBe(200);
    await t.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.userId, user.id));
    expect((await verify(token)).json()).toEqual({
      message: serverMessages.alreadyVerified,
      status: 'already_verified',
    });
  });

  it('expires 24 hours after it was sent', async () => {
    const { user } = await registerAccount(t.app, uniqueAccount('ttl'));
    const [row] = await t.db.select().from(emailTokens).where(eq(emailTokens.userId, user.id));
    const hours = (row!.expiresAt.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
  });

  it('rejects an unknown token with 400', async () => {
    const res = await verify('x'.repeat(43));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: serverMessages.verifyLinkInvalid, reason: 'invalid' });
  });

  it('does not accept a password-reset link as a verification link', async () => {
    const { account, cookie } = await registerAccount(t.app, uniqueAccount('purpose'));
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/forgot-password',
      payload: { email: account.email },
    });
    expect(forgot.statusCode).toBe(200);
    await t.app.background.drain();
    const res = await verify(await tokenFromOutbox(account.email, 'reset_password'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: serverMessages.verifyLinkInvalid, reason: 'invalid' });
    expect((await getMe(t.app, cookie)).json().emailVerified).toBe(false);
  });
});

describe('POST /api/resend-verification', () => {
  it('sends a new link that replaces the older one', async () => {
    const { account, cookie } = await registerAccount(t.app, uniqueAccount('resend'));
    const older = await tokenFromOutbox(account.email, 'verify_email');

    const res = await resend(cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: serverMessages.verificationResent });
    await t.app.background.drain();
    const newer = await tokenFromOutbox(account.email, 'verify_email');
    expect(newer).not.toBe(older);

    // The replaced link is refused as expired, so its page offers a new one rather than a dead end.
    expect((await verify(older)).json()).toEqual({ message: serverMessages.verifyLinkExpired, reason: 'expired' });
    expect((await getMe(t.app, cookie)).json().emailVerified).toBe(false);
    expect((await verify(newer)).statusCode).toBe(200);
    expect((await getMe(t.app, cookie)).json().emailVerified).toBe(true);
  });

  it('answers 400 once the address is verified', async () => {
    const { account, cookie } = await registerAccount(t.app, uniqueAccount('already'));
    await verify(await tokenFromOutbox(account.email, 'verify_email'));
    const res = await resend(cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: serverMessages.alreadyVerified });
  });

  it('requires a signed-in user or an address', async () => {
    const res = await resend();
    expect(res.statusCode).toBe(401);
  });

  it('signed out, answers the same for an unverified, a verified and an unknown address', async () => {
    const waiting = await registerAccount(t.app, uniqueAccount('waiting'));
    const done = await registerAccount(t.app, uniqueAccount('done'));
    await verify(await tokenFromOutbox(done.account.email, 'verify_email'));
    const unknown = 'nobody.here@example.com';

    const answers = [];
    for (const email of [waiting.account.email, done.account.email, unknown]) {
      const res = await resend(undefined, { email });
      answers.push({ status: res.statusCode, body: res.json(), cookies: res.cookies.length });
    }
    const neutral = { status: 200, body: { message: serverMessages.verificationResentNeutral }, cookies: 0 };
    expect(answers).toEqual([neutral, neutral, neutral]);

    // Only the address still waiting gets a new link, and the new link works.
    expect(await verificationEmailsTo(waiting.account.email)).toBe(2);
    expect(await verificationEmailsTo(done.account.email)).toBe(1);
    expect(await verificationEmailsTo(unknown)).toBe(0);
    const fresh = await verify(await tokenFromOutbox(waiting.account.email, 'verify_email'));
    expect(fresh.json()).toEqual({ message: serverMessages.emailVerified, status: 'verified' });
  });

  it('signed in, uses the account and ignores an address in the body', async () => {
    const { account, cookie } = await registerAccount(t.app, uniqueAccount('mine'));
    const other = await registerAccount(t.app, uniqueAccount('theirs'));
    const res = await resend(cookie, { email: other.account.email });
    expect(res.json()).toEqual({ message: serverMessages.verificationResent });
    expect(await verificationEmailsTo(account.email)).toBe(2);
    expect(await verificationEmailsTo(other.account.email)).toBe(1);
  });
});
