import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminServerMessages } from '../../common/admin-messages';
import { EMERGENCY_TOKEN_HEADER } from '../../common/emergency-schemas';
import { serverMessages } from '../../common/messages';
import { users } from '../db/schema';
import { registerAccount, relaxedRateLimits, uniqueAccount } from '../../../tests/helpers/accounts';
import { adminCall, signInAdmin, type SignedInAdmin } from '../../../tests/helpers/admins';
import { servedRoutes as servedRouteList } from '../../../tests/helpers/served-routes';
import { createTestApp, useTestApp } from '../../../tests/helpers/test-app';

// The authorization matrix (docs/architecture.md, "Security rules"): every admin call as an anonymous visitor, a
// signed-in user and an admin, and every break-glass call with and without its token. The list of
// calls is checked against the routes the app really serves, so a new admin route cannot skip it.

const TOKEN = 'matrix-emergency-token-0123456789abcdef';
const t = useTestApp({ ...relaxedRateLimits, EMERGENCY_ADMIN_TOKEN: TOKEN });

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Call {
  method: Method;
  /** The route as Fastify knows it, with :params. */
  route: string;
  /** The concrete URL and body for the admin's call, made fresh so destructive calls have a target. */
  build: () => Promise<{ url: string; payload?: object }>;
  /** The admin's expected status. */
  adminStatus: number;
}

let admin: SignedInAdmin;
let userCookie: string;

async function victim(): Promise<number> {
  return (await registerAccount(t.app, uniqueAccount('victim'))).user.id;
}
const fixed = (url: string, payload?: object) => async () => ({ url, payload });
const onVictim = (path: (id: number) => string, payload?: object) => async () => ({
  url: path(await victim()),
  payload,
});

let planCounter = 0;
const newPlan = () => ({
  name: `matrix-plan-${++planCounter}`,
  displayName: 'Matrix',
  price: 100,
  limits: { queries: 5 },
});

