import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminEmptyStates, adminServerMessages, adminToastMessages } from '../../../../common/admin-messages';
import type { EmailLog, EmailSettings } from '../../../../common/admin-settings-schemas';
import { emailSettingsTexts } from './settings-texts';
import { EmailSettingsSection } from './email-settings-section';
import { failure, renderSection, sent } from '../shared/section-test-data';
import { cellValue } from '../shared/admin-test-data';

const SETTINGS = '/api/admin/email-settings';
const TEST_EMAIL = '/api/admin/send-test-email';
const LOGS = '/api/admin/email-logs';

const saved: EmailSettings = {
  sendgridApiKey: '••••••••abcd',
  hasApiKey: true,
  sendgridFromEmail: 'noreply@parallax.test',
  sendgridFromName: 'Parallax',
};

const log = (overrides: Partial<EmailLog>): EmailLog => ({
  id: 1,
  timestamp: '2026-11-20T12:00:00.000Z',
  to: 'ada@example.com',
  subject: 'Verify your email',
  status: 'delivered',
  kind: 'verify',
  error: null,
  ...overrides,
});

function renderEmail(handlers: Parameters<typeof renderSection>[1] = {}) {
  return renderSection(<EmailSettingsSection />, { [`GET ${SETTINGS}`]: { json: saved }, ...handlers });
}

describe('email settings, service configuration', () => {
  it('starts the key field empty with the masked saved key as a hint, and fills the sender', async () => {
    const { user } = renderEmail();
    const key = await screen.findByLabelText('SendGrid API key');
    expect(key).toHaveValue('');
    expect(key).toHaveAttribute('placeholder', '••••••••abcd');
    expect(key).toHaveAttribute('type', 'password');
    expect(screen.getByText(/A key is saved \(••••••••abcd\)/)).toBeInTheDocument();
    expect(screen.getByLabelText('From email')).toHaveValue('noreply@parallax.test');
    expect(screen.getByLabelText('From name')).toHaveValue('Parallax');

    await user.click(screen.getByRole('button', { name: 'Show API key' }));
    expect(key).toHaveAttribute('type', 'text');
  });

  it('saves without the key when it is left blank, and with it when one is typed', async () => {
    const { user, requests } = renderEmail({
      [`POST ${SETTINGS}`]: { json: { message: adminServerMessages.settingsSaved } },
    });
    const name = await screen.findByLabelText('From name');
    await user.clear(name);
    await user.type(name, 'Parallax Team');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText(adminToastMessages.settingsSaved)).toBeInTheDocument();

    await user.type(await screen.findByLabelText('SendGrid API key'), '  SG.new-key  ');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    await screen.findByText(adminToastMessages.settingsSaved);

    expect(sent(requests, 'POST', SETTINGS).map((r) => r.body)).toEqual([
      { sendgridFromEmail: 'noreply@parallax.test', sendgridFromName: 'Parallax Team' },
      { sendgridApiKey: 'SG.new-key', sendgridFromEmail: 'noreply@parallax.test', sendgridFromName: 'Parallax' },
    ]);
    expect(sent(requests, 'GET', SETTINGS).length).toBeGreaterThan(1);
  });

  it('checks the from-email before sending', async () => {
    const { user, requests } = renderEmail();
    const from = await screen.findByLabelText('From email');
    await user.clear(from);
    await user.type(from, 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(sent(requests, 'POST', SETTINGS)).toHaveLength(0);
  });

  it("toasts the server's message, or 'Failed to save email settings', when a save fails", async () => {
    let withReason = true;
    const { user } = renderEmail({
      [`POST ${SETTINGS}`]: () => (withReason ? failure('SendGrid rejected the key') : { status: 500, text: '' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('SendGrid rejected the key')).toBeInTheDocument();
    withReason = false;
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText(adminToastMessages.emailSettingsFailed)).toBeInTheDocument();
  });

  it("reports settings that cannot be loaded with 'Failed to load email settings.'", async () => {
    renderEmail({ [`GET ${SETTINGS}`]: failure() });
    expect(await screen.findAllByText(adminToastMessages.loadEmailSettings)).toHaveLength(2);
  });
});

describe('email settings, test email', () => {
  it('asks for an address before sending', async () => {
    const { user, requests } = renderEmail();
    await user.click(await screen.findByRole('button', { name: 'Send Test Email' }));
    expect(await screen.findByText('Please enter a test email address.')).toBeInTheDocument();
    expect(sent(requests, 'POST', TEST_EMAIL)).toHaveLength(0);
  });

  it("sends it and shows the server's message, e.g. that it went to the outbox", async () => {
    const { user, requests } = renderEmail({
      [`POST ${TEST_EMAIL}`]: { json: { message: adminServerMessages.testEmailOutbox } },
    });
    await user.type(await screen.findByLabelText('Test email address'), 'ops@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Test Email' }));
    expect(await screen.findByText(adminToastMessages.testEmailSent)).toBeInTheDocument();
    expect(screen.getByText(adminServerMessages.testEmailOutbox)).toBeInTheDocument();
    expect(sent(requests, 'POST', TEST_EMAIL).map((r) => r.body)).toEqual([{ email: 'ops@example.com' }]);
  });

  it("toasts 'Failed to send test email' when the server gives no reason", async () => {
    const { user } = renderEmail({ [`POST ${TEST_EMAIL}`]: { status: 502, text: 'Bad gateway' } });
    await user.type(await screen.findByLabelText('Test email address'), 'ops@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Test Email' }));
    expect(await screen.findByText(adminToastMessages.testEmailFailed)).toBeInTheDocument();
  });
});

