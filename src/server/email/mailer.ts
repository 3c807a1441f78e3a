import { MailService } from '@sendgrid/mail';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { emailLogs } from '../db/schema';
import { settingKeys, type SettingsService } from '../settings/service';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** What the message is for (verify_email, reset_password, support, ...), kept in the log. */
  kind: string;
  replyTo?: string;
}

export type DeliveryStatus = 'delivered' | 'failed' | 'outbox';

interface Transport {
  apiKey: string;
  from: string;
  fromName: string;
}

/**
 * The one module that talks to SendGrid. Without a key every message goes to the outbox: it is
 * logged in email_logs with its body, and printed to the server log as one line with its links, so a local
 * user can verify and reset without a mail service (docs/architecture.md, "Outside services").
 */
export class Mailer {
  constructor(
    private readonly db: Database,
    private readonly settings: SettingsService,
    private readonly config: Config,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The sender settings in force: admin-console values win over the environment once saved. */
  async currentSettings(): Promise<{ apiKey: string | undefined; from: string; fromName: string }> {
    const saved = await this.settings.getMany([
      settingKeys.sendgridApiKey,
      settingKeys.emailFrom,
      settingKeys.emailFromName,
    ]);
    return {
      apiKey: saved[settingKeys.sendgridApiKey] ?? this.config.email.sendgridApiKey,
      from: saved[settingKeys.emailFrom] ?? this.config.email.from,
      fromName: saved[settingKeys.emailFromName] ?? this.config.email.fromName,
    };
  }

  private async transport(): Promise<Transport | undefined> {
    const { apiKey, from, fromName } = await this.currentSettings();
    return apiKey ? { apiKey, from, fromName } : undefined;
  }

  /** Sends (or files) one message; never throws, so a mail outage cannot fail a sign-up. */
  async send(message: EmailMessage): Promise<DeliveryStatus> {
    return (await this.deliver(message)).status;
  }

  /** Like send, with SendGrid's reason when delivery failed (the Send Test Email button shows it). */
  async deliver(message: EmailMessage): Promise<{ status: DeliveryStatus; error?: string }> {
    const transport = await this.transport();
    if (!transport) {
      // The readable line for a newcomer at a terminal, and the fields for tools (e2e/support/outbox.ts).
      this.log.info(
        { to: message.to, subject: message.subject, links: extractLinks(message.text) },
        outboxLine(message),
      );
      await this.record(message, 'outbox', { body: message.text });
      return { status: 'outbox' };
    }
    try {
      await this.client(transport.apiKey).send({
        to: message.to,
        from: { email: transport.from, name: transport.fromName },
        replyTo: message.replyTo,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      await this.record(message, 'delivered');
      return { status: 'delivered' };
    } catch (error) {
      const reason = describeSendGridError(error);
      this.log.error({ to: message.to, subject: message.subject, reason }, 'email delivery failed');
      await this.record(message, 'failed', { error: reason });
      return { status: 'failed', error: reason };
    }
  }

  private client(apiKey: string) {
    const client = new MailService();
    client.setApiKey(apiKey);
    // setApiKey resets the base URL to SendGrid's, so the override must come after it.
    if (this.config.email.sendgridApiBase) {
      (client as unknown as { client: { setDefaultRequest(k: string, v: string): void } }).client.setDefaultRequest(
        'baseUrl',
        this.config.email.sendgridApiBase,
      );
    }
    return client;
  }

  private async record(message: EmailMessage, status: DeliveryStatus, extra: { body?: string; error?: string } = {}) {
    await this.db.insert(emailLogs).values({
      to: message.to,
      subject: message.subject,
      kind: message.kind,
      status,
      body: extra.body ?? null,
      error: extra.error ?? null,
    });
  }
}

function extractLinks(text: string): string[] {
  return text.match(/https?:\/\/\S+/g) ?? [];
}

/**
 * The outbox message as one plain line of the server log, its links bare so a terminal makes them
 * clickable: how a local user without a mail service verifies an address or resets a password.
 */
function outboxLine(message: Pick<EmailMessage, 'to' | 'subject' | 'text'>): string {
  const links = extractLinks(message.text);
  const open = links.length > 0 ? ` \u2014 open: ${links.join('  ')}` : ' (in the outbox, no links)';
  return `Email to ${message.to}: ${message.subject}${open}`;
}

function describeSendGridError(error: unknown): string {
  const response = (error as { response?: { body?: { errors?: { message?: string }[] } } }).response;
  const detail = response?.body?.errors
    ?.map((e) => e.message)
    .filter(Boolean)
    .join('; ');
  const base = error instanceof Error ? error.message : String(error);
  return (detail ? `${base}: ${detail}` : base).slice(0, 500);
}
