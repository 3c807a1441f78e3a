import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { serverMessages } from '../../common/messages';
import { emailLogs, users } from '../db/schema';
import { acceptedTerms, login, registerAccount, uniqueAccount } from '../../../tests/helpers/accounts';
import { useTestApp } from '../../../tests/helpers/test-app';
import { createOrPromoteAdmin } from '../cli/create-admin';

// Each check below uses its own client addresses (inject's remoteAddress), so the counters of
// one do not spill into another.
const t = useTestApp({
  RATE_LIMIT_LOGIN_PER_IP: '3',
  RATE_LIMIT_LOGIN_PER_ACCOUNT: '3',
  RATE_LIMIT_LOGIN_BACKOFF_MAX_SECONDS: '8',
  RATE_LIMIT_REGISTER_PER_IP: '2',
  RATE_LIMIT_FORGOT_PER_IP: '3',
  RATE_LIMIT_FORGOT_PER_ACCOUNT: '2',
});

const password = 'secret-pass';
const signUp = async (prefix: string, ip: string) =>
  (await registerAccount(t.app, { ...uniqueAccount(prefix), password }, { remoteAddress: ip })).account;
const loginFrom = (identifier: string, pw: string, ip: string) => login(t.app, identifier, pw, { remoteAddress: ip });
const forgot = (email: string, ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/forgot-password', remoteAddress: ip, payload: { email } });

/** The 15-minute window of the default configuration, said in words. */
const waitMessage = 'Too many attempts. Please wait 15 minutes and try again.';

function expectLimited(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ message: waitMessage });
  expect(waitMessage).toBe(serverMessages.tooManyRequests.replace('{wait}', '15 minutes'));
  const retryAfter = Number(res.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  expect(res.cookies).toHaveLength(0);
}

describe('login', () => {
  it('limits attempts per client address, even with the right password, but not other addresses', async () => {
    const user = await signUp('ipvictim', '10.1.0.99');
    const ip = '10.1.0.1';
    // Different (unknown) accounts each time, so only the per-address limit can trip.
    for (let i = 0; i < 3; i++) expect((await loginFrom(`stranger${i}`, 'wrong-password', ip)).statusCode).toBe(401);

    expectLimited(await loginFrom(user.email, password, ip));
    expect((await loginFrom(user.email, password, '10.1.0.2')).statusCode).toBe(200);
  });

  // Per account only failures count, and past RATE_LIMIT_LOGIN_PER_ACCOUNT (3 here) each further
  // failure answers 429 with a wait that doubles; the right password still signs in (decision 0060).
  it('signs the owner in at once with the right password after many wrong ones from anywhere', async () => {
    const user = await signUp('acctvictim', '10.2.0.99');
    for (let i = 0; i < 12; i++) await loginFrom(user.email, 'wrong-password', `10.2.1.${i}`);
    const res = await loginFrom(user.email, password, '10.2.0.3');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.cookies.some((c) => c.name === 'parallax_session')).toBe(true);
  });

  it('answers failures past the per-account budget with a 429 whose wait doubles, across names and cases', async () => {
    const user = await signUp('acctbackoff', '10.2.2.99');
    const tries = [user.email, user.username, user.email.toUpperCase(), ` ${user.username} `, user.email, user.email];
    const answers = [];
    for (const [i, identifier] of tries.entries())
      answers.push(await loginFrom(identifier, 'wrong-password', `10.2.2.${i}`));
    expect(answers.slice(0, 3).map((r) => r.statusCode)).toEqual([401, 401, 401]);
    expect(answers[0]!.json()).toEqual({ message: serverMessages.invalidCredentials });
    expect(answers.slice(3).map((r) => r.statusCode)).toEqual([429, 429, 429]);
    expect(answers.slice(3).map((r) => r.headers['retry-after'])).toEqual(['1', '2', '4']);
    expect(answers[5]!.json()).toEqual({ message: serverMessages.signInBackoff.replace('{wait}', '4 seconds') });
    expect(answers.every((r) => r.cookies.length === 0)).toBe(true);
    // The wait stops growing at RATE_LIMIT_LOGIN_BACKOFF_MAX_SECONDS (8 here).
    for (let i = 0; i < 3; i++) await loginFrom(user.email, 'wrong-password', `10.2.3.${i}`);
    expect((await loginFrom(user.email, 'wrong-password', '10.2.3.9')).headers['retry-after']).toBe('8');
    // Another account is not affected.
    const other = await signUp('acctother', '10.2.0.98');
    expect((await loginFrom(other.email, 'wrong-password', '10.2.0.5')).statusCode).toBe(401);
  });

  it('answers an unknown name the same way, so the back-off does not tell which accounts exist', async () => {
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await loginFrom('nobody_here', 'wrong-password', `10.2.4.${i}`));
    expect(answers.map((r) => r.statusCode)).toEqual([401, 401, 401, 429, 429]);
    expect(answers.slice(3).map((r) => r.headers['retry-after'])).toEqual(['1', '2']);
  });

  it('never locks an administrator out either', async () => {
    const admin = uniqueAccount('lockedadmin');
    await createOrPromoteAdmin(t.db, 33, admin);
    for (let i = 0; i < 12; i++) await loginFrom(admin.username, 'wrong-password', `10.2.5.${i}`);
    expect((await loginFrom(admin.email, 'wrong-password', '10.2.5.99')).statusCode).toBe(429);
    const res = await loginFrom(admin.username, admin.password, '10.2.5.98');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ isAdmin: true });
  });
});

