import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminServerMessages as m, adminValidationMessages as v } from '../../common/admin-messages';
import { TOTAL_COUNT_HEADER } from '../../common/admin-user-schemas';
import { type EmailLog, type EmailSettings } from '../../common/admin-settings-schemas';
import { auditLog, emailLogs, settings } from '../db/schema';
import { settingKeys } from '../settings/service';
import { startFakeSendGrid, type FakeSendGrid } from '../../../tests/fakes/sendgrid';
import { registerAccount, relaxedRateLimits, uniqueAccount } from '../../../tests/helpers/accounts';
import { adminCall, signInAdmin, type SignedInAdmin } from '../../../tests/helpers/admins';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

// Email settings, the test email and the email logs. The app knows where SendGrid is (the loopback
// fake) but has no key until the admin saves one, so both the outbox and real sends are seen.

const API_KEY = 'SG.admin-console-9f3c';
let sendgrid: FakeSendGrid;
let t: TestApp;
let admin: SignedInAdmin;

beforeAll(async () => {
  sendgrid = await startFakeSendGrid({ apiKeys: [API_KEY] });
  t = await createTestApp({
    ...relaxedRateLimits,
    SENDGRID_API_BASE: sendgrid.url,
    EMAIL_FROM: 'hello@parallax.test',
    EMAIL_FROM_NAME: 'Parallax',
  });
  admin = await signInAdmin(t.app, t.db);
});
afterAll(async () => {
  await t?.close();
  await sendgrid?.stop();
});
afterEach(() => sendgrid.reset());

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  adminCall(t.app, admin.cookie, method, url, payload);
const readSettings = async () => (await call('GET', '/api/admin/email-settings')).json() as EmailSettings;
const saveSettings = (body: object) => call('POST', '/api/admin/email-settings', body);
const sendTest = (email: unknown) => call('POST', '/api/admin/send-test-email', { email });
const logsTo = (to: string) => t.db.select().from(emailLogs).where(eq(emailLogs.to, to));

describe('email settings', () => {
  it('start from the environment, with no key to show', async () => {
    expect(await readSettings()).toEqual({
      sendgridApiKey: '',
      hasApiKey: false,
      sendgridFromEmail: 'hello@parallax.test',
      sendgridFromName: 'Parallax',
    });
  });

  it('write the test email to the outbox while no key is set', async () => {
    const res = await sendTest('outbox.test@example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: m.testEmailOutbox });
    expect(await logsTo('outbox.test@example.com')).toMatchObject([
      { status: 'outbox', kind: 'test', subject: 'Parallax test email' },
    ]);
    expect(sendgrid.requests).toHaveLength(0);
  });

  it('ask for a test address', async () => {
    for (const email of ['', '   ', undefined]) {
      const res = await sendTest(email);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: v.testEmailRequired, errors: { email: v.testEmailRequired } });
    }
    const malformed = await sendTest('not-an-address');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toEqual({ email: v.createEmail });
  });

  it('reject a from address that is not an email address, saving nothing', async () => {
    const res = await saveSettings({ sendgridApiKey: API_KEY, sendgridFromEmail: 'team', sendgridFromName: 'Team' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ sendgridFromEmail: v.createEmail });
    expect((await readSettings()).hasApiKey).toBe(false);
  });

  it('save the key sealed at rest and show only its last 4 characters', async () => {
    const res = await saveSettings({
      sendgridApiKey: API_KEY,
      sendgridFromEmail: 'team@parallax.test',
      sendgridFromName: 'Parallax Team',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: m.settingsSaved });

    const shown = await readSettings();
    expect(shown).toMatchObject({
      hasApiKey: true,
      sendgridFromEmail: 'team@parallax.test',
      sendgridFromName: 'Parallax Team',
    });
    expect(shown.sendgridApiKey).toMatch(/^•{4,}9f3c$/);
    expect(shown.sendgridApiKey).not.toContain('admin-console');

    const [row] = await t.db.select().from(settings).where(eq(settings.key, settingKeys.sendgridApiKey));
    expect(row?.isSecret).toBe(true);
    expect(row?.value).not.toContain(API_KEY);
    expect(row?.value).not.toContain('9f3c');
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'admin.email_settings'), eq(auditLog.actorUserId, admin.user.id)));
    expect(audit?.details).toEqual({ apiKeyChanged: true });
  });

  it('send the test email through SendGrid with the saved key and sender', async () => {
    const res = await sendTest('inbox.test@example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: m.testEmailSent });
    const [mail, ...more] = sendgrid.mailsTo('inbox.test@example.com');
    expect(more).toEqual([]);
    expect(mail).toMatchObject({
      authorization: `Bearer ${API_KEY}`,
      from: { email: 'team@parallax.test', name: 'Parallax Team' },
      subject: 'Parallax test email',
    });
    expect(await logsTo('inbox.test@example.com')).toMatchObject([{ status: 'delivered', kind: 'test' }]);
  });

  it('keep the saved key when the form sends a blank one', async () => {
    const res = await saveSettings({
      sendgridApiKey: '',
      sendgridFromEmail: 'news@parallax.test',
      sendgridFromName: 'Parallax News',
    });
    expect(res.statusCode).toBe(200);
    expect(await readSettings()).toMatchObject({ hasApiKey: true, sendgridFromEmail: 'news@parallax.test' });

    expect((await sendTest('kept.key@example.com')).json()).toEqual({ message: m.testEmailSent });
    expect(sendgrid.mailsTo('kept.key@example.com')[0]).toMatchObject({
      authorization: `Bearer ${API_KEY}`,
      from: { email: 'news@parallax.test', name: 'Parallax News' },
    });
  });

  it('answer 502 with SendGrid’s reason when the send fails, and log the failure', async () => {
    sendgrid.failNext(1, 500);
    const res = await sendTest('outage@example.com');
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toMatch(new RegExp(`^${m.testEmailFailed}: .*Internal server error`));
    expect(await logsTo('outage@example.com')).toMatchObject([{ status: 'failed', kind: 'test' }]);

    // A revoked key fails the same way, with SendGrid's own words.
    sendgrid.setApiKeys(['SG.some-other-key']);
    try {
      const revoked = await sendTest('revoked@example.com');
      expect(revoked.statusCode).toBe(502);
      expect(revoked.json().message).toMatch(/^Failed to send test email: .*authorization grant is invalid/);
    } finally {
      sendgrid.setApiKeys([API_KEY]);
    }
  });
});

