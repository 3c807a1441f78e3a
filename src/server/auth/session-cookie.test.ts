import { describe, expect, it } from 'vitest';
import { getMe, login, registerAccount, relaxedRateLimits, uniqueAccount } from '../../../tests/helpers/accounts';
import { useTestApp } from '../../../tests/helpers/test-app';
import { SESSION_COOKIE, SESSION_TTL_MS } from './sessions';

// The session cookie as the browser sees it on the wire. The `cookie` package that writes and reads
// these headers is pinned to its Node 20 line through package.json "overrides" (decision 0045), so
// its exact output is checked here rather than through light-my-request's parsed view.

const t = useTestApp(relaxedRateLimits);
const secure = useTestApp({ ...relaxedRateLimits, APP_URL: 'https://parallax.example' });

const setCookieHeaders = (header: string | string[] | undefined) =>
  (Array.isArray(header) ? header : header === undefined ? [] : [header]).filter((line) =>
    line.startsWith(`${SESSION_COOKIE}=`),
  );

describe('the session cookie', () => {
  it('is set on sign-in as an HttpOnly, SameSite=Lax cookie for the whole site that lasts the session', async () => {
    const { account } = await registerAccount(t.app, uniqueAccount('wire'));
    const res = await login(t.app, account.email, account.password);
    const [line, ...others] = setCookieHeaders(res.headers['set-cookie']);
    expect(others).toEqual([]);
    expect(line).toMatch(
      new RegExp(
        `^${SESSION_COOKIE}=[A-Za-z0-9_-]{43}; Max-Age=${SESSION_TTL_MS / 1000}; Path=/; HttpOnly; SameSite=Lax$`,
      ),
    );
  });

  it('is marked Secure when the app is served over https', async () => {
    const { account } = await registerAccount(secure.app, uniqueAccount('secure'));
    const res = await login(secure.app, account.email, account.password);
    const [line] = setCookieHeaders(res.headers['set-cookie']);
    expect(line).toContain('; HttpOnly; Secure; SameSite=Lax');
  });

  it('is read from a Cookie header that carries other cookies around it', async () => {
    const { cookie } = await registerAccount(t.app, uniqueAccount('among'));
    const header = `theme=dark; ${cookie}; tracking=a%20b%3Bc`;
    const res = await getMe(t.app, header);
    expect(res.statusCode).toBe(200);
  });

  it('is cleared on sign-out with an empty value that expired in 1970', async () => {
    const { cookie } = await registerAccount(t.app, uniqueAccount('clear'));
    const res = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect(setCookieHeaders(res.headers['set-cookie'])).toEqual([
      `${SESSION_COOKIE}=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax`,
    ]);
    expect((await getMe(t.app, cookie)).statusCode).toBe(401);
  });
});
