import { desc, eq, isNotNull } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminValidationMessages } from '../../common/admin-messages';
import type { EmergencyAdmin } from '../../common/emergency-schemas';
import { emergencyMessages } from '../../common/emergency-messages';
import { serverMessages, validationMessages } from '../../common/messages';
import { createOrPromoteAdmin } from '../cli/create-admin';
import { auditLog, users } from '../db/schema';
import {
  getMe,
  login,
  registerAccount,
  relaxedRateLimits,
  sessionCookie,
  uniqueAccount,
} from '../../../tests/helpers/accounts';
import { useTestApp } from '../../../tests/helpers/test-app';

// The break-glass calls with the feature switched on and the right token (docs/architecture.md, "Security rules").
const TOKEN = 'break-glass-token-for-tests-0123456789';
const t = useTestApp({ EMERGENCY_ADMIN_TOKEN: TOKEN, ...relaxedRateLimits });

const ADMIN_PASSWORD = 'Admin-pass#1';
let admin: { id: number; username: string };
let plainUserId: number;

beforeAll(async () => {
  const created = await createOrPromoteAdmin(t.db, 33, {
    email: 'root.admin@parallax.test',
    username: 'root_admin',
    password: ADMIN_PASSWORD,
  });
  admin = { id: created.id, username: created.username };
  plainUserId = (await registerAccount(t.app, uniqueAccount('plain'))).user.id;
});

let ipCounter = 0;
/** A fresh client address per call, so the compare limit (tested elsewhere) never trips here. */
const freshIp = () => `10.40.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

function call(method: 'GET' | 'POST', url: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    remoteAddress: freshIp(),
    headers: { 'x-emergency-token': TOKEN },
    ...(payload !== undefined && { payload }),
  });
}

/** Every stored hash, with the parts that must never leave the server: the whole, its salt and its bytes. */
async function storedSecrets(): Promise<string[]> {
  const rows = await t.db.select({ hash: users.passwordHash }).from(users).where(isNotNull(users.passwordHash));
  return rows.flatMap(({ hash }) => {
    const parts = hash!.split('$');
    return [hash!, parts[4]!, parts[5]!];
  });
}

async function expectNoHashIn(res: LightMyRequestResponse) {
  for (const secret of await storedSecrets()) {
    expect(secret.length).toBeGreaterThan(10);
    expect(res.body).not.toContain(secret);
  }
}

async function lastAudit(action: string) {
  const [row] = await t.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, action))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

async function storedHashOf(id: number) {
  const [row] = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, id));
  return row!.hash!;
}

describe('GET /api/list-all-admins', () => {
  it('lists only administrators, with the algorithm and length of the hash but never the hash', async () => {
    const res = await call('GET', '/api/list-all-admins');
    expect(res.statusCode).toBe(200);
    const { adminUsers } = res.json() as { adminUsers: EmergencyAdmin[] };
    const stored = await storedHashOf(admin.id);
    expect(adminUsers).toContainEqual({
      id: admin.id,
      username: 'root_admin',
      email: 'root.admin@parallax.test',
      role: 'admin',
      hashType: 'argon2id',
      passwordLength: stored.length,
      hashPrefix: stored.split('$').slice(0, 4).join('$'),
    });
    expect(adminUsers.find((a) => a.id === admin.id)!.hashPrefix).toMatch(/^\$argon2id\$v=19\$m=\d+,t=\d+,p=\d+$/);
    expect(adminUsers.map((a) => a.id)).not.toContain(plainUserId);
    await expectNoHashIn(res);

    const audit = await lastAudit('emergency.list_admins');
    expect(audit).toMatchObject({ actorUserId: null, targetUserId: null });
    expect(audit!.ipAddress).toMatch(/^10\.40\./);
  });

  it('narrows the list to one admin with ?details, still without the hash', async () => {
    const res = await call('GET', `/api/list-all-admins?details=${admin.id}`);
    expect(res.statusCode).toBe(200);
    const { adminUsers } = res.json() as { adminUsers: EmergencyAdmin[] };
    expect(adminUsers.map((a) => a.id)).toEqual([admin.id]);
    expect(Object.keys(adminUsers[0]!)).not.toContain('passwordHash');
    await expectNoHashIn(res);
    expect(await lastAudit('emergency.list_admins')).toMatchObject({ targetUserId: admin.id });
  });

  it('answers 404 with a message for ?details of someone who is not an admin', async () => {
    const res = await call('GET', `/api/list-all-admins?details=${plainUserId}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: emergencyMessages.adminNotFound });
  });
});