const adminCalls: Call[] = [
  { method: 'GET', route: '/api/admin/users', build: fixed('/api/admin/users'), adminStatus: 200 },
  {
    method: 'GET',
    route: '/api/admin/users/:id/allowance-history',
    build: onVictim((id) => `/api/admin/users/${id}/allowance-history`),
    adminStatus: 200,
  },
  {
    method: 'PUT',
    route: '/api/admin/users/:id',
    build: onVictim((id) => `/api/admin/users/${id}`, { freeQuestionsRemaining: 5 }),
    adminStatus: 200,
  },
  {
    method: 'DELETE',
    route: '/api/admin/users/:id',
    build: onVictim((id) => `/api/admin/users/${id}`),
    adminStatus: 200,
  },
  {
    method: 'POST',
    route: '/api/admin/users/:id/toggle-admin',
    build: onVictim((id) => `/api/admin/users/${id}/toggle-admin`, { isAdmin: true }),
    adminStatus: 200,
  },
  {
    method: 'POST',
    route: '/api/admin/users/:id/reset-password',
    build: onVictim((id) => `/api/admin/users/${id}/reset-password`),
    adminStatus: 200,
  },
  {
    method: 'POST',
    route: '/api/admin/sync-stripe-subscriptions',
    build: fixed('/api/admin/sync-stripe-subscriptions'),
    // Payments are not configured in this app: the admin gets past the check and hears why.
    adminStatus: 503,
  },
  {
    method: 'GET',
    route: '/api/admin/sync-stripe-subscriptions/latest',
    build: fixed('/api/admin/sync-stripe-subscriptions/latest'),
    adminStatus: 200,
  },
  {
    method: 'GET',
    route: '/api/admin/sync-stripe-subscriptions/:id',
    // No sync ran here: the admin gets past the check and hears there is no such one.
    build: fixed('/api/admin/sync-stripe-subscriptions/1'),
    adminStatus: 404,
  },
  { method: 'GET', route: '/api/admin/dashboard', build: fixed('/api/admin/dashboard'), adminStatus: 200 },
  {
    method: 'GET',
    route: '/api/admin/leaderboard/daily',
    build: fixed('/api/admin/leaderboard/daily?days=7'),
    adminStatus: 200,
  },
  { method: 'GET', route: '/api/admin/payments', build: fixed('/api/admin/payments'), adminStatus: 200 },
  {
    method: 'GET',
    route: '/api/admin/subscription-events',
    build: fixed('/api/admin/subscription-events'),
    adminStatus: 200,
  },
  {
    method: 'GET',
    route: '/api/admin/abandoned-checkouts',
    build: fixed('/api/admin/abandoned-checkouts'),
    adminStatus: 200,
  },
  {
    method: 'GET',
    route: '/api/admin/subscription-plans',
    build: fixed('/api/admin/subscription-plans'),
    adminStatus: 200,
  },
  {
    method: 'POST',
    route: '/api/admin/subscription-plans',
    build: async () => ({ url: '/api/admin/subscription-plans', payload: newPlan() }),
    adminStatus: 201,
  },
  {
    method: 'PUT',
    route: '/api/admin/subscription-plans/:id',
    build: fixed('/api/admin/subscription-plans/basic', { isActive: true }),
    adminStatus: 200,
  },
  { method: 'GET', route: '/api/admin/ai-models', build: fixed('/api/admin/ai-models'), adminStatus: 200 },
  {
    method: 'POST',
    route: '/api/admin/ai-models/:model/check',
    build: fixed('/api/admin/ai-models/llama/check'),
    adminStatus: 200,
  },
  {
    method: 'PUT',
    route: '/api/admin/ai-models/:model/version',
    build: fixed('/api/admin/ai-models/deepseek/version', { version: 'deepseek-reasoner' }),
    adminStatus: 200,
  },
  { method: 'GET', route: '/api/admin/model-prices', build: fixed('/api/admin/model-prices'), adminStatus: 200 },
  {
    method: 'PUT',
    route: '/api/admin/model-prices/:model',
    build: fixed('/api/admin/model-prices/chatgpt', { version: 'gpt-4o', inputPerMillion: 2.5, outputPerMillion: 10 }),
    adminStatus: 200,
  },
  { method: 'GET', route: '/api/admin/model-costs', build: fixed('/api/admin/model-costs'), adminStatus: 200 },
  { method: 'GET', route: '/api/admin/web-search', build: fixed('/api/admin/web-search'), adminStatus: 200 },
  {
    method: 'PUT',
    route: '/api/admin/web-search',
    build: fixed('/api/admin/web-search', { allowed: true }),
    adminStatus: 200,
  },
  { method: 'GET', route: '/api/admin/email-settings', build: fixed('/api/admin/email-settings'), adminStatus: 200 },
  {
    method: 'POST',
    route: '/api/admin/email-settings',
    build: fixed('/api/admin/email-settings', { sendgridFromEmail: 'team@parallax.test', sendgridFromName: 'Team' }),
    adminStatus: 200,
  },
  {
    method: 'POST',
    route: '/api/admin/send-test-email',
    build: fixed('/api/admin/send-test-email', { email: 'ops@parallax.test' }),
    adminStatus: 200,
  },
  { method: 'GET', route: '/api/admin/email-logs', build: fixed('/api/admin/email-logs'), adminStatus: 200 },
  { method: 'GET', route: '/api/admin/stripe-keys', build: fixed('/api/admin/stripe-keys'), adminStatus: 200 },
  {
    method: 'POST',
    route: '/api/admin/stripe-keys',
    build: fixed('/api/admin/stripe-keys', { mode: 'test', publicKey: 'pk_test_matrix' }),
    adminStatus: 200,
  },
  { method: 'GET', route: '/api/admin/webhook-key', build: fixed('/api/admin/webhook-key'), adminStatus: 200 },
  {
    method: 'POST',
    route: '/api/admin/generate-webhook-key',
    build: fixed('/api/admin/generate-webhook-key'),
    adminStatus: 200,
  },
  { method: 'GET', route: '/api/admin/admin-users', build: fixed('/api/admin/admin-users'), adminStatus: 200 },
  {
    method: 'POST',
    route: '/api/admin/admin-users',
    build: async () => {
      const account = uniqueAccount('newadmin');
      return { url: '/api/admin/admin-users', payload: { ...account, sendWelcomeEmail: false } };
    },
    adminStatus: 201,
  },
  {
    method: 'DELETE',
    route: '/api/admin/admin-users/:id',
    build: async () => {
      const id = await victim();
      await t.db.update(users).set({ role: 'admin', isAdmin: true }).where(eq(users.id, id));
      return { url: `/api/admin/admin-users/${id}` };
    },
    adminStatus: 200,
  },
  // Last: it ends the admin's own session (they become the user), so the matrix signs in again after it.
  {
    method: 'POST',
    route: '/api/admin/login-as/:id',
    build: onVictim((id) => `/api/admin/login-as/${id}`),
    adminStatus: 200,
  },
];

/** Every route the app serves, as 'METHOD /path'. */
const servedRoutes = () => servedRouteList(t.app).map((r) => `${r.method} ${r.url}`);

beforeAll(async () => {
  admin = await signInAdmin(t.app, t.db);
  userCookie = (await registerAccount(t.app, uniqueAccount('plain'))).cookie;
});

