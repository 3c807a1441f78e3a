import { Writable } from 'node:stream';
import type { FastifyServerOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { loadConfig } from '../config';
import { loggerOptions } from '../http/logger';
import { acceptedTerms } from '../../../tests/helpers/accounts';
import { createTestDatabase, type TestDatabase } from '../../../tests/helpers/test-app';
import { TEST_APP_SECRET } from '../../../tests/helpers/global-setup';

// Without a SendGrid key, each email is one log line a local user can follow (decision 0045); the
// terminal's readable form of it is checked in tests/process/readable-logs.test.ts.

let app: App;
let database: TestDatabase;
const lines: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: database.dataDir,
    APP_SECRET: TEST_APP_SECRET,
    APP_URL: 'http://parallax.test',
    LOG_LEVEL: 'info',
  });
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      callback();
    },
  });
  const logger = { ...(loggerOptions(config) as object), stream } as FastifyServerOptions['logger'];
  app = await buildApp({ config, db: database.db, logger, clientDir: null });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('an email written to the outbox', () => {
  it('is logged as one line naming the recipient and subject, with its link to open', async () => {
    const res = await app.inject({
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
    await app.background.drain();

    const messages = lines.map((line) => (JSON.parse(line) as { msg?: string }).msg ?? '');
    const emailLines = messages.filter((msg) => msg.startsWith('Email to '));
    expect(emailLines).toHaveLength(1);
    expect(emailLines[0]).toMatch(
      /^Email to outbox\.line@example\.com: Verify your Parallax email address \u2014 open: http:\/\/parallax\.test\/verify-email\?token=[A-Za-z0-9_-]{43}$/,
    );
  });
});
