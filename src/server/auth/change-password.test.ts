import { describe, expect, it } from 'vitest';
import { serverMessages, validationMessages } from '../../common/messages';
import {
  getMe,
  login,
  registerAccount,
  relaxedRateLimits,
  sessionCookie,
  sessionHeaders,
  uniqueAccount,
} from '../../../tests/helpers/accounts';
import { useTestApp } from '../../../tests/helpers/test-app';

const t = useTestApp(relaxedRateLimits);

const change = (cookie: string | undefined, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/change-password', payload, headers: sessionHeaders(cookie) });

describe('POST /api/change-password', () => {
  it('requires a signed-in user', async () => {
    const res = await change(undefined, { currentPassword: 'current-password', newPassword: 'new-password' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: serverMessages.notAuthenticated });
  });

  it('rejects a wrong current password with 400 and keeps the old password', async () => {
    const { account } = await registerAccount(t.app, uniqueAccount('wrongcurrent'));
    const cookie = sessionCookie(await login(t.app, account.email, account.password));
    const res = await change(cookie, { currentPassword: 'not-my-password', newPassword: 'new-password' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: serverMessages.currentPasswordWrong,
      errors: { currentPassword: serverMessages.currentPasswordWrong },
    });
    expect((await login(t.app, account.email, account.password)).statusCode).toBe(200);
    expect((await login(t.app, account.email, 'new-password')).statusCode).toBe(401);
  });

  it('rejects a new password shorter than 6 characters with the documented message', async () => {
    const { account } = await registerAccount(t.app, uniqueAccount('tooshort'));
    const cookie = sessionCookie(await login(t.app, account.email, account.password));
    const res = await change(cookie, { currentPassword: account.password, newPassword: '12345' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: validationMessages.changePasswordTooShort,
      errors: { newPassword: validationMessages.changePasswordTooShort },
    });
  });

  it('changes the password, keeps this session and ends the user\u2019s other sessions', async () => {
    const { account } = await registerAccount(t.app, uniqueAccount('change'));
    const here = sessionCookie(await login(t.app, account.email, account.password));
    const elsewhere = sessionCookie(await login(t.app, account.username, account.password));
    expect((await getMe(t.app, elsewhere)).statusCode).toBe(200);

    const res = await change(here, { currentPassword: account.password, newPassword: 'replacement-password' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: serverMessages.passwordChanged });

    expect((await getMe(t.app, here)).statusCode).toBe(200);
    expect((await getMe(t.app, elsewhere)).statusCode).toBe(401);
    expect((await login(t.app, account.email, account.password)).statusCode).toBe(401);
    expect((await login(t.app, account.email, 'replacement-password')).statusCode).toBe(200);
  });

  it('leaves other users\u2019 sessions alone', async () => {
    const { account: alice } = await registerAccount(t.app, uniqueAccount('alice'));
    const { account: bob } = await registerAccount(t.app, uniqueAccount('bob'));
    const aliceSession = sessionCookie(await login(t.app, alice.email, alice.password));
    const bobSession = sessionCookie(await login(t.app, bob.email, bob.password));
    expect(
      (await change(aliceSession, { currentPassword: alice.password, newPassword: 'alice-new-password' })).statusCode,
    ).toBe(200);
    expect((await getMe(t.app, bobSession)).statusCode).toBe(200);
    expect((await login(t.app, bob.email, bob.password)).statusCode).toBe(200);
  });
});
