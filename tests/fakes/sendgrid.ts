import { randomBytes } from 'node:crypto';
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { parseArgs } from 'node:util';
import { runAsScript } from './cli';
import { closeNow, listen, readBody } from './loopback-http';

// A loopback stand-in for SendGrid's v3 Mail Send API (POST /v3/mail/send), close enough to the
// real wire protocol that the @sendgrid/mail SDK cannot tell the difference: bearer-key auth,
// JSON body, 202 with an empty body and an X-Message-Id header on success, and SendGrid's error
// shape `{ errors: [{ message, field, help }] }` otherwise. It records every request so a test can
// read back what was sent (docs/architecture.md, "House rules", rule 5).
//
// Standalone for local dev and e2e:
//   node --import tsx tests/fakes/sendgrid.ts --port 12112 [--api-key SG.test-key | --any-key]
// then run the app with SENDGRID_API_KEY=SG.test-key SENDGRID_API_BASE=http://127.0.0.1:12112.
// Received mail is printed, and readable over HTTP under /__fake/ (see handleControl).

export interface SendGridAddress {
  email: string;
  name?: string;
}

export interface SendGridPersonalization {
  to: SendGridAddress[];
  cc?: SendGridAddress[];
  bcc?: SendGridAddress[];
  subject?: string;
}

/** The v3 mail-send body (only the parts this app uses are typed; the rest is kept as received). */
export interface SendGridMailBody {
  personalizations: SendGridPersonalization[];
  from: SendGridAddress;
  reply_to?: SendGridAddress;
  subject?: string;
  content?: { type: string; value: string }[];
  [field: string]: unknown;
}

export interface SendGridErrorBody {
  errors: { message: string; field: string | null; help: string | null }[];
}

/** One request the fake received, whatever it answered. */
export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body, or undefined when it was not JSON. */
  body: SendGridMailBody | undefined;
  rawBody: string;
  /** The status the fake answered with (202 = accepted for delivery). */
  status: number;
  receivedAt: Date;
}

/** An accepted message, flattened for easy assertions. */
export interface ReceivedMail {
  messageId: string;
  authorization: string | undefined;
  to: string[];
  from: SendGridAddress;
  replyTo: string | undefined;
  subject: string;
  text: string | undefined;
  html: string | undefined;
  request: ReceivedRequest;
}

export interface FakeSendGridOptions {
  /** Keys accepted as `Authorization: Bearer <key>`; 'any' accepts any non-empty key. Default ['SG.test-key']. */
  apiKeys?: string[] | 'any';
  host?: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** Called for each accepted message (the CLI prints it). */
  onMail?: (mail: ReceivedMail) => void;
}

interface ScriptedFailure {
  remaining: number;
  status: number;
  body: SendGridErrorBody;
}

export const FAKE_SENDGRID_DEFAULT_KEY = 'SG.test-key';
const MAIL_SEND_PATH = '/v3/mail/send';
const ERRORS_HELP = 'http://sendgrid.com/docs/API_Reference/Web_API_v3/Mail/errors.html';

const sendGridError = (
  message: string,
  field: string | null = null,
  help: string | null = null,
): SendGridErrorBody => ({
  errors: [{ message, field, help }],
});

/** The standard bodies SendGrid answers with for a scripted status. */
function defaultErrorBody(status: number): SendGridErrorBody {
  switch (status) {
    case 400:
      return sendGridError('Bad Request');
    case 401:
      return sendGridError('The provided authorization grant is invalid, expired, or revoked');
    case 403:
      return sendGridError('access forbidden');
    case 413:
      return sendGridError(
        'The JSON payload you have included in your request is too large.',
        null,
        `${ERRORS_HELP}#-Payload-too-large`,
      );
    case 429:
      return sendGridError('too many requests');
    default:
      return sendGridError(status >= 500 ? 'Internal server error' : 'Bad Request');
  }
}

export class FakeSendGrid {
  /** Every request, including the ones answered with an error. */
  readonly requests: ReceivedRequest[] = [];
  /** The messages accepted for delivery (answered 202), in order. */
  readonly mails: ReceivedMail[] = [];

  private server: Server | undefined;
  private baseUrl: string | undefined;
  private failures: ScriptedFailure[] = [];
  private apiKeys: string[] | 'any';

  constructor(private readonly options: FakeSendGridOptions = {}) {
    this.apiKeys = options.apiKeys ?? [FAKE_SENDGRID_DEFAULT_KEY];
  }

  /** The base URL to give the app as SENDGRID_API_BASE, e.g. http://127.0.0.1:40123. */
  get url(): string {
    if (!this.baseUrl) throw new Error('The fake SendGrid server is not started');
    return this.baseUrl;
  }

