import { desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { emailLogs, settings } from '../db/schema';
import { settingKeys } from '../settings/service';
import { startFakeSendGrid, type FakeSendGrid } from '../../../tests/fakes/sendgrid';
import { getMe, registerAccount, relaxedRateLimits, uniqueAccount } from '../../../tests/helpers/accounts';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

let fake: FakeSendGrid;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakeSendGrid({ apiKeys: ['SG.test-key', 'SG.saved-in-settings'] });
  t = await createTestApp({
    SENDGRID_API_KEY: 'SG.test-key',
    SENDGRID_API_BASE: fake.url,
    EMAIL_FROM: 'hello@parallax.test',
    EMAIL_FROM_NAME: 'Parallax',
    ...relaxedRateLimits,
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.stop();
});
afterEach(async () => {
  fake.reset();
  fake.setApiKeys(['SG.test-key', 'SG.saved-in-settings']);
  await t.app.services.settings.set(settingKeys.sendgridApiKey, null);
  await t.app.services.settings.set(settingKeys.emailFrom, null);
  await t.app.services.settings.set(settingKeys.emailFromName, null);
});

const logsTo = (email: string) =>
  t.db.select().from(emailLogs).where(eq(emailLogs.to, email)).orderBy(desc(emailLogs.id));

describe('Mailer with SendGrid', () => {
  it('sends the verification email through the v3 mail-send API and logs it as delivered without its body', async () => {
    const { response, account } = await registerAccount(t.app, uniqueAccount('sg'));
    const { email, username } = account;
    expect(response.statusCode).toBe(201);

    expect(fake.requests).toHaveLength(1);
    const request = fake.requests[0]!;
    expect(request).toMatchObject({ method: 'POST', path: '/v3/mail/send', status: 202 });
    expect(request.headers.authorization).toBe('Bearer SG.test-key');
    expect(request.headers['content-type']).toMatch(/^application\/json/);

    const body = request.body!;
    expect(body.personalizations).toEqual([{ to: [{ email }] }]);
    expect(body.from).toEqual({ email: 'hello@parallax.test', name: 'Parallax' });
    expect(body.subject).toBe('Verify your Parallax email address');
    expect(body.reply_to).toBeUndefined();
    expect(body.content!.map((c) => c.type)).toEqual(['text/plain', 'text/html']);

    const [mail] = fake.mails;
    expect(mail!.text).toContain(`Hi ${username},`);
    expect(mail!.text).toMatch(/^http:\/\/parallax\.test\/verify-email\?token=[A-Za-z0-9_-]{43}$/m);
    const link = /^(http:\/\/parallax\.test\/verify-email\?token=\S+)$/m.exec(mail!.text!)![1]!;
    expect(mail!.html).toContain(`href="${link}"`);

    const logs = await logsTo(email);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      status: 'delivered',
      kind: 'verify_email',
      subject: 'Verify your Parallax email address',
      body: null,
      error: null,
    });
  });

  it('the emailed link verifies the address', async () => {
    const { account, cookie } = await registerAccount(t.app, uniqueAccount('sglink'));
    const link = new URL(/^(http:\/\/\S+)$/m.exec(fake.mailsTo(account.email)[0]!.text!)![1]!);
    const token = link.searchParams.get('token')!;
    const verified = await t.app.inject({ method: 'GET', url: `/api/verify-email/${encodeURIComponent(token)}` });
    expect(verified.statusCode).toBe(200);
    const me = await getMe(t.app, cookie);
    expect(me.json().emailVerified).toBe(true);
  });

  it('logs a SendGrid failure as failed with the reason, and registration still succeeds', async () => {
    fake.failNext(1, 500);
    const { response, account } = await registerAccount(t.app, uniqueAccount('sgfail'));
    expect(response.statusCode).toBe(201);

    expect(fake.requests.map((r) => r.status)).toEqual([500]);
    expect(fake.mails).toHaveLength(0);
    const [log] = await logsTo(account.email);
    expect(log).toMatchObject({ status: 'failed', kind: 'verify_email', body: null });
    expect(log!.error).toContain('Internal server error');

    // The failure is not sticky: the next message goes out.
    const next = await registerAccount(t.app, uniqueAccount('sgafter'));
    expect((await logsTo(next.account.email))[0]!.status).toBe('delivered');
  });

  it('logs a rejected key as failed with SendGrid\u2019s message', async () => {
    fake.setApiKeys(['SG.some-other-key']);
    const { response, account } = await registerAccount(t.app, uniqueAccount('sgbadkey'));
    expect(response.statusCode).toBe(201);
    expect(fake.requests.map((r) => r.status)).toEqual([401]);
    const [log] = await logsTo(account.email);
    expect(log!.status).toBe('failed');
    expect(log!.error).toContain('The provided authorization grant is invalid, expired, or revoked');
    // The key itself never lands in the log.
    expect(log!.error).not.toContain('SG.test-key');
  });

  it('prefers the settings saved in the admin console over the environment, and stores the key encrypted', async () => {
    await t.app.services.settings.set(settingKeys.sendgridApiKey, 'SG.saved-in-settings', { secret: true });
    await t.app.services.settings.set(settingKeys.emailFrom, 'support@parallax.test');
    await t.app.services.settings.set(settingKeys.emailFromName, 'Parallax Support');

    const [stored] = await t.db.select().from(settings).where(eq(settings.key, settingKeys.sendgridApiKey));
    expect(stored!.isSecret).toBe(true);
    expect(stored!.value).not.toBe('SG.saved-in-settings');
    expect(stored!.value).not.toContain('saved-in-settings');
    expect(await t.app.services.settings.get(settingKeys.sendgridApiKey)).toBe('SG.saved-in-settings');

    const { response, account } = await registerAccount(t.app, uniqueAccount('sgsettings'));
    expect(response.statusCode).toBe(201);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.headers.authorization).toBe('Bearer SG.saved-in-settings');
    expect(fake.requests[0]!.body!.from).toEqual({ email: 'support@parallax.test', name: 'Parallax Support' });
    expect((await logsTo(account.email))[0]!.status).toBe('delivered');
  });

  it('falls back to the environment once the saved key is removed', async () => {
    await t.app.services.settings.set(settingKeys.sendgridApiKey, 'SG.saved-in-settings', { secret: true });
    await t.app.services.settings.set(settingKeys.sendgridApiKey, null);
    await registerAccount(t.app, uniqueAccount('sgcleared'));
    expect(fake.requests[0]!.headers.authorization).toBe('Bearer SG.test-key');
  });

  it('sends the password-reset email through SendGrid too', async () => {
    const { email } = (await registerAccount(t.app, uniqueAccount('sgreset'))).account;
    fake.reset();
    const res = await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email } });
    expect(res.statusCode).toBe(200);
    await t.app.background.drain();
    const [mail] = fake.mailsTo(email);
    expect(mail!.subject).toBe('Reset your Parallax password');
    expect(mail!.text).toMatch(/^http:\/\/parallax\.test\/reset-password\?token=[A-Za-z0-9_-]{43}$/m);
    expect((await logsTo(email))[0]).toMatchObject({ status: 'delivered', kind: 'reset_password', body: null });
  });
});
