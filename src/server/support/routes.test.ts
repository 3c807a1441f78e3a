import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { serverMessages, validationMessages } from '../../common/messages';
import { createOrPromoteAdmin } from '../cli/create-admin';
import { emailLogs } from '../db/schema';
import { startFakeSendGrid, type FakeSendGrid } from '../../../tests/fakes/sendgrid';
import { registerAccount, relaxedRateLimits, sessionHeaders, uniqueAccount } from '../../../tests/helpers/accounts';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

// The support form's messages carry a reply-to, which only the SendGrid wire shows, so this file
// sends through the loopback fake. Each test uses its own client address: the route allows five
// requests per hour per address.
let fake: FakeSendGrid;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakeSendGrid();
  t = await createTestApp({
    SENDGRID_API_KEY: 'SG.test-key',
    SENDGRID_API_BASE: fake.url,
    EMAIL_FROM: 'hello@parallax.test',
    ...relaxedRateLimits,
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.stop();
});
afterEach(() => fake.reset());

const request = {
  name: 'Vera Visitor',
  email: 'vera@example.com',
  subject: 'Cannot see my answers',
  message: 'Hello, my last question shows no answers at all.',
};
const support = (payload: Record<string, unknown>, ip: string, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/support',
    remoteAddress: ip,
    payload,
    headers: sessionHeaders(cookie),
  });

describe('POST /api/support', () => {
  // Runs first, before the nested suite below creates administrators.
  it('with no administrator yet, sends the message to the app\u2019s own sending address rather than dropping it', async () => {
    const res = await support(request, '10.9.0.1');
    expect(res.statusCode).toBe(200);
    expect(fake.mails.map((m) => m.to)).toEqual([['hello@parallax.test']]);
    expect(fake.mails[0]!.replyTo).toBe(request.email);
  });

  describe('with administrators', () => {
    let sender: { id: number; cookie: string };
    beforeAll(async () => {
      await createOrPromoteAdmin(t.db, 33, {
        email: 'admin.one@parallax.test',
        username: 'admin_one',
        password: 'admin-password',
      });
      await createOrPromoteAdmin(t.db, 33, {
        email: 'admin.two@parallax.test',
        username: 'admin_two',
        password: 'admin-password',
      });
      const { user, cookie } = await registerAccount(t.app, uniqueAccount('plain'));
      sender = { id: user.id, cookie };
      fake.reset();
    });

    it('emails every administrator, with reply-to set to the sender, and no one else', async () => {
      const res = await support(request, '10.9.0.2');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: serverMessages.supportSent });

      expect(fake.mails.flatMap((m) => m.to).sort()).toEqual(['admin.one@parallax.test', 'admin.two@parallax.test']);
      for (const mail of fake.mails) {
        expect(mail.replyTo).toBe(request.email);
        expect(mail.request.body!.reply_to).toEqual({ email: request.email });
        expect(mail.subject).toBe(`[Support] ${request.subject}`);
        expect(mail.from.email).toBe('hello@parallax.test');
        expect(mail.text).toContain(request.message);
        expect(mail.text).toContain(`${request.name} <${request.email}>`);
        expect(mail.html).toContain('Vera Visitor &lt;vera@example.com&gt;');
      }
      const logs = await t.db.select().from(emailLogs).where(eq(emailLogs.kind, 'support'));
      expect(logs.filter((l) => l.to.startsWith('admin.')).map((l) => l.status)).toEqual(['delivered', 'delivered']);
    });

    it('names the account of a signed-in sender', async () => {
      const res = await support(request, '10.9.0.3', sender.cookie);
      expect(res.statusCode).toBe(200);
      expect(fake.mails).toHaveLength(2);
      for (const mail of fake.mails) expect(mail.text).toContain(`(user #${sender.id})`);
    });

    it('escapes HTML in the message', async () => {
      const res = await support({ ...request, message: '<script>alert("hi")</script> please help' }, '10.9.0.4');
      expect(res.statusCode).toBe(200);
      expect(fake.mails).toHaveLength(2);
      for (const mail of fake.mails) {
        expect(mail.html).not.toContain('<script>');
        expect(mail.html).toContain('&lt;script&gt;');
      }
    });

    it.each([
      ['an invalid email', { email: 'nope' }, 'email', validationMessages.email],
      ['a blank name', { name: '   ' }, 'name', validationMessages.required],
      ['a blank subject', { subject: '  ' }, 'subject', validationMessages.subjectMin],
      ['a message under 10 characters', { message: 'help me' }, 'message', validationMessages.messageMin],
      ['a message over 5000 characters', { message: 'x'.repeat(5001) }, 'message', validationMessages.messageTooLong],
    ])('rejects %s with 400 and sends nothing', async (_label, override, field, message) => {
      const res = await support({ ...request, ...override }, '10.9.1.1');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message, errors: { [field]: message } });
      expect(fake.requests).toHaveLength(0);
    });

    it('allows five messages an hour per client address', async () => {
      const ip = '10.9.2.1';
      for (let i = 0; i < 5; i++) expect((await support(request, ip)).statusCode).toBe(200);
      expect(fake.mails).toHaveLength(10);
      fake.reset();
      const res = await support(request, ip);
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toBe('Too many attempts. Please wait 60 minutes and try again.');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(fake.requests).toHaveLength(0);
      expect((await support(request, '10.9.2.2')).statusCode).toBe(200);
    });
  });
});
