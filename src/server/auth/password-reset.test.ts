import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMessages, validationMessages } from '../../common/messages';
import { emailLogs, emailTokens, sessions } from '../db/schema';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    RATE_LIMIT_REGISTER_PER_IP: '1000',
    RATE_LIMIT_LOGIN_PER_IP: '1000',
    RATE_LIMIT_LOGIN_PER_ACCOUNT: '1000',
    RATE_LIMIT_FORGOT_PER_IP: '1000',
    RATE_LIMIT_FORGOT_PER_ACCOUNT: '1000',
  });
});
afterAll(() => t.close());

let counter = 0;
async function signUp(prefix: string) {
  counter += 1;
  const account = {
    username: `${prefix}_${counter}`,
    email: `${prefix}.${counter}@example.com`,
    password: 'old-password',
  };
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/register',
    payload: { ...account, termsAccepted: true, privacyPolicyAccepted: true },
  });
  expect(res.statusCode).toBe(201);
  await t.app.background.drain();
  return {
    ...account,
    id: res.json().user.id as number,
    cookie: res.cookies.find((c) => c.name === 'parallax_session')!.value,
  };
}

const forgot = (email: string) => t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email } });
const reset = (token: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/reset-password', payload: { token, password } });
const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/me', cookies: { parallax_session: cookie } });

async function resetEmails(email: string) {
  return t.db
    .select()
    .from(emailLogs)
    .where(and(sql`lower(${emailLogs.to}) = ${email.toLowerCase()}`, eq(emailLogs.kind, 'reset_password')))
    .orderBy(desc(emailLogs.id));
}

/** Asks for a reset link and returns the token from the outbox email, as the user would click it. */
async function requestResetToken(email: string): Promise<string> {
  expect((await forgot(email)).statusCode).toBe(200);
  await t.app.background.drain();
  const [row] = await resetEmails(email);
  const match = /^http:\/\/parallax\.test\/reset-password\?token=(\S+)$/m.exec(row?.body ?? '');
  if (!match) throw new Error(`no reset link in the outbox for ${email}`);
  return decodeURIComponent(match[1]!);
}

describe('POST /api/forgot-password', () => {
  it('answers an existing and an unknown address identically, and emails only the existing one', async () => {
    const user = await signUp('forgot');
    const unknown = 'no.such.person@example.com';

    const known = await forgot(user.email);
    const missing = await forgot(unknown);
    expect(known.statusCode).toBe(200);
    expect(missing.statusCode).toBe(known.statusCode);
    expect(missing.body).toBe(known.body);
    expect(known.json()).toEqual({ message: serverMessages.forgotPasswordSent });

    await t.app.background.drain();
    const sent = await resetEmails(user.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ status: 'outbox', subject: 'Reset your Parallax password', to: user.email });
    expect(await resetEmails(unknown)).toHaveLength(0);
  });

  it('finds the account whatever the case of the address', async () => {
    const user = await signUp('forgotcase');
    expect((await forgot(user.email.toUpperCase())).statusCode).toBe(200);
    await t.app.background.drain();
    expect(await resetEmails(user.email)).toHaveLength(1);
  });

  it('rejects an invalid address with the spec message', async () => {
    const res = await forgot('not-an-email');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: validationMessages.email, errors: { email: validationMessages.email } });
  });

  it('makes the link expire after an hour', async () => {
    const user = await signUp('resetttl');
    await requestResetToken(user.email);
    const [row] = await t.db
      .select()
      .from(emailTokens)
      .where(and(eq(emailTokens.userId, user.id), eq(emailTokens.purpose, 'reset_password')));
    const minutes = (row!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60);
  });
});

describe('POST /api/reset-password', () => {
  it('sets the new password: the old one stops working and the new one signs in', async () => {
    const user = await signUp('reset');
    const token = await requestResetToken(user.email);

    const res = await reset(token, 'brand-new-password');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: serverMessages.passwordResetDone });

    expect((await login(user.email, user.password)).statusCode).toBe(401);
    const fresh = await login(user.email, 'brand-new-password');
    expect(fresh.statusCode).toBe(200);
    // Following a link sent to the address proves the address too.
    expect(fresh.json().emailVerified).toBe(true);
  });

  it('ends every session of the user', async () => {
    const user = await signUp('resetsessions');
    const second = (await login(user.email, user.password)).cookies.find((c) => c.name === 'parallax_session')!.value;
    expect((await me(user.cookie)).statusCode).toBe(200);
    expect((await me(second)).statusCode).toBe(200);

    expect((await reset(await requestResetToken(user.email), 'another-password')).statusCode).toBe(200);

    expect((await me(user.cookie)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });

  it('works once: the same link cannot set a password again', async () => {
    const user = await signUp('resetonce');
    const token = await requestResetToken(user.email);
    expect((await reset(token, 'first-new-password')).statusCode).toBe(200);

    const again = await reset(token, 'second-new-password');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: serverMessages.resetLinkInvalid });
    expect((await login(user.email, 'first-new-password')).statusCode).toBe(200);
    expect((await login(user.email, 'second-new-password')).statusCode).toBe(401);
  });

  it('rejects an expired link and keeps the old password', async () => {
    const user = await signUp('resetexpired');
    const token = await requestResetToken(user.email);
    await t.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.userId, user.id));

    const res = await reset(token, 'never-applied');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: serverMessages.resetLinkInvalid });
    expect((await login(user.email, user.password)).statusCode).toBe(200);
    expect((await login(user.email, 'never-applied')).statusCode).toBe(401);
  });

  it('rejects an unknown token', async () => {
    const res = await reset('y'.repeat(43), 'whatever-password');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: serverMessages.resetLinkInvalid });
  });

  it('does not accept an email-verification link', async () => {
    const user = await signUp('resetpurpose');
    const [row] = await t.db
      .select()
      .from(emailLogs)
      .where(and(eq(emailLogs.to, user.email), eq(emailLogs.kind, 'verify_email')));
    const verifyToken = decodeURIComponent(/\?token=(\S+)/.exec(row!.body!)![1]!);
    expect((await reset(verifyToken, 'hijacked-password')).statusCode).toBe(400);
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it('honours only the newest link when several were requested', async () => {
    const user = await signUp('resetnewest');
    const older = await requestResetToken(user.email);
    const newer = await requestResetToken(user.email);
    expect(newer).not.toBe(older);
    expect((await reset(older, 'from-older-link')).statusCode).toBe(400);
    expect((await reset(newer, 'from-newer-link')).statusCode).toBe(200);
    expect((await login(user.email, 'from-newer-link')).statusCode).toBe(200);
  });

  it('rejects a password shorter than 6 characters and leaves the link usable', async () => {
    const user = await signUp('resetshort');
    const token = await requestResetToken(user.email);
    const res = await reset(token, '12345');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: validationMessages.passwordMin,
      errors: { password: validationMessages.passwordMin },
    });
    expect((await reset(token, '123456')).statusCode).toBe(200);
  });

  it('requires a token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reset-password',
      payload: { password: 'long-enough' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ token: validationMessages.required });
  });
});