  async start(): Promise<string> {
    if (this.baseUrl) return this.baseUrl;
    const server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        // A bug in the fake itself: answer like SendGrid would rather than hang the caller.
        if (!res.headersSent) respondJson(res, 500, sendGridError(`fake SendGrid failed: ${String(error)}`));
      });
    });
    const origin = await listen(server, this.options);
    this.server = server;
    this.baseUrl = origin;
    return origin;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    this.baseUrl = undefined;
    await closeNow(server);
  }

  /** The next `count` mail sends (with a valid key) are answered with `status` and SendGrid's error body. */
  failNext(count: number, status = 500, body: SendGridErrorBody = defaultErrorBody(status)): void {
    if (count > 0) this.failures.push({ remaining: count, status, body });
  }

  /** Replaces the accepted keys (e.g. to simulate a revoked key). */
  setApiKeys(keys: string[] | 'any'): void {
    this.apiKeys = keys;
  }

  /** Forgets recorded requests and scripted failures. */
  reset(): void {
    this.requests.length = 0;
    this.mails.length = 0;
    this.failures = [];
  }

  /** Accepted messages addressed to `email` (case-insensitive). */
  mailsTo(email: string): ReceivedMail[] {
    const wanted = email.toLowerCase();
    return this.mails.filter((m) => m.to.some((to) => to.toLowerCase() === wanted));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const rawBody = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://fake');
    if (url.pathname.startsWith('/__fake/')) return this.handleControl(req.method ?? 'GET', url.pathname, rawBody, res);

    const record = (status: number, body: SendGridMailBody | undefined): ReceivedRequest => {
      const entry: ReceivedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        headers: req.headers,
        body,
        rawBody,
        status,
        receivedAt: new Date(),
      };
      this.requests.push(entry);
      return entry;
    };

    if (url.pathname !== MAIL_SEND_PATH) {
      record(404, undefined);
      return respondJson(res, 404, sendGridError('not found'));
    }
    if (req.method !== 'POST') {
      record(405, undefined);
      return respondJson(res, 405, sendGridError('method not allowed'));
    }

    const authorization = req.headers.authorization;
    const key = /^Bearer (\S+)$/.exec(authorization ?? '')?.[1];
    const keyAccepted = key !== undefined && (this.apiKeys === 'any' || this.apiKeys.includes(key));
    const parsed = parseJson(rawBody);
    if (!keyAccepted) {
      record(401, parsed);
      return respondJson(res, 401, defaultErrorBody(401));
    }

    const failure = this.failures[0];
    if (failure) {
      failure.remaining -= 1;
      if (failure.remaining <= 0) this.failures.shift();
      record(failure.status, parsed);
      return respondJson(res, failure.status, failure.body);
    }

    if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) {
      record(415, parsed);
      return respondJson(res, 415, sendGridError('Content-Type should be application/json.'));
    }
    if (parsed === undefined) {
      record(400, undefined);
      return respondJson(res, 400, sendGridError('Bad Request', null, `${ERRORS_HELP}#-Request-Body-Parameters`));
    }
    const problem = validateMailBody(parsed);
    if (problem) {
      record(400, parsed);
      return respondJson(res, 400, problem);
    }

    const request = record(202, parsed);
    const messageId = randomBytes(16).toString('base64url');
    const mail: ReceivedMail = {
      messageId,
      authorization,
      to: parsed.personalizations.flatMap((p) => p.to.map((a) => a.email)),
      from: parsed.from,
      replyTo: parsed.reply_to?.email,
      subject: parsed.subject ?? parsed.personalizations[0]?.subject ?? '',
      text: parsed.content?.find((c) => c.type === 'text/plain')?.value,
      html: parsed.content?.find((c) => c.type === 'text/html')?.value,
      request,
    };
    this.mails.push(mail);
    this.options.onMail?.(mail);
    // SendGrid answers an accepted send with 202, no body and the message id in a header.
    res.writeHead(202, { 'x-message-id': messageId, 'content-length': '0' });
    res.end();
  }

  /**
   * Test-only controls for a fake running in another process (e2e):
   *   GET /__fake/mails            the accepted messages (without the raw request)
   *   DELETE /__fake/mails         forget everything received
   *   POST /__fake/fail            {"count": 1, "status": 500} scripts failures
   */
  private handleControl(method: string, pathname: string, rawBody: string, res: ServerResponse): void {
    if (pathname === '/__fake/mails' && method === 'GET') {
      return respondJson(
        res,
        200,
        this.mails.map(({ request, ...mail }) => ({ ...mail, receivedAt: request.receivedAt.toISOString() })),
      );
    }
    if (pathname === '/__fake/mails' && method === 'DELETE') {
      this.reset();
      res.writeHead(204).end();
      return;
    }
    if (pathname === '/__fake/fail' && method === 'POST') {
      const body = parseJson(rawBody) as { count?: unknown; status?: unknown } | undefined;
      const count = Number(body?.count ?? 1);
      const status = Number(body?.status ?? 500);
      if (!Number.isInteger(count) || !Number.isInteger(status) || status < 400 || status > 599) {
        return respondJson(res, 400, { message: 'expected {"count": integer, "status": 400-599}' });
      }
      this.failNext(count, status);
      res.writeHead(204).end();
      return;
    }
    respondJson(res, 404, { message: 'unknown fake control' });
  }
}