describe('email settings, email logs', () => {
  it('lists logs with their status and searches by recipient or subject', async () => {
    const { user, requests } = renderEmail({
      [`GET ${LOGS}`]: (request) => ({
        json: request.path.includes('search=reset')
          ? [log({ id: 3, subject: 'Reset your password', status: 'failed', error: 'Forbidden' })]
          : [
              log({}),
              log({ id: 2, to: 'grace@example.com', subject: 'Welcome', status: 'outbox' }),
              log({ id: 3, subject: 'Reset your password', status: 'failed', error: 'Forbidden' }),
            ],
        headers: { 'X-Total-Count': '3' },
      }),
    });
    await user.click(screen.getByRole('tab', { name: 'Email Logs' }));
    await screen.findByText('Welcome');
    const table = screen.getByRole('table', { name: 'Email logs' });
    const [, delivered, outbox, failed] = within(table).getAllByRole('row');
    expect(delivered).toHaveTextContent('Nov 20, 2026');
    expect(within(delivered!).getAllByRole('cell').map(cellValue).slice(1, 3)).toEqual([
      'ada@example.com',
      'Verify your email',
    ]);
    expect(within(delivered!).getByText('delivered')).toHaveClass('bg-primary');
    expect(within(outbox!).getByText('outbox')).toHaveAttribute('title', emailSettingsTexts.outboxHint);
    expect(within(failed!).getByText('failed')).toHaveClass('bg-destructive');
    expect(failed).toHaveTextContent('Forbidden');

    await user.type(screen.getByRole('searchbox', { name: 'Search by recipient or subject' }), 'reset');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(table).toHaveTextContent('Reset your password');
    expect(sent(requests, 'GET', LOGS).at(-1)?.path).toBe(`${LOGS}?search=reset&limit=25&offset=0`);
  });

  it("says 'No Email Logs' when there are none, and reloads on Refresh", async () => {
    const { user, requests } = renderEmail({ [`GET ${LOGS}`]: { json: [], headers: { 'X-Total-Count': '0' } } });
    await user.click(screen.getByRole('tab', { name: 'Email Logs' }));
    expect(await screen.findByText(adminEmptyStates.emailLogs)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await screen.findByText(adminEmptyStates.emailLogs);
    expect(sent(requests, 'GET', LOGS)).toHaveLength(2);
  });

  it("reports logs that cannot be loaded with 'Failed to load email logs.'", async () => {
    const { user } = renderEmail({ [`GET ${LOGS}`]: failure() });
    await user.click(screen.getByRole('tab', { name: 'Email Logs' }));
    expect(await screen.findAllByText(adminToastMessages.loadEmailLogs)).toHaveLength(2);
  });
});
