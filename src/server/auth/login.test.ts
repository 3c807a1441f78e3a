import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { serverMessages, validationMessages } from '../../common/messages';
import { getMe, login, registerAccount, relaxedRateLimits, sessionCookie } from '../../../tests/helpers/accounts';
import { useTestApp } from '../../../tests/helpers/test-app';

const t = useTestApp(relaxedRateLimits);
const account = { username: 'LoginUser', email: 'Login.User@Example.com', password: 'correct horse' };

beforeAll(async () => {
  await registerAccount(t.app, account);
});

function expectSignedIn(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(200);
  const body = res.json();
  expect(body).toMatchObject({ username: account.username, email: account.email, isAdmin: false, role: 'user' });
  expect(res.body).not.toContain('$argon2');
  const cookie = res.cookies.find((c) => c.name === 'parallax_session');
  expect(cookie?.httpOnly).toBe(true);
  expect(cookie?.sameSite).toBe('Lax');
  return sessionCookie(res);
}

describe('POST /api/login', () => {
  it('signs in by email, whatever its case, and the cookie then works on /api/me', async () => {
    for (const email of [account.email, account.email.toLowerCase(), account.email.toUpperCase()]) {
      const cookie = expectSignedIn(await login(t.app, email, account.password));
      const me = await getMe(t.app, cookie);
      expect(me.statusCode).toBe(200);
      expect(me.json().username).toBe(account.username);
    }
  });

  it('signs in by username, whatever its case', async () => {
    expectSignedIn(await login(t.app, 'loginuser', account.password));
    expectSignedIn(await login(t.app, 'LOGINUSER', account.password));
  });

  it('ignores spaces around the identifier', async () => {
    expectSignedIn(await login(t.app, `  ${account.email}  `, account.password));
  });

  it('gives each sign-in its own session', async () => {
    const a = expectSignedIn(await login(t.app, account.username, account.password));
    const b = expectSignedIn(await login(t.app, account.username, account.password));
    expect(a).not.toBe(b);
  });

  it('answers a wrong password and an unknown account alike: 401 with the same message and no cookie', async () => {
    const wrongPassword = await login(t.app, account.email, 'wrong password');
    const unknownEmail = await login(t.app, 'nobody@example.com', account.password);
    const unknownUsername = await login(t.app, 'nobody', account.password);
    for (const res of [wrongPassword, unknownEmail, unknownUsername]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: serverMessages.invalidCredentials });
      expect(res.cookies).toHaveLength(0);
    }
  });

  it('does not accept the password in another case', async () => {
    const res = await login(t.app, account.email, account.password.toUpperCase());
    expect(res.statusCode).toBe(401);
  });

  it.each([
    [
      'an identifier shorter than 3 characters',
      { email: 'ab', password: 'whatever' },
      'email',
      validationMessages.loginIdentifier,
    ],
    ['a blank identifier', { email: '   ', password: 'whatever' }, 'email', validationMessages.loginIdentifier],
    [
      'a password shorter than 6 characters',
      { email: account.email, password: '12345' },
      'password',
      validationMessages.passwordMin,
    ],
  ])('rejects %s with 400 and the documented message', async (_label, payload, field, message) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, errors: { [field]: message } });
  });

  it('rejects a body that is not JSON with 400, not 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().message).toBe('string');
  });

  it('marks the answer as not cacheable', async () => {
    const res = await login(t.app, account.email, account.password);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
