import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { acceptedTerms } from '../helpers/accounts';

// What a developer sees in the terminal (decision 0045): readable lines from `npm run dev` and
// `npm start` at a terminal, the outbox's links on one clickable line, and JSON whenever the output
// goes elsewhere or the app runs in production. util-linux `script` gives the server a terminal.

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

// Colours and the terminal's carriage returns, so the text can be matched as a reader sees it.
const ansiColour = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const plain = (text: string) => text.replace(ansiColour, '').replace(/\r/g, '');

async function startServer(nodeEnv: 'development' | 'production', { terminal }: { terminal: boolean }) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parallax-logs-'));
  dirs.push(dataDir);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = `exec "${process.execPath}" --import tsx src/server/main.ts`;
  const child = spawn(terminal ? 'script' : 'sh', terminal ? ['-qfec', server, '/dev/null'] : ['-c', server], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: nodeEnv,
      LOG_LEVEL: 'info',
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: origin,
      ...(nodeEnv === 'production' && { APP_SECRET: 'test-secret-test-secret-test-secret-0123' }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const deadline = Date.now() + 60_000;
  while (!plain(output).includes(`Parallax is listening on ${origin}`)) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    origin,
    output: () => plain(output),
    /** Waits until the output holds a line matching `pattern`, and gives that line. */
    async line(pattern: RegExp) {
      const until = Date.now() + 15_000;
      for (;;) {
        const found = plain(output)
          .split('\n')
          .find((line) => pattern.test(line));
        if (found) return found;
        if (Date.now() > until) throw new Error(`no line matching ${pattern}:\n${plain(output)}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async stop() {
      // The whole group: `script` and the server under it.
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
    },
  };
}

const isJsonLine = (line: string) => {
  try {
    return typeof JSON.parse(line) === 'object';
  } catch {
    return false;
  }
};

describe('the server log', () => {
  it('is readable lines at a terminal in development, with each outbox email on one line whose link works', async () => {
    const server = await startServer('development', { terminal: true });
    try {
      const listening = await server.line(/Parallax is listening on/);
      expect(listening).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: Parallax is listening on http:\/\/127\.0\.0\.1:\d+$/);
      expect(server.output().split('\n').filter(isJsonLine)).toEqual([]);

      const email = `newcomer.${Date.now()}@example.com`;
      const registered = await fetch(`${server.origin}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          username: `newcomer${Date.now()}`,
          email,
          password: 'a-long-passphrase',
          ...acceptedTerms,
        }),
      });
      expect(registered.status).toBe(201);

      const line = await server.line(/Email to /);
      const escaped = server.origin.replace(/[.]/g, '\\.');
      expect(line).toMatch(
        new RegExp(
          `INFO: Email to ${email.replace(/[.]/g, '\\.')}: Verify your Parallax email address \u2014 open: ${escaped}/verify-email\\?token=[A-Za-z0-9_-]{43}$`,
        ),
      );
      const token = new URL(line.slice(line.indexOf('open: ') + 'open: '.length)).searchParams.get('token')!;
      const verified = await fetch(`${server.origin}/api/verify-email/${token}`);
      expect(verified.status).toBe(200);
    } finally {
      await server.stop();
    }
  }, 120_000);

  it.each([
    ['in production, even at a terminal', 'production', true],
    ['in development when the output is not a terminal', 'development', false],
  ] as const)(
    'stays one JSON object a line %s',
    async (_, mode, terminal) => {
      const server = await startServer(mode, { terminal });
      try {
        const listening = await server.line(/Parallax is listening on/);
        expect(JSON.parse(listening)).toMatchObject({ level: 30, msg: `Parallax is listening on ${server.origin}` });
      } finally {
        await server.stop();
      }
    },
    120_000,
  );
});
