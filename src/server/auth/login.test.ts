import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMessages, validationMessages } from '../../common/messages';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

let t: TestApp;
const account = { username: 'LoginUser', email: 'Login.User@Example.com', password: 'correct horse' };

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_LOGIN_PER_IP: '1000', RATE_LIMIT_LOGIN_PER_ACCOUNT: '1000' });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/register',
    payload: { ...account, termsAccepted: true, privacyPolicyAccepted: true },
  });
  expect(res.statusCode).toBe(201);
});
afterAll(() => t.close());

const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });

function expectSignedIn(res: Awaited<ReturnType<typeof login>>) {
  expect(res.statusCode).toBe(200);
  const body = res.json();
  expect(body).toMatchObject({ username: account.username, email: account.email, isAdmin: false, role: 'user' });
  expect(res.body).not.toContain('$argon2');
  const cookie = res.cookies.find((c) => c.name === 'parallax_session');
  expect(cookie?.httpOnly).toBe(true);
  expect(cookie?.sameSite).toBe('Lax');
  return cookie!.value;
}

describe('POST /api/login', () => {
  it('signs in by email, whatever its case, and the cookie then works on /api/me', async () => {
    for (const email of [account.email, account.email.toLowerCase(), account.email.toUpperCase()]) {
      const token = expectSignedIn(await login(email, account.password));
      const me = await t.app.inject({ method: 'GET', url: '/api/me', cookies: { parallax_session: token } });
      expect(me.statusCode).toBe(200);
      expect(me.json().username).toBe(account.username);
    }
  });

  it('signs in by username, whatever its case', async () => {
    expectSignedIn(await login('loginuser', account.password));
    expectSignedIn(await login('LOGINUSER', account.password));
  });

  it('ignores spaces around the identifier', async () => {
    expectSignedIn(await login(`  ${account.email}  `, account.password));
  });

  it('gives each sign-in its own session', async () => {
    const a = expectSignedIn(await login(account.username, account.password));
    const b = expectSignedIn(await login(account.username, account.password));
    expect(a).not.toBe(b);
  });

  it('answers a wrong password and an unknown account alike: 401 with the same message and no cookie', async () => {
    const wrongPassword = await login(account.email, 'wrong password');
    const unknownEmail = await login('nobody@example.com', account.password);
    const unknownUsername = await login('nobody', account.password);
    for (const res of [wrongPassword, unknownEmail, unknownUsername]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: serverMessages.invalidCredentials });
      expect(res.cookies).toHaveLength(0);
    }
  });

  it('does not accept the password in another case', async () => {
    const res = await login(account.email, account.password.toUpperCase());
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
  ])('rejects %s with 400 and the spec message', async (_label, payload, field, message) => {
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
    const res = await login(account.email, account.password);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
