import { and, desc, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminServerMessages, adminValidationMessages } from '../../common/admin-messages';
import type { AdminUser } from '../../common/admin-user-schemas';
import { fillMessage, serverMessages, validationMessages } from '../../common/messages';
import { auditLog, emailLogs, queries, users } from '../db/schema';
import { findOrCreateSessionUser } from '../users/repository';
import { registerAccount, relaxedRateLimits, uniqueAccount } from '../../../tests/helpers/accounts';
import { adminCall, signInAdmin, type SignedInAdmin } from '../../../tests/helpers/admins';
import { useTestApp } from '../../../tests/helpers/test-app';

// The Users section's calls: listing (server-side paging, search, sort and filters), editing,
// deleting, the admin toggle and the password reset link.

const t = useTestApp(relaxedRateLimits);
let admin: SignedInAdmin;

const list = async (query: string) => {
  const res = await adminCall(t.app, admin.cookie, 'GET', `/api/admin/users${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return { users: res.json() as AdminUser[], total: Number(res.headers['x-total-count']) };
};
const register = async (prefix: string) => (await registerAccount(t.app, uniqueAccount(prefix))).user;
const setUser = (id: number, values: Partial<typeof users.$inferInsert>) =>
  t.db.update(users).set(values).where(eq(users.id, id));

beforeAll(async () => {
  admin = await signInAdmin(t.app, t.db, {
    username: 'zed_admin',
    email: 'zed.admin@example.com',
    password: 'pw-admin-1',
  });
});

describe('GET /api/admin/users', () => {
  let alice: AdminUser, bob: AdminUser, carol: AdminUser;
  beforeAll(async () => {
    alice = (await registerAccount(t.app, { username: 'alice_list', email: 'alice@list.test', password: 'secret-1' }))
      .user as AdminUser;
    bob = (await registerAccount(t.app, { username: 'bob_list', email: 'bob@list.test', password: 'secret-1' }))
      .user as AdminUser;
    carol = (await registerAccount(t.app, { username: 'carol_list', email: 'carol@list.test', password: 'secret-1' }))
      .user as AdminUser;
    await setUser(alice.id, {
      subscriptionTier: 'unlimited',
      subscriptionStatus: 'active',
      paidQuestionsRemaining: -1,
    });
    await setUser(bob.id, { subscriptionTier: 'basic', subscriptionStatus: 'active', paidQuestionsRemaining: 300 });
    await setUser(carol.id, {
      subscriptionTier: 'standard',
      subscriptionStatus: 'cancelled',
      paidQuestionsRemaining: 0,
    });
    await findOrCreateSessionUser(t.db, 'listsession01', 33);
  });

  it('lists registered users only, newest first by default, with the total in X-Total-Count', async () => {
    const { users: rows, total } = await list('?search=_list');
    expect(rows.map((u) => u.username)).toEqual(['carol_list', 'bob_list', 'alice_list']);
    expect(total).toBe(3);
    const all = await list('?limit=500');
    expect(all.users.some((u) => u.username.startsWith('session_'))).toBe(false);
    expect(all.total).toBe(all.users.length);
  });

  it('never includes a password hash or session token', async () => {
    const res = await adminCall(t.app, admin.cookie, 'GET', '/api/admin/users?limit=500');
    expect(res.body).not.toMatch(/argon2|passwordHash|password_hash/);
  });

  it('lists anonymous sessions apart', async () => {
    const { users: rows, total } = await list('?kind=sessions');
    expect(rows.map((u) => u.username)).toEqual(['session_listsession01']);
    expect(total).toBe(1);
  });

  it('pages with limit and offset without overlap', async () => {
    const first = await list('?search=_list&sort=username&limit=2&offset=0');
    const second = await list('?search=_list&sort=username&limit=2&offset=2');
    expect(first.users.map((u) => u.username)).toEqual(['alice_list', 'bob_list']);
    expect(second.users.map((u) => u.username)).toEqual(['carol_list']);
    expect(first.total).toBe(3);
    expect(second.total).toBe(3);
  });

  it('searches username and email case-insensitively, and treats % and _ literally', async () => {
    expect((await list('?search=BOB')).users.map((u) => u.id)).toEqual([bob.id]);
    expect((await list('?search=carol%40list')).users.map((u) => u.id)).toEqual([carol.id]);
    expect((await list(`?search=${encodeURIComponent('%')}`)).total).toBe(0);
  });

  it('finds the accounts of a domain as a "contains" search would, case-insensitively and literally', async () => {
    const at = async (email: string) =>
      (
        await registerAccount(t.app, {
          username: `d${email.length}_${email.replace(/\W/g, '')}`.slice(0, 30),
          email,
          password: 'secret-1',
        })
      ).user.id;
    const upper = await at('upper@Domain-Search.ORG');
    const longer = await at('longer@domain-search.organization');
    await at('sub@mail.domain-search.org');
    await at('other@domain-search.com');
    await at('lookalike@domainXsearch.org');
    const search = (term: string) => list(`?search=${encodeURIComponent(term)}&sort=id`);
    for (const term of ['@domain-search.org', '@DOMAIN-search.Org', ' @domain-search.org ']) {
      const found = await search(term);
      expect(
        found.users.map((u) => u.id),
        term,
      ).toEqual([upper, longer]);
      expect(found.total, term).toBe(2);
    }
    // The part after '@' is matched from the start of the domain and, like any search, literally.
    expect((await search('@domain_search.org')).total).toBe(0);
    expect((await search('@domain%')).total).toBe(0);
    expect((await search('@main-search.org')).total).toBe(0);
    expect((await search('@domain-search.')).total).toBe(3);
    expect((await list(`?kind=sessions&search=${encodeURIComponent('@domain-search.org')}`)).total).toBe(0);
  });

  it('sorts by subscription with the tier ranking and by questions with -1 as the most', async () => {
    const bySubscription = await list('?search=_list&sort=-subscription');
    expect(bySubscription.users.map((u) => u.username)).toEqual(['alice_list', 'carol_list', 'bob_list']);
    const byQuestions = await list('?search=_list&sort=-questions');
    expect(byQuestions.users.map((u) => u.username)[0]).toBe('alice_list');
    expect(byQuestions.users.map((u) => u.username)[1]).toBe('bob_list');
    const byEmail = await list('?search=_list&sort=email');
    expect(byEmail.users.map((u) => u.email)).toEqual(['alice@list.test', 'bob@list.test', 'carol@list.test']);
  });

  it('filters admins, active and inactive subscriptions', async () => {
    expect((await list('?filter=admin')).users.map((u) => u.username)).toEqual(['zed_admin']);
    expect((await list('?search=_list&filter=active')).users.map((u) => u.username).sort()).toEqual([
      'alice_list',
      'bob_list',
    ]);
    expect((await list('?search=_list&filter=inactive')).users.map((u) => u.username)).toEqual(['carol_list']);
  });

  it('rejects an unknown sort key or a limit past the maximum', async () => {
    for (const query of ['?sort=password', '?limit=100000', '?filter=everyone']) {
      const res = await adminCall(t.app, admin.cookie, 'GET', `/api/admin/users${query}`);
      expect(res.statusCode, query).toBe(400);
    }
  });
});

describe('PUT /api/admin/users/:id', () => {
  it('changes question counts, status and tier, and records who changed what', async () => {
    const user = await register('edit');
    const res = await adminCall(t.app, admin.cookie, 'PUT', `/api/admin/users/${user.id}`, {
      freeQuestionsRemaining: 0,
      paidQuestionsRemaining: -1,
      subscriptionStatus: 'active',
      subscriptionTier: 'unlimited',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: user.id,
      freeQuestionsRemaining: 0,
      paidQuestionsRemaining: -1,
      subscriptionStatus: 'active',
      subscriptionTier: 'unlimited',
    });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'admin.user_update'), eq(auditLog.targetUserId, user.id)));
    expect(entry).toMatchObject({ actorUserId: admin.user.id });
    expect(entry!.details).toMatchObject({ paidQuestionsRemaining: { from: 0, to: -1 } });
  });

  it('renames and re-addresses a user; a new address must be verified again', async () => {
    const user = await register('rename');
    const res = await adminCall(t.app, admin.cookie, 'PUT', `/api/admin/users/${user.id}`, {
      username: 'renamed_by_admin',
      email: 'renamed@example.com',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      username: 'renamed_by_admin',
      email: 'renamed@example.com',
      emailVerified: false,
    });
  });

  it('answers the documented validation messages and changes nothing', async () => {
    const user = await register('invalid');
    const cases: [object, string, string][] = [
      [{ username: 'ab' }, 'username', adminValidationMessages.editUsernameMin],
      [{ email: 'not-an-address' }, 'email', adminValidationMessages.editEmail],
      [{ freeQuestionsRemaining: -1 }, 'freeQuestionsRemaining', adminValidationMessages.freeQuestionsMin],
      [{ paidQuestionsRemaining: -2 }, 'paidQuestionsRemaining', adminValidationMessages.paidQuestionsMin],
      [{ freeQuestionsRemaining: 1.5 }, 'freeQuestionsRemaining', adminValidationMessages.wholeNumber],
      [{ username: 'session_sneaky' }, 'username', validationMessages.usernameReserved],
      [{ username: 'alice@corp' }, 'username', validationMessages.usernameCharacters],
    ];
    for (const [payload, field, message] of cases) {
      const res = await adminCall(t.app, admin.cookie, 'PUT', `/api/admin/users/${user.id}`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors[field]).toBe(message);
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ username: user.username, email: user.email, freeQuestionsRemaining: 33 });
  });

  it('answers 409 for a username or email another account has', async () => {
    const first = await register('taken');
    const second = await register('taker');
    const byName = await adminCall(t.app, admin.cookie, 'PUT', `/api/admin/users/${second.id}`, {
      username: first.username.toUpperCase(),
    });
    expect(byName.statusCode).toBe(409);
    expect(byName.json().message).toBe(serverMessages.usernameTaken);
    const byEmail = await adminCall(t.app, admin.cookie, 'PUT', `/api/admin/users/${second.id}`, {
      email: first.email,
    });
    expect(byEmail.statusCode).toBe(409);
    expect(byEmail.json().message).toBe(serverMessages.emailTaken);
  });

  it('edits an anonymous session’s counts but not a username or email', async () => {
    const session = await findOrCreateSessionUser(t.db, 'editsession01', 33);
    const ok = await adminCall(t.app, admin.cookie, 'PUT', `/api/admin/users/${session.id}`, {
      freeQuestionsRemaining: 40,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().freeQuestionsRemaining).toBe(40);
    const renamed = await adminCall(t.app, admin.cookie, 'PUT', `/api/admin/users/${session.id}`, {
      email: 'guest@example.com',
    });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().message).toBe(adminServerMessages.sessionFieldsReadOnly);
  });

  it("never re-points another admin's username or email (that would hand over their account)", async () => {
    const other = await signInAdmin(t.app, t.db);
    for (const payload of [{ email: 'mine@example.com' }, { username: 'renamed_admin' }]) {
      const res = await adminCall(t.app, admin.cookie, 'PUT', `/api/admin/users/${other.user.id}`, payload);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(adminServerMessages.otherAdminIdentity);
    }
    const counts = await adminCall(t.app, admin.cookie, 'PUT', `/api/admin/users/${other.user.id}`, {
      freeQuestionsRemaining: 7,
    });
    expect(counts.statusCode).toBe(200);
    const own = await adminCall(t.app, admin.cookie, 'PUT', `/api/admin/users/${admin.user.id}`, {
      email: 'zed.admin+new@example.com',
    });
    expect(own.statusCode).toBe(200);
  });

  it('answers 404 for an unknown user', async () => {
    const res = await adminCall(t.app, admin.cookie, 'PUT', '/api/admin/users/999999', { freeQuestionsRemaining: 1 });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(adminServerMessages.userNotFound);
  });
});

describe('DELETE /api/admin/users/:id', () => {
  it('deletes a user with their history, and an anonymous session', async () => {
    const user = await register('doomed');
    await t.db.insert(queries).values({ userId: user.id, text: 'Why?', selectedModels: ['claude'] });
    const session = await findOrCreateSessionUser(t.db, 'doomedsession1', 33);
    for (const id of [user.id, session.id]) {
      const res = await adminCall(t.app, admin.cookie, 'DELETE', `/api/admin/users/${id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(adminServerMessages.userDeleted);
      expect(await t.db.select().from(users).where(eq(users.id, id))).toEqual([]);
    }
    expect(await t.db.select().from(queries).where(eq(queries.userId, user.id))).toEqual([]);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'admin.user_delete'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry!.details).toMatchObject({ userId: session.id });
  });

  it('never deletes the admin’s own account', async () => {
    const res = await adminCall(t.app, admin.cookie, 'DELETE', `/api/admin/users/${admin.user.id}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(adminServerMessages.cannotDeleteSelf);
    expect(await t.db.select().from(users).where(eq(users.id, admin.user.id))).toHaveLength(1);
  });
});

describe('POST /api/admin/users/:id/toggle-admin', () => {
  it('makes a user an admin and back; their admin calls follow at once', async () => {
    const { user, cookie } = await registerAccount(t.app, uniqueAccount('promoted'));
    const made = await adminCall(t.app, admin.cookie, 'POST', `/api/admin/users/${user.id}/toggle-admin`, {
      isAdmin: true,
    });
    expect(made.json()).toMatchObject({ role: 'admin', isAdmin: true });
    expect((await adminCall(t.app, cookie, 'GET', '/api/admin/dashboard')).statusCode).toBe(200);
    const removed = await adminCall(t.app, admin.cookie, 'POST', `/api/admin/users/${user.id}/toggle-admin`, {
      isAdmin: false,
    });
    expect(removed.json()).toMatchObject({ role: 'user', isAdmin: false });
    expect((await adminCall(t.app, cookie, 'GET', '/api/admin/dashboard')).statusCode).toBe(403);
  });

  it('refuses to remove your own admin privileges', async () => {
    const res = await adminCall(t.app, admin.cookie, 'POST', `/api/admin/users/${admin.user.id}/toggle-admin`, {
      isAdmin: false,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(adminServerMessages.cannotRemoveOwnAdmin);
    expect((await adminCall(t.app, admin.cookie, 'GET', '/api/admin/dashboard')).statusCode).toBe(200);
  });

  it('never leaves the site without an admin when two admins remove each other at once', async () => {
    const first = await signInAdmin(t.app, t.db);
    const second = await signInAdmin(t.app, t.db);
    const [a, b] = await Promise.all([
      adminCall(t.app, first.cookie, 'POST', `/api/admin/users/${second.user.id}/toggle-admin`, { isAdmin: false }),
      adminCall(t.app, second.cookie, 'POST', `/api/admin/users/${first.user.id}/toggle-admin`, { isAdmin: false }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 403]);
    const stillAdmin = await t.db
      .select()
      .from(users)
      .where(and(inArray(users.id, [first.user.id, second.user.id]), eq(users.isAdmin, true)));
    expect(stillAdmin).toHaveLength(1);
  });

  it('refuses to make an anonymous session an admin', async () => {
    const session = await findOrCreateSessionUser(t.db, 'adminsession01', 33);
    const res = await adminCall(t.app, admin.cookie, 'POST', `/api/admin/users/${session.id}/toggle-admin`, {
      isAdmin: true,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(adminServerMessages.sessionCannotBeAdmin);
  });
});

describe('POST /api/admin/users/:id/reset-password', () => {
  it('mails the user a reset link that works, without the admin seeing a password', async () => {
    const { user, account } = await registerAccount(t.app, uniqueAccount('forgetful'));
    const res = await adminCall(t.app, admin.cookie, 'POST', `/api/admin/users/${user.id}/reset-password`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: fillMessage(adminServerMessages.resetLinkSent, { email: account.email }) });
    expect(res.body).not.toMatch(/token|password=/i);
    await t.app.background.drain();
    const [mail] = await t.db
      .select()
      .from(emailLogs)
      .where(and(eq(emailLogs.to, account.email), eq(emailLogs.kind, 'reset_password')));
    const token = /token=([\w-]+)/.exec(mail!.body!)![1]!;
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/reset-password',
      payload: { token, password: 'brand-new-pass' },
    });
    expect(reset.statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: account.email, password: 'brand-new-pass' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('answers 400 for an account without an email address', async () => {
    const session = await findOrCreateSessionUser(t.db, 'resetsession01', 33);
    const res = await adminCall(t.app, admin.cookie, 'POST', `/api/admin/users/${session.id}/reset-password`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(adminServerMessages.noEmailForReset);
  });
});
