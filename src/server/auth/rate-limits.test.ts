import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { serverMessages } from '../../common/messages';
import { emailLogs, users } from '../db/schema';
import { acceptedTerms, login, registerAccount, uniqueAccount } from '../../../tests/helpers/accounts';
import { useTestApp } from '../../../tests/helpers/test-app';

// Each check below uses its own client addresses (inject's remoteAddress), so the counters of
// one do not spill into another.
const t = useTestApp({
  RATE_LIMIT_LOGIN_PER_IP: '3',
  // registerAccount signs in once (registration signs nobody in: decision 0035), so each account
  // below has two attempts of its own left.
  RATE_LIMIT_LOGIN_PER_ACCOUNT: '3',
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

  it('limits attempts per account across addresses, whatever the case of the identifier', async () => {
    const user = await signUp('acctvictim', '10.2.0.99');
    expect((await loginFrom(user.email, 'wrong-password', '10.2.0.1')).statusCode).toBe(401);
    expect((await loginFrom(user.email.toUpperCase(), 'wrong-password', '10.2.0.2')).statusCode).toBe(401);

    expectLimited(await loginFrom(user.email, password, '10.2.0.3'));
    expectLimited(await loginFrom(` ${user.email.toUpperCase()} `, password, '10.2.0.4'));

    // Another account from a fresh address is not affected.
    const other = await signUp('acctother', '10.2.0.98');
    expect((await loginFrom(other.email, password, '10.2.0.5')).statusCode).toBe(200);
  });

  it('counts the email and the username of one account together', async () => {
    const user = await signUp('bothnames', '10.3.0.99');
    expect((await loginFrom(user.email, 'wrong-password', '10.3.0.1')).statusCode).toBe(401);
    expect((await loginFrom(user.username, 'wrong-password', '10.3.0.2')).statusCode).toBe(401);
    expectLimited(await loginFrom(user.username.toUpperCase(), password, '10.3.0.3'));
    expectLimited(await loginFrom(user.email, password, '10.3.0.4'));
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
