import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedTerms } from '../../../tests/helpers/accounts';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

// Without a SendGrid key, each email is one log line a local user can follow (decision 0045); the
// terminal's readable form of it is checked in tests/process/readable-logs.test.ts.

let t: TestApp;
const lines: string[] = [];

beforeAll(async () => {
  t = await createTestApp({}, {}, { logLines: lines });
});
afterAll(async () => {
  await t?.close();
});

describe('an email written to the outbox', () => {
  it('is logged as one line naming the recipient and subject, with its link to open', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        username: 'outboxline',
        email: 'outbox.line@example.com',
        password: 'a-long-passphrase',
        ...acceptedTerms,
      },
    });
    expect(res.statusCode).toBe(201);
    await t.app.background.drain();

    const messages = lines.map((line) => (JSON.parse(line) as { msg?: string }).msg ?? '');
    const emailLines = messages.filter((msg) => msg.startsWith('Email to '));
    expect(emailLines).toHaveLength(1);
    expect(emailLines[0]).toMatch(
      /^Email to outbox\.line@example\.com: Verify your Parallax email address \u2014 open: http:\/\/parallax\.test\/verify-email\?token=[A-Za-z0-9_-]{43}$/,
    );
  });
});
