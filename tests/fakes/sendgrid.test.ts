import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { MailService } from '@sendgrid/mail';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSendGrid, type FakeSendGrid } from './sendgrid';

// The fake must be faithful enough that the real SDK cannot tell it from SendGrid, and strict
// enough that a malformed request fails here as it would there.
let fake: FakeSendGrid;
beforeAll(async () => {
  fake = await startFakeSendGrid();
});
afterAll(() => fake?.stop());
afterEach(() => fake.reset());

const validBody = {
  personalizations: [{ to: [{ email: 'to@example.com' }] }],
  from: { email: 'from@example.com', name: 'From' },
  subject: 'Hello',
  content: [
    { type: 'text/plain', value: 'plain' },
    { type: 'text/html', value: '<p>html</p>' },
  ],
};

function post(body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${fake.url}/v3/mail/send`, {
    method: 'POST',
    headers: { authorization: 'Bearer SG.test-key', 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

function sdk(apiKey = 'SG.test-key') {
  const client = new MailService();
  client.setApiKey(apiKey);
  // The SDK has no host option; the mailer points it elsewhere the same way (docs/architecture.md, "Tooling facts").
  (client as unknown as { client: { setDefaultRequest(key: string, value: string): void } }).client.setDefaultRequest(
    'baseUrl',
    fake.url,
  );
  return client;
}

describe('fake SendGrid', () => {
  it('listens on loopback with a free port', () => {
    expect(fake.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('accepts a mail from the real SDK with 202, an empty body and a message id, and records it', async () => {
    const [response] = await sdk().send({
      to: 'someone@example.com',
      from: { email: 'hello@parallax.test', name: 'Parallax' },
      replyTo: 'reply@example.com',
      subject: 'Subject line',
      text: 'Plain text',
      html: '<p>Html</p>',
    });
    expect(response.statusCode).toBe(202);
    expect(response.body).toBe('');
    expect(response.headers['x-message-id']).toBe(fake.mails[0]!.messageId);

    expect(fake.mails).toHaveLength(1);
    expect(fake.mails[0]).toMatchObject({
      authorization: 'Bearer SG.test-key',
      to: ['someone@example.com'],
      from: { email: 'hello@parallax.test', name: 'Parallax' },
      replyTo: 'reply@example.com',
      subject: 'Subject line',
      text: 'Plain text',
      html: '<p>Html</p>',
    });
    expect(fake.requests[0]!.headers['user-agent']).toMatch(/^sendgrid\//);
    expect(fake.mailsTo('SOMEONE@example.com')).toHaveLength(1);
  });

  it('answers a wrong key with 401 and SendGrid\u2019s error shape, which the SDK surfaces', async () => {
    const failure = await sdk('SG.wrong')
      .send({ to: 'a@example.com', from: 'b@example.com', subject: 's', text: 't' })
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(Error);
    const { code, response } = failure as { code: number; response: { body: unknown } };
    expect(code).toBe(401);
    expect(response.body).toEqual({
      errors: [
        { message: 'The provided authorization grant is invalid, expired, or revoked', field: null, help: null },
      ],
    });
    expect(fake.mails).toHaveLength(0);
    expect(fake.requests.map((r) => r.status)).toEqual([401]);
  });

  it('rejects a missing authorization header', async () => {
    const res = await fetch(`${fake.url}/v3/mail/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(validBody),
    });
    expect(res.status).toBe(401);
  });

  it('fails the next N sends with the scripted status, then recovers', async () => {
    fake.failNext(2, 500);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await post(validBody)).status);
    expect(statuses).toEqual([500, 500, 202]);
    expect(fake.mails).toHaveLength(1);
    fake.failNext(1, 503);
    const res = await post(validBody);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ errors: [{ message: 'Internal server error', field: null, help: null }] });
  });

  it.each([
    ['no personalizations', { personalizations: [] }, 'personalizations'],
    ['a recipient without an address', { personalizations: [{ to: [{ email: 'nope' }] }] }, 'personalizations.0.to'],
    ['no from address', { from: { name: 'x' } }, 'from.email'],
    ['no subject', { subject: undefined }, 'subject'],
    ['no content', { content: [] }, 'content'],
    ['html before text', { content: [validBody.content[1], validBody.content[0]] }, 'content'],
  ])('rejects %s with 400 naming the field', async (_label, override, field) => {
    const res = await post({ ...validBody, ...override });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: { field: string }[] };
    expect(body.errors[0]!.field).toBe(field);
    expect(fake.mails).toHaveLength(0);
  });

  it('rejects a body that is not JSON, and other paths and methods', async () => {
    expect((await post('{not json')).status).toBe(400);
    expect((await post(validBody, { 'content-type': 'text/plain' })).status).toBe(415);
    expect((await fetch(`${fake.url}/v3/mail/send`, { headers: { authorization: 'Bearer SG.test-key' } })).status).toBe(
      405,
    );
    expect((await fetch(`${fake.url}/v3/templates`, { headers: { authorization: 'Bearer SG.test-key' } })).status).toBe(
      404,
    );
    expect(fake.mails).toHaveLength(0);
  });

  it('exposes received mail and failure scripting over HTTP for another process', async () => {
    await post(validBody);
    const listed = (await (await fetch(`${fake.url}/__fake/mails`)).json()) as { to: string[]; subject: string }[];
    expect(listed).toMatchObject([{ to: ['to@example.com'], subject: 'Hello' }]);

    expect(
      (await fetch(`${fake.url}/__fake/fail`, { method: 'POST', body: JSON.stringify({ count: 1, status: 502 }) }))
        .status,
    ).toBe(204);
    expect((await post(validBody)).status).toBe(502);

    expect((await fetch(`${fake.url}/__fake/mails`, { method: 'DELETE' })).status).toBe(204);
    expect(await (await fetch(`${fake.url}/__fake/mails`)).json()).toEqual([]);
  });
});

describe('fake SendGrid as a standalone process', () => {
  it('starts from the command line, accepts mail and prints it', async () => {
    const script = fileURLToPath(new URL('./sendgrid.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', script, '--port', '0'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let output = '';
      child.stdout.setEncoding('utf8');
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk: string) => {
          output += chunk;
          const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
          if (match) resolve(match[1]!);
        });
        child.once('exit', (code) => reject(new Error(`fake exited with ${code}: ${output}`)));
      });
      const res = await fetch(`${url}/v3/mail/send`, {
        method: 'POST',
        headers: { authorization: 'Bearer SG.test-key', 'content-type': 'application/json' },
        body: JSON.stringify({
          ...validBody,
          content: [{ type: 'text/plain', value: 'Open http://parallax.test/verify-email?token=abc' }],
        }),
      });
      expect(res.status).toBe(202);
      await expect.poll(() => output).toContain('link:     http://parallax.test/verify-email?token=abc');
      expect(output).toContain('to:       to@example.com');
    } finally {
      child.kill('SIGTERM');
      if (child.exitCode === null) await once(child, 'exit');
    }
  });
});