describe('POST /api/debug-password-compare', () => {
  it('compares a typed password with the chosen admin\u2019s stored hash on the server', async () => {
    const res = await call('POST', '/api/debug-password-compare', { password: ADMIN_PASSWORD, userId: admin.id });
    expect(res.statusCode).toBe(200);
    const stored = await storedHashOf(admin.id);
    const body = res.json();
    expect(body).toMatchObject({
      bcryptMatch: true,
      helperMatch: true,
      plaintext: '*'.repeat(ADMIN_PASSWORD.length),
      plaintextLength: ADMIN_PASSWORD.length,
      hashStart: stored.split('$').slice(0, 4).join('$'),
      hashLength: stored.length,
      specialCharsMatch: true,
    });
    expect((body.adminUsers as EmergencyAdmin[]).map((a) => a.id)).toContain(admin.id);
    expect(res.body).not.toContain(ADMIN_PASSWORD);
    await expectNoHashIn(res);

    const audit = await lastAudit('emergency.password_compare');
    expect(audit).toMatchObject({ targetUserId: admin.id, details: { userId: admin.id, matched: true } });
    expect(JSON.stringify(audit)).not.toContain(ADMIN_PASSWORD);
  });

  it('says no match for a wrong password, and notices a password without special characters', async () => {
    const res = await call('POST', '/api/debug-password-compare', { password: 'wrongpass1', userId: admin.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ bcryptMatch: false, helperMatch: false, specialCharsMatch: false });
    expect(await lastAudit('emergency.password_compare')).toMatchObject({ details: { matched: false } });
  });

  it('never takes a hash from the body: without an admin id it asks for both fields', async () => {
    const stored = await storedHashOf(admin.id);
    for (const payload of [{ password: ADMIN_PASSWORD, hash: stored }, { userId: admin.id }, {}]) {
      const res = await call('POST', '/api/debug-password-compare', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(emergencyMessages.bothRequired);
    }
    const blank = await call('POST', '/api/debug-password-compare', { password: '', userId: admin.id });
    expect(blank.json().message).toBe(emergencyMessages.bothRequired);
  });

  it('refuses to compare against someone who is not an admin', async () => {
    const res = await call('POST', '/api/debug-password-compare', { password: 'secret-pass', userId: plainUserId });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: emergencyMessages.adminNotFound });
  });
});

describe('POST /api/force-admin-login/:id', () => {
  it('signs the caller in as the admin with a fresh session cookie', async () => {
    const res = await call('POST', `/api/force-admin-login/${admin.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Logged in as root_admin');
    expect(body.user).toMatchObject({ id: admin.id, username: 'root_admin', role: 'admin', isAdmin: true });
    await expectNoHashIn(res);

    const me = await getMe(t.app, sessionCookie(res));
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: admin.id, isAdmin: true });
    expect(await lastAudit('emergency.force_login')).toMatchObject({ targetUserId: admin.id });
  });

  it('refuses a user who is not an admin, and an unknown id, and sets no cookie', async () => {
    for (const id of [plainUserId, 999_999]) {
      const res = await call('POST', `/api/force-admin-login/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: emergencyMessages.adminNotFound });
      expect(res.cookies).toHaveLength(0);
    }
    expect(await lastAudit('emergency.force_login')).toMatchObject({
      targetUserId: null,
      details: { userId: 999_999, refused: 'not an admin' },
    });
  });
});

describe('POST /api/create-emergency-admin', () => {
  it('creates a verified admin without email who can sign in with the username', async () => {
    const res = await call('POST', '/api/create-emergency-admin', {
      username: 'rescue_admin',
      password: 'rescue-pass',
    });
    expect(res.statusCode).toBe(201);
    const { id } = res.json() as { id: number };
    expect(res.json()).toEqual({ id });
    await expectNoHashIn(res);

    const signedIn = await login(t.app, 'rescue_admin', 'rescue-pass');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({
      id,
      email: null,
      emailVerified: true,
      role: 'admin',
      isAdmin: true,
      freeQuestionsRemaining: t.config.freeQuestions,
    });
    expect((await storedHashOf(id)).startsWith('$argon2id$')).toBe(true);
    expect(await lastAudit('emergency.create_admin')).toMatchObject({
      targetUserId: id,
      details: { username: 'rescue_admin' },
    });
  });

  it('answers 409 when the username exists, whatever its case', async () => {
    const res = await call('POST', '/api/create-emergency-admin', { username: 'ROOT_ADMIN', password: 'rescue-pass' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(serverMessages.usernameTaken);
  });

  it('checks the fields with the admin console\u2019s messages', async () => {
    const cases: [object, string, string][] = [
      [{ username: 'ab', password: 'rescue-pass' }, 'username', adminValidationMessages.createUsernameMin],
      [{ username: 'rescuer', password: '12345' }, 'password', adminValidationMessages.createPasswordMin],
      [{ password: 'rescue-pass' }, 'username', adminValidationMessages.createUsernameMin],
      [{ username: 'rescuer' }, 'password', adminValidationMessages.createPasswordMin],
      [{ username: 'has space', password: 'rescue-pass' }, 'username', validationMessages.usernameCharacters],
      [{ username: 'session_abc', password: 'rescue-pass' }, 'username', validationMessages.usernameReserved],
    ];
    for (const [payload, field, message] of cases) {
      const res = await call('POST', '/api/create-emergency-admin', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors[field]).toBe(message);
    }
  });
});
