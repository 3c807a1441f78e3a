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

const verify = (token: string) =>
  t.app.inject({ method: 'GET', url: `/api/verify-email/${encodeURIComponent(token)}` });
const resend = (cookie?: string) =>
  t.app.inject({ method: 'POST', url: '/api/resend-verification', headers: sessionHeaders(cookie) });

describe('GET /api/verify-email/:token', () => {
  it('verifies the address with the emailed link', async () => {
    const { account, cookie } = await registerAccount(t.app, uniqueAccount('verify'));
    expect((await getMe(t.app, cookie)).json().emailVerified).toBe(false);

    const res = await verify(await tokenFromOutbox(account.email, 'verify_email'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: serverMessages.emailVerified });
    expect((await getMe(t.app, cookie)).json().emailVerified).toBe(true);
  });

  it('stores only a hash of the emailed token', async () => {
    const { account, user } = await registerAccount(t.app, uniqueAccount('tokenhash'));
    const token = await tokenFromOutbox(account.email, 'verify_email');
    const [row] = await t.db.select().from(emailTokens).where(eq(emailTokens.userId, user.id));
    expect(row!.tokenHash).not.toBe(token);
    expect(row!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
  });

  it('works once: a used link answers 400', async () => {
    const { account } = await registerAccount(t.app, uniqueAccount('used'));
    const token = await tokenFromOutbox(account.email, 'verify_email');
    expect((await verify(token)).statusCode).toBe(200);
    const again = await verify(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: serverMessages.verifyLinkInvalid });
  });

  it('rejects an expired link with 400 and leaves the address unverified', async () => {
    const { account, user, cookie } = await registerAccount(t.app, uniqueAccount('expired'));
    const token = await tokenFromOutbox(account.email, 'verify_email');
    await t.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.userId, user.id));
    const res = await verify(token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: serverMessages.verifyLinkInvalid });
    expect((await getMe(t.app, cookie)).json().emailVerified).toBe(false);
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
    expect(res.json()).toEqual({ message: serverMessages.verifyLinkInvalid });
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

    expect((await verify(older)).statusCode).toBe(400);
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

  it('requires a signed-in user', async () => {
    const res = await resend();
    expect(res.statusCode).toBe(401);
  });
});