/** Starts a fake on 127.0.0.1 (a free port unless one is given) and returns it; `fake.url` is its base URL. */
export async function startFakeSendGrid(options: FakeSendGridOptions = {}): Promise<FakeSendGrid> {
  const fake = new FakeSendGrid(options);
  await fake.start();
  return fake;
}

/** The checks SendGrid makes that a well-formed SDK request could still fail, with its messages. */
function validateMailBody(body: SendGridMailBody): SendGridErrorBody | undefined {
  const personalizations = body.personalizations;
  if (!Array.isArray(personalizations) || personalizations.length === 0) {
    return sendGridError(
      'The personalizations field is required and must have at least one personalization.',
      'personalizations',
      `${ERRORS_HELP}#-Personalizations-Errors`,
    );
  }
  for (const [i, p] of personalizations.entries()) {
    if (!Array.isArray(p?.to) || p.to.length === 0 || p.to.some((a) => !isEmail(a?.email))) {
      return sendGridError(
        'The to array is required for all personalization objects, and must have at least one email object with a valid email address.',
        `personalizations.${i}.to`,
        `${ERRORS_HELP}#message.personalizations.to`,
      );
    }
  }
  if (!isEmail(body.from?.email)) {
    return sendGridError(
      'The from object must be provided for every email send. It is an object that requires the email parameter, but may also contain a name parameter.',
      'from.email',
      `${ERRORS_HELP}#message.from`,
    );
  }
  if (body.reply_to !== undefined && !isEmail(body.reply_to?.email)) {
    return sendGridError(
      'The reply_to email does not contain a valid address.',
      'reply_to.email',
      `${ERRORS_HELP}#message.reply_to`,
    );
  }
  if (!body.subject && !personalizations.every((p) => p.subject)) {
    return sendGridError(
      'The subject is required. You can get around this requirement if you use a template with a subject defined or if every personalization has a subject defined.',
      'subject',
      `${ERRORS_HELP}#message.subject`,
    );
  }
  const content = body.content;
  if (
    body.template_id === undefined &&
    (!Array.isArray(content) || content.length === 0 || content.some((c) => !c?.value))
  ) {
    return sendGridError(
      'Unless a valid template_id is provided, the content parameter is required. There must be at least one defined content block. We typically suggest both text/plain and text/html blocks are included, but only one block is required.',
      'content',
      `${ERRORS_HELP}#message.content`,
    );
  }
  const plainAt = content?.findIndex((c) => c.type === 'text/plain') ?? -1;
  if (plainAt > 0) {
    return sendGridError(
      'If present, text/plain content must be first, followed by text/html, followed by any other content.',
      'content',
      `${ERRORS_HELP}#message.content`,
    );
  }
  return undefined;
}

function isEmail(value: unknown): value is string {
  return typeof value === 'string' && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}

function parseJson(raw: string): SendGridMailBody | undefined {
  if (raw === '') return undefined;
  try {
    const value: unknown = JSON.parse(raw);
    return value !== null && typeof value === 'object' ? (value as SendGridMailBody) : undefined;
  } catch {
    return undefined;
  }
}

function respondJson(res: ServerResponse, status: number, body: unknown): void {
  const json = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(json) });
  res.end(json);
}

async function main(): Promise<FakeSendGrid> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '12112' },
      host: { type: 'string', default: '127.0.0.1' },
      'api-key': { type: 'string', multiple: true },
      'any-key': { type: 'boolean', default: false },
    },
    strict: true,
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`--port must be a port number, got ${values.port}`);
  const apiKeys = values['any-key'] ? 'any' : (values['api-key'] ?? [FAKE_SENDGRID_DEFAULT_KEY]);
  const fake = new FakeSendGrid({
    host: values.host,
    port,
    apiKeys,
    onMail: (mail) => {
      const links = mail.text?.match(/https?:\/\/\S+/g) ?? [];
      console.log(
        [
          `[fake-sendgrid] ${new Date().toISOString()} accepted ${mail.messageId}`,
          `  from:     ${mail.from.name ? `${mail.from.name} <${mail.from.email}>` : mail.from.email}`,
          `  to:       ${mail.to.join(', ')}`,
          ...(mail.replyTo ? [`  reply-to: ${mail.replyTo}`] : []),
          `  subject:  ${mail.subject}`,
          ...links.map((link) => `  link:     ${link}`),
        ].join('\n'),
      );
    },
  });
  const url = await fake.start();
  console.log(`[fake-sendgrid] listening on ${url} (accepting ${apiKeys === 'any' ? 'any key' : apiKeys.join(', ')})`);
  console.log(
    `[fake-sendgrid] run the app with SENDGRID_API_BASE=${url} SENDGRID_API_KEY=${apiKeys === 'any' ? 'SG.<anything>' : apiKeys[0]}`,
  );
  return fake;
}

runAsScript(import.meta.url, main);
