import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, users } from '../db/schema';
import { createOrPromoteAdmin } from './create-admin';
import { getMe, login, registerAccount, relaxedRateLimits, sessionCookie } from '../../../tests/helpers/accounts';
import { useTestApp } from '../../../tests/helpers/test-app';

const t = useTestApp(relaxedRateLimits);

describe('createOrPromoteAdmin', () => {
  it('creates a verified administrator who can sign in and is shown as admin', async () => {
    const result = await createOrPromoteAdmin(t.db, 12, {
      email: 'root@parallax.test',
      username: 'root_admin',
      password: 'admin-password',
    });
    expect(result).toMatchObject({ action: 'created', username: 'root_admin' });

    const res = await login(t.app, 'root@parallax.test', 'admin-password');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: 'root_admin', role: 'admin', isAdmin: true });

    const current = await getMe(t.app, sessionCookie(res));
    expect(current.statusCode).toBe(200);
    expect(current.json()).toMatchObject({
      id: result.id,
      username: 'root_admin',
      email: 'root@parallax.test',
      emailVerified: true,
      role: 'admin',
      isAdmin: true,
      freeQuestionsRemaining: 12,
    });

    const [row] = await t.db.select().from(users).where(eq(users.id, result.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.targetUserId, result.id));
    expect(audit.map((a) => a.action)).toEqual(['admin.created_by_cli']);
  });

  it('promotes an existing user found by email, keeping its id and password', async () => {
    const { user, cookie } = await registerAccount(t.app, {
      username: 'future_admin',
      email: 'Future.Admin@example.com',
      password: 'user-password',
    });
    expect((await getMe(t.app, cookie)).json()).toMatchObject({ role: 'user', isAdmin: false, emailVerified: false });

    const result = await createOrPromoteAdmin(t.db, 33, {
      email: 'future.admin@EXAMPLE.com',
      username: 'ignored_name',
    });
    expect(result).toEqual({ action: 'promoted', id: user.id, username: 'future_admin' });

    // No new password given: the existing session and password keep working.
    const after = await getMe(t.app, cookie);
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({
      id: user.id,
      username: 'future_admin',
      role: 'admin',
      isAdmin: true,
      emailVerified: true,
    });
    expect((await login(t.app, 'future_admin', 'user-password')).statusCode).toBe(200);
    expect(await t.db.select().from(users).where(eq(users.username, 'ignored_name'))).toHaveLength(0);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.targetUserId, user.id));
    expect(audit.map((a) => a.action)).toEqual(['admin.promoted_by_cli']);
  });

  it('promotes by username when the email is not known', async () => {
    const { user } = await registerAccount(t.app, {
      username: 'by_name',
      email: 'by.name@example.com',
      password: 'user-password',
    });
    const result = await createOrPromoteAdmin(t.db, 33, { email: 'unknown@example.com', username: 'BY_NAME' });
    expect(result).toMatchObject({ action: 'promoted', id: user.id });
  });

  it('when promoting with a password, sets it and ends the user\u2019s sessions', async () => {
    const { cookie } = await registerAccount(t.app, {
      username: 'reset_admin',
      email: 'reset.admin@example.com',
      password: 'user-password',
    });
    await createOrPromoteAdmin(t.db, 33, {
      email: 'reset.admin@example.com',
      username: 'reset_admin',
      password: 'fresh-admin-password',
    });

    expect((await getMe(t.app, cookie)).statusCode).toBe(401);
    expect((await login(t.app, 'reset.admin@example.com', 'user-password')).statusCode).toBe(401);
    const res = await login(t.app, 'reset.admin@example.com', 'fresh-admin-password');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ role: 'admin', isAdmin: true });
  });

  it('refuses to create a new administrator without a password', async () => {
    await expect(
      createOrPromoteAdmin(t.db, 33, { email: 'nopass@parallax.test', username: 'no_pass' }),
    ).rejects.toThrow(/--password is required/);
    expect(await t.db.select().from(users).where(eq(users.username, 'no_pass'))).toHaveLength(0);
  });
});
