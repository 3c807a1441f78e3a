import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMessages, validationMessages } from '../../common/messages';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    RATE_LIMIT_REGISTER_PER_IP: '1000',
    RATE_LIMIT_LOGIN_PER_IP: '1000',
    RATE_LIMIT_LOGIN_PER_ACCOUNT: '1000',
  });
});
afterAll(() => t.close());

let counter = 0;
async function signUp(prefix: string) {
  counter += 1;
  const account = {
    username: `${prefix}_${counter}`,
    email: `${prefix}.${counter}@example.com`,
    password: 'current-password',
  };
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/register',
    payload: { ...account, termsAccepted: true, privacyPolicyAccepted: true },
  });
  expect(res.statusCode).toBe(201);
  return account;
}

async function login(email: string, password: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
  return { status: res.statusCode, cookie: res.cookies.find((c) => c.name === 'parallax_session')?.value };
}

const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/me', cookies: { parallax_session: cookie } });
const change = (cookie: string | undefined, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/change-password',
    payload,
    ...(cookie ? { cookies: { parallax_session: cookie } } : {}),
  });

describe('POST /api/change-password', () => {
  it('requires a signed-in user', async () => {
    const res = await change(undefined, { currentPassword: 'current-password', newPassword: 'new-password' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: serverMessages.notAuthenticated });
  });

  it('rejects a wrong current password with 400 and keeps the old password', async () => {
    const user = await signUp('wrongcurrent');
    const { cookie } = await login(user.email, user.password);
    const res = await change(cookie, { currentPassword: 'not-my-password', newPassword: 'new-password' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: serverMessages.currentPasswordWrong,
      errors: { currentPassword: serverMessages.currentPasswordWrong },
    });
    expect((await login(user.email, user.password)).status).toBe(200);
    expect((await login(user.email, 'new-password')).status).toBe(401);
  });

  it('rejects a new password shorter than 6 characters with the spec message', async () => {
    const user = await signUp('tooshort');
    const { cookie } = await login(user.email, user.password);
    const res = await change(cookie, { currentPassword: user.password, newPassword: '12345' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: validationMessages.changePasswordTooShort,
      errors: { newPassword: validationMessages.changePasswordTooShort },
    });
  });

  it('changes the password, keeps this session and ends the user\u2019s other sessions', async () => {
    const user = await signUp('change');
    const here = await login(user.email, user.password);
    const elsewhere = await login(user.username, user.password);
    expect((await me(elsewhere.cookie!)).statusCode).toBe(200);

    const res = await change(here.cookie, { currentPassword: user.password, newPassword: 'replacement-password' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: serverMessages.passwordChanged });

    expect((await me(here.cookie!)).statusCode).toBe(200);
    expect((await me(elsewhere.cookie!)).statusCode).toBe(401);
    expect((await login(user.email, user.password)).status).toBe(401);
    expect((await login(user.email, 'replacement-password')).status).toBe(200);
  });

  it('leaves other users\u2019 sessions alone', async () => {
    const alice = await signUp('alice');
    const bob = await signUp('bob');
    const aliceSession = await login(alice.email, alice.password);
    const bobSession = await login(bob.email, bob.password);
    expect(
      (await change(aliceSession.cookie, { currentPassword: alice.password, newPassword: 'alice-new-password' }))
        .statusCode,
    ).toBe(200);
    expect((await me(bobSession.cookie!)).statusCode).toBe(200);
    expect((await login(bob.email, bob.password)).status).toBe(200);
  });
});