describe('GET /api/admin/email-logs', () => {
  const MINUTE = 60_000;
  let ids: Record<string, number>;
  beforeAll(async () => {
    await t.db.delete(emailLogs);
    const rows = [
      { key: 'welcome', to: 'ada@example.com', subject: 'Welcome to Parallax', status: 'delivered' },
      { key: 'reset', to: 'grace@example.com', subject: 'Reset your Parallax password', status: 'outbox' },
      { key: 'percent', to: 'ops@example.com', subject: 'Quota 100% used', status: 'delivered' },
      { key: 'percentLike', to: 'ops@example.com', subject: 'Quota 1000 used', status: 'failed' },
      { key: 'underscore', to: 'first_last@example.com', subject: 'Receipt', status: 'delivered' },
      { key: 'underscoreLike', to: 'firstXlast@example.com', subject: 'Receipt', status: 'delivered' },
    ];
    ids = {};
    // Inserted oldest first, a minute apart.
    for (const [i, row] of rows.entries()) {
      const [inserted] = await t.db
        .insert(emailLogs)
        .values({
          to: row.to,
          subject: row.subject,
          status: row.status,
          kind: 'test',
          error: row.status === 'failed' ? 'Bad Request' : null,
          createdAt: new Date(Date.now() - (rows.length - i) * MINUTE),
        })
        .returning();
      ids[row.key] = inserted!.id;
    }
  });

  const logs = async (query = '') => {
    const res = await call('GET', `/api/admin/email-logs${query}`);
    expect(res.statusCode).toBe(200);
    return { list: res.json() as EmailLog[], total: res.headers[TOTAL_COUNT_HEADER] };
  };
  const keysOf = (list: EmailLog[]) => list.map((l) => Object.keys(ids).find((k) => ids[k] === l.id));

  it('lists newest first with the total in X-Total-Count', async () => {
    const { list, total } = await logs();
    expect(keysOf(list)).toEqual(['underscoreLike', 'underscore', 'percentLike', 'percent', 'reset', 'welcome']);
    expect(total).toBe('6');
    expect(list[2]).toEqual({
      id: ids.percentLike,
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      to: 'ops@example.com',
      subject: 'Quota 1000 used',
      status: 'failed',
      kind: 'test',
      error: 'Bad Request',
    });
  });

  it('searches the recipient and the subject, ignoring case', async () => {
    expect(keysOf((await logs('?search=GRACE')).list)).toEqual(['reset']);
    expect(keysOf((await logs('?search=welcome%20to')).list)).toEqual(['welcome']);
    const parallax = await logs('?search=parallax');
    expect(keysOf(parallax.list)).toEqual(['reset', 'welcome']);
    expect(parallax.total).toBe('2');
    expect((await logs('?search=nobody')).list).toEqual([]);
  });

  it('matches % and _ literally', async () => {
    expect(keysOf((await logs(`?search=${encodeURIComponent('100%')}`)).list)).toEqual(['percent']);
    expect(keysOf((await logs('?search=first_last')).list)).toEqual(['underscore']);
  });

  it('pages with limit and offset, the total counting every match', async () => {
    const page = await logs('?limit=2&offset=1');
    expect(keysOf(page.list)).toEqual(['underscore', 'percentLike']);
    expect(page.total).toBe('6');
    const searched = await logs('?search=example.com&limit=1&offset=5');
    expect(keysOf(searched.list)).toEqual(['welcome']);
    expect(searched.total).toBe('6');
  });

  it('refuses a signed-in user who is not an admin', async () => {
    const { cookie } = await registerAccount(t.app, uniqueAccount('reader'));
    expect((await adminCall(t.app, cookie, 'GET', '/api/admin/email-logs')).statusCode).toBe(403);
  });
});