describe('the admin calls', () => {
  it('cover every /api/admin route the app serves', () => {
    const served = servedRoutes().filter((r) => r.includes(' /api/admin/'));
    const listed = [...adminCalls.map((c) => `${c.method} ${c.route}`), 'POST /api/admin/end-impersonation'];
    expect(served.sort()).toEqual(listed.sort());
  });

  it.each(adminCalls)('$method $route: 401 anonymous, 403 for a user, $adminStatus for an admin', async (call) => {
    const { url, payload } = await call.build();
    const anonymous = await adminCall(t.app, undefined, call.method, url, payload);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: serverMessages.notAuthenticated });

    const asUser = await adminCall(t.app, userCookie, call.method, url, payload);
    expect(asUser.statusCode).toBe(403);
    expect(asUser.json()).toEqual({ message: serverMessages.forbidden });

    const asAdmin = await adminCall(t.app, admin.cookie, call.method, url, payload);
    expect(asAdmin.statusCode, asAdmin.body).toBe(call.adminStatus);
  });

  it('refuses a user before any effect: a user cannot delete, promote or edit anyone', async () => {
    const target = await victim();
    const before = (await t.db.select().from(users).where(eq(users.id, target)))[0]!;
    await adminCall(t.app, userCookie, 'DELETE', `/api/admin/users/${target}`);
    await adminCall(t.app, userCookie, 'POST', `/api/admin/users/${target}/toggle-admin`, { isAdmin: true });
    await adminCall(t.app, userCookie, 'PUT', `/api/admin/users/${target}`, { paidQuestionsRemaining: -1 });
    const after = (await t.db.select().from(users).where(eq(users.id, target)))[0];
    expect(after).toEqual(before);
  });

  it('end-impersonation: 401 anonymous, 403 for a session that is not an impersonation', async () => {
    const anonymous = await adminCall(t.app, undefined, 'POST', '/api/admin/end-impersonation');
    expect(anonymous.statusCode).toBe(401);
    const fresh = await signInAdmin(t.app, t.db);
    for (const cookie of [userCookie, fresh.cookie]) {
      const res = await adminCall(t.app, cookie, 'POST', '/api/admin/end-impersonation');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: adminServerMessages.notImpersonating });
    }
  });
});

describe('the break-glass calls', () => {
  const breakGlass = async () => {
    const target = await signInAdmin(t.app, t.db);
    return [
      { method: 'GET' as const, url: '/api/list-all-admins', status: 200 },
      {
        method: 'POST' as const,
        url: '/api/debug-password-compare',
        payload: { password: target.account.password, userId: target.user.id },
        status: 200,
      },
      { method: 'POST' as const, url: `/api/force-admin-login/${target.user.id}`, status: 200 },
      {
        method: 'POST' as const,
        url: '/api/create-emergency-admin',
        payload: { username: `glass_${target.user.id}`, password: 'glass-pass-1' },
        status: 201,
      },
    ];
  };

  it('cover every break-glass route the app serves', () => {
    const served = servedRoutes().filter((r) =>
      /(list-all-admins|debug-password-compare|force-admin-login|create-emergency-admin)/.test(r),
    );
    expect(served.sort()).toEqual(
      [
        'GET /api/list-all-admins',
        'POST /api/debug-password-compare',
        'POST /api/force-admin-login/:id',
        'POST /api/create-emergency-admin',
      ].sort(),
    );
  });

  it('answer 401 without the token, even to an admin, and succeed with it', async () => {
    const signedInAdmin = await signInAdmin(t.app, t.db);
    for (const call of await breakGlass()) {
      for (const cookie of [undefined, signedInAdmin.cookie]) {
        const without = await t.app.inject({
          method: call.method,
          url: call.url,
          headers: cookie ? { cookie } : {},
          ...(call.payload && { payload: call.payload }),
        });
        expect(without.statusCode, `${call.method} ${call.url}`).toBe(401);
      }
      const withToken = await t.app.inject({
        method: call.method,
        url: call.url,
        headers: { [EMERGENCY_TOKEN_HEADER]: TOKEN },
        ...(call.payload && { payload: call.payload }),
      });
      expect(withToken.statusCode, `${call.method} ${call.url}: ${withToken.body}`).toBe(call.status);
    }
  });

  it('answer 404 with or without a token when the server has no EMERGENCY_ADMIN_TOKEN', async () => {
    const off = await createTestApp(relaxedRateLimits);
    try {
      const target = await signInAdmin(off.app, off.db);
      const calls = [
        { method: 'GET' as const, url: '/api/list-all-admins' },
        { method: 'POST' as const, url: '/api/debug-password-compare', payload: { password: 'x', userId: 1 } },
        { method: 'POST' as const, url: `/api/force-admin-login/${target.user.id}` },
        {
          method: 'POST' as const,
          url: '/api/create-emergency-admin',
          payload: { username: 'abc', password: 'abcdef' },
        },
      ];
      for (const call of calls) {
        for (const headers of [{}, { [EMERGENCY_TOKEN_HEADER]: TOKEN }, { cookie: target.cookie }]) {
          const res = await off.app.inject({ ...call, headers });
          expect(res.statusCode, `${call.method} ${call.url}`).toBe(404);
        }
      }
    } finally {
      await off.close();
    }
  });
});
