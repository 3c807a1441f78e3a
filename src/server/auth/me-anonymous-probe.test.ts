import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ANONYMOUS_AS_NULL_HEADER } from '../../common/current-user';
import { sessions } from '../db/schema';
import {
  getMe,
  registerAccount,
  relaxedRateLimits,
  sessionCookieFor,
  sessionHeaders,
  uniqueAccount,
} from '../../../tests/helpers/accounts';
import { useTestApp } from '../../../tests/helpers/test-app';

const t = useTestApp(relaxedRateLimits);

/** GET /api/me as the app's page-load probe sends it (src/client/api/auth.ts). */
const currentUser = (cookie?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/me',
    headers: { ...sessionHeaders(cookie), [ANONYMOUS_AS_NULL_HEADER]: '1' },
  });

// The page's own probe (decision 0044): the same user, and 200 with null where a plain GET /api/me says 401.
describe('GET /api/me asked by the app (anonymous as null)', () => {
  it('answers 200 with null to an anonymous caller, while /api/me keeps its 401', async () => {
    const res = await currentUser();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBeNull();
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await getMe(t.app)).statusCode).toBe(401);
  });

  it('answers null to a made-up cookie', async () => {
    const res = await currentUser(sessionCookieFor('A'.repeat(43)));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBeNull();
  });

  it('answers the signed-in user exactly as /api/me does', async () => {
    const { account, user, cookie } = await registerAccount(t.app, uniqueAccount('current'));
    const res = await currentUser(cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, username: account.username, email: account.email, role: 'user' });
    expect(res.json()).toEqual((await getMe(t.app, cookie)).json());
  });

  it('renews a session in its second half and sends the cookie again', async () => {
    const { user, cookie } = await registerAccount(t.app, uniqueAccount('currentrenew'));
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 2 * 86_400_000) })
      .where(eq(sessions.userId, user.id));
    const res = await currentUser(cookie);
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'parallax_session')?.value).toBe(cookie.split('=')[1]);
    const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
  });
});
