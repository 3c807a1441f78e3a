import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { serverMessages, validationMessages } from '../../common/messages';
import { emailLogs, users } from '../db/schema';
import { acceptedTerms, getMe, sessionCookie, uniqueAccount } from '../../../tests/helpers/accounts';
import { useTestApp } from '../../../tests/helpers/test-app';

const t = useTestApp({
  FREE_QUESTIONS: '7',
  // This file registers many accounts from one address; the limits have their own test file.
  RATE_LIMIT_REGISTER_PER_IP: '1000',
});

const newAccount = (prefix: string) => ({ ...uniqueAccount(prefix), ...acceptedTerms });

const register = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/register', payload });

describe('POST /api/register', () => {
  it('creates the account, answers 201 with the user and signs it in with an HttpOnly, SameSite=Lax cookie', async () => {
    const account = newAccount('alice');
    const res = await register(account);

    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe(serverMessages.registered);
    expect(body.user).toMatchObject({
      username: account.username,
      email: account.email,
      emailVerified: false,
      role: 'user',
      isAdmin: false,
      paidQuestionsRemaining: 0,
      subscriptionTier: 'free',
      impersonatedBy: null,
    });
    expect(typeof body.user.id).toBe('number');
    expect(Number.isNaN(Date.parse(body.user.createdAt))).toBe(false);

    const cookie = res.cookies.find((c) => c.name === 'parallax_session');
    expect(cookie).toBeDefined();
    expect(cookie!.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie!.httpOnly).toBe(true);
    expect(cookie!.sameSite).toBe('Lax');
    expect(cookie!.path).toBe('/');
    // APP_URL is http:// in tests, so the cookie must not be Secure (or a local browser drops it).
    expect(cookie!.secure).toBeFalsy();
    expect(cookie!.maxAge).toBe(30 * 24 * 60 * 60);

    const me = await getMe(t.app, sessionCookie(res));
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual(body.user);
  });

  it('never puts the password or its hash in the answer, and stores only an argon2id hash', async () => {
    const account = newAccount('hash');
    const res = await register(account);
    expect(res.statusCode).toBe(201);

    const [row] = await t.db.select().from(users).where(eq(users.username, account.username));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(res.body).not.toContain(account.password);
    expect(res.body).not.toContain(row!.passwordHash!);
    expect(res.body).not.toContain('$argon2');
    expect(res.body.toLowerCase()).not.toContain('password');
    const me = await getMe(t.app, sessionCookie(res));
    expect(me.body).not.toContain('$argon2');
    expect(me.body.toLowerCase()).not.toContain('password');
  });

  it('gives the new user the configured number of free questions (FREE_QUESTIONS)', async () => {
    const res = await register(newAccount('free'));
    expect(res.statusCode).toBe(201);
    expect(res.json().user.freeQuestionsRemaining).toBe(7);
  });

  it('files a verification email in the outbox (no SendGrid key) with a link to /verify-email on APP_URL', async () => {
    const account = newAccount('verify');
    const res = await register(account);
    expect(res.statusCode).toBe(201);
    await t.app.background.drain();

    const rows = await t.db.select().from(emailLogs).where(eq(emailLogs.to, account.email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: 'outbox',
      kind: 'verify_email',
      subject: 'Verify your Parallax email address',
      error: null,
    });
    expect(rows[0]!.body).toMatch(/^http:\/\/parallax\.test\/verify-email\?token=[A-Za-z0-9_-]{43}$/m);
    expect(rows[0]!.body).toContain(`Hi ${account.username},`);
  });

  describe('validation (400 with the documented message and the errors map)', () => {
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['a username shorter than 3 characters', { username: 'ab' }, 'username', validationMessages.usernameMin],
      ['an invalid email', { email: 'not-an-email' }, 'email', validationMessages.email],
      ['a password shorter than 6 characters', { password: '12345' }, 'password', validationMessages.passwordMin],
      ['terms not accepted', { termsAccepted: false }, 'termsAccepted', validationMessages.termsRequired],
      [
        'privacy policy not accepted',
        { privacyPolicyAccepted: false },
        'privacyPolicyAccepted',
        validationMessages.privacyRequired,
      ],
      ['terms missing', { termsAccepted: undefined }, 'termsAccepted', validationMessages.termsRequired],
      ['a username with spaces', { username: 'two words' }, 'username', validationMessages.usernameCharacters],
      [
        'a username that looks like an email',
        { username: 'me@example.com' },
        'username',
        validationMessages.usernameCharacters,
      ],
      [
        'a username longer than 32 characters',
        { username: 'x'.repeat(33) },
        'username',
        validationMessages.usernameTooLong,
      ],
    ];

    it.each(cases)('rejects %s', async (_label, override, field, message) => {
      const account = { ...newAccount('invalid'), ...override };
      const res = await register(account);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message, errors: { [field]: message } });
      const [row] = await t.db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${String(account.email).toLowerCase()}`);
      expect(row).toBeUndefined();
    });

    it('reports every bad field at once', async () => {
      const res = await register({
        username: 'ab',
        email: 'nope',
        password: '123',
        termsAccepted: false,
        privacyPolicyAccepted: false,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({
        username: validationMessages.usernameMin,
        email: validationMessages.email,
        password: validationMessages.passwordMin,
        termsAccepted: validationMessages.termsRequired,
        privacyPolicyAccepted: validationMessages.privacyRequired,
      });
    });

    it('rejects an empty body with Required messages rather than a server error', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/register', payload: {} });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toMatchObject({
        username: validationMessages.required,
        email: validationMessages.required,
        password: validationMessages.required,
      });
    });

    it('answers a body that is not an object with a plain "Invalid request"', async () => {
      for (const payload of ['null', '[]', '"text"']) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/register',
          headers: { 'content-type': 'application/json' },
          payload,
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(serverMessages.invalidRequest);
      }
    });

    it.each(['session_abc', 'Session_abc', 'SESSION_ABC', 'sEsSiOn_x'])(
      'rejects the reserved anonymous prefix in %s',
      async (username) => {
        const res = await register({ ...newAccount('reserved'), username });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          message: validationMessages.usernameReserved,
          errors: { username: validationMessages.usernameReserved },
        });
      },
    );
  });

  describe('duplicates (409, case-insensitive)', () => {
    it('rejects a username that differs only in case', async () => {
      const first = newAccount('Dup');
      expect((await register({ ...first, username: 'DupUserName' })).statusCode).toBe(201);
      const res = await register({ ...newAccount('dup2'), username: 'dupusername' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        message: serverMessages.usernameTaken,
        errors: { username: serverMessages.usernameTaken },
      });
    });

    it('rejects an email that differs only in case', async () => {
      expect((await register({ ...newAccount('mail1'), email: 'Same.Person@Example.com' })).statusCode).toBe(201);
      const res = await register({ ...newAccount('mail2'), email: 'same.person@EXAMPLE.COM' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: serverMessages.emailTaken, errors: { email: serverMessages.emailTaken } });
      const [{ count }] = (await t.db
        .select({ count: sql<number>`count(*)::int` })
        .from(users)
        .where(sql`lower(${users.email}) = 'same.person@example.com'`)) as [{ count: number }];
      expect(count).toBe(1);
    });

    it('answers 409 (not 500) when two registrations for the same name race', async () => {
      const a = newAccount('race');
      const b = { ...newAccount('race'), username: a.username.toUpperCase() };
      const results = await Promise.all([register(a), register(b)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      const loser = results.find((r) => r.statusCode === 409)!;
      expect(loser.json().message).toBe(serverMessages.usernameTaken);
    });

    it('trims the email before storing it, so a padded duplicate is still caught', async () => {
      const account = newAccount('trim');
      const res = await register({ ...account, email: `  ${account.email}  ` });
      expect(res.statusCode).toBe(201);
      expect(res.json().user.email).toBe(account.email);
      const again = await register({ ...newAccount('trim2'), email: account.email.toUpperCase() });
      expect(again.statusCode).toBe(409);
    });
  });
});
