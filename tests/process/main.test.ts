import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The real process entry: configuration errors at boot, the embedded database's lock, and a clean
// exit on SIGTERM.

const dataDir = mkdtempSync(path.join(tmpdir(), 'parallax-main-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/**
 * The port a server started with PORT=0 listens on, read from its log: the system picks a free one, where a
 * port found free beforehand can be taken by another test's process in the meantime.
 */
async function listeningPort(server: ReturnType<typeof startServer>): Promise<number> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const port = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(server.output())?.[1];
    if (port) return Number(port);
    if (server.child.exitCode !== null) throw new Error(`server exited early:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not start listening:\n${server.output()}`);
}

async function waitForHealth(port: number, child: ChildProcess) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('server exited early');
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not become healthy');
}

describe('the server process', () => {
  it('refuses to start on a malformed setting and names it', async () => {
    const server = startServer({ PORT: 'not-a-port', APP_URL: 'nope' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT');
    expect(server.output()).toContain('APP_URL');
  });

  it('refuses to start on PostgreSQL without APP_SECRET, naming it', async () => {
    const server = startServer({
      PORT: '0',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
    });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('APP_SECRET: required when DATABASE_URL is set');
  });

  it('serves, holds the embedded database against a second process, and exits cleanly on SIGTERM', async () => {
    const first = startServer({ PORT: '0', LOG_LEVEL: 'info' });
    const port = await listeningPort(first);
    await waitForHealth(port, first.child);
    expect(existsSync(path.join(dataDir, 'pglite.pid'))).toBe(true);

    const second = startServer({ PORT: '0' });
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/in use by process \d+/);

    const me = await fetch(`http://127.0.0.1:${port}/api/me`);
    expect(me.status).toBe(401);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'pglite.pid'))).toBe(false);
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
  }, 60_000);
});