describe('register', () => {
  it('limits sign-ups per client address', async () => {
    const ip = '10.3.0.1';
    await signUp('regip', ip);
    await signUp('regip', ip);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      remoteAddress: ip,
      payload: { username: 'regip_blocked', email: 'regip.blocked@example.com', password, ...acceptedTerms },
    });
    expectLimited(res);
    expect(await t.db.select().from(users).where(eq(users.username, 'regip_blocked'))).toHaveLength(0);
    await signUp('regip', '10.3.0.2');
  });
});

describe('forgot-password', () => {
  const resetEmailsTo = (email: string) =>
    t.db
      .select()
      .from(emailLogs)
      .where(and(eq(emailLogs.to, email), eq(emailLogs.kind, 'reset_password')));

  it('limits requests per client address', async () => {
    const user = await signUp('forgotip', '10.4.0.99');
    const ip = '10.4.0.1';
    for (let i = 0; i < 3; i++) expect((await forgot(`someone.${i}@example.com`, ip)).statusCode).toBe(200);
    expectLimited(await forgot(user.email, ip));
    await t.app.background.drain();
    expect(await resetEmailsTo(user.email)).toHaveLength(0);
    expect((await forgot(user.email, '10.4.0.2')).statusCode).toBe(200);
  });

  it('limits requests per account across addresses, so an inbox cannot be flooded', async () => {
    const user = await signUp('forgotacct', '10.5.0.99');
    expect((await forgot(user.email, '10.5.0.1')).statusCode).toBe(200);
    expect((await forgot(user.email.toUpperCase(), '10.5.0.2')).statusCode).toBe(200);
    expectLimited(await forgot(user.email, '10.5.0.3'));
    await t.app.background.drain();
    expect(await resetEmailsTo(user.email)).toHaveLength(2);
  });

  it('limits an unknown address the same way, so the limit does not reveal which accounts exist', async () => {
    const unknown = 'not.registered@example.com';
    expect((await forgot(unknown, '10.6.0.1')).statusCode).toBe(200);
    expect((await forgot(unknown, '10.6.0.2')).statusCode).toBe(200);
    expectLimited(await forgot(unknown, '10.6.0.3'));
  });
});

describe('resend-verification', () => {
  const resendFrom = (ip: string, { cookie, email }: { cookie?: string; email?: string }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/resend-verification',
      remoteAddress: ip,
      headers: cookie ? { cookie } : {},
      ...(email !== undefined && { payload: { email } }),
    });
  const verificationEmailsTo = async (email: string) => {
    await t.app.background.drain();
    return t.db
      .select()
      .from(emailLogs)
      .where(and(eq(emailLogs.to, email), eq(emailLogs.kind, 'verify_email')));
  };

  it('limits new links per account, signed in or by address, across client addresses', async () => {
    const { account, cookie } = await registerAccount(t.app, uniqueAccount('resendacct'), {
      remoteAddress: '10.7.0.99',
    });
    expect((await resendFrom('10.7.0.1', { cookie })).statusCode).toBe(200);
    // Signed out with the same address in another case: the same budget.
    expect((await resendFrom('10.7.0.2', { email: account.email.toUpperCase() })).statusCode).toBe(200);
    expectLimited(await resendFrom('10.7.0.3', { cookie }));
    expectLimited(await resendFrom('10.7.0.4', { email: account.email }));
    // The registration's link and two new ones.
    expect(await verificationEmailsTo(account.email)).toHaveLength(3);
  });

  it('limits new links per client address, for unknown addresses too', async () => {
    const ip = '10.8.0.1';
    for (let i = 0; i < 3; i++)
      expect((await resendFrom(ip, { email: `nobody.${i}@example.com` })).statusCode).toBe(200);
    const { account, cookie } = await registerAccount(t.app, uniqueAccount('resendip'), { remoteAddress: '10.8.0.99' });
    expectLimited(await resendFrom(ip, { cookie }));
    expect(await verificationEmailsTo(account.email)).toHaveLength(1);
    expect((await resendFrom('10.8.0.2', { cookie })).statusCode).toBe(200);
  });
});
