import { execFile } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

// A PostgreSQL cluster of a test's own, for tests that must stop, restart or kill the database: the
// shared one (127.0.0.1:5432) serves every other test at the same time. Its data, socket and log live
// in one temporary folder, on a port of its own, and go when it is stopped. Needs PostgreSQL's
// server binaries (Debian's postgresql package, /usr/lib/postgresql/<version>/bin). PostgreSQL
// refuses to run as root: as root (CI) the cluster runs as the `postgres` user, through runuser.

const run = promisify(execFile);

/** The newest installed PostgreSQL's binaries, or undefined when there are none. */
export function postgresBinaries(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] && path.join(root, versions[0], 'bin');
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function postgresUserIds(): Promise<{ uid: number; gid: number }> {
  const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url: string;
  /** The server's log so far (what a failed test should show). */
  log(): string;
  /** `pg_ctl restart -m fast`: every connection is cut, the server is back when this resolves. */
  restart(): Promise<void>;
  /** Stops the server at once and removes its folder. */
  stop(): Promise<void>;
}

/** Creates and starts a cluster with one empty database, `database`. */
export async function startPrivatePostgres(database = 'parallax'): Promise<PrivatePostgres> {
  const bin = postgresBinaries();
  if (!bin) throw new Error('PostgreSQL server binaries not found under /usr/lib/postgresql');
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(tmpdir(), 'parallax-pg-'));
  const data = path.join(dir, 'data');
  const socket = path.join(dir, 'socket');
  const logFile = path.join(dir, 'server.log');
  mkdirSync(socket);
  if (asRoot) {
    const { uid, gid } = await postgresUserIds();
    chmodSync(dir, 0o755);
    chownSync(dir, uid, gid);
    chownSync(socket, uid, gid);
  }
  const pg = (tool: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]) : run(path.join(bin, tool), args);
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${socket}`,
    '-c listen_addresses=127.0.0.1',
    // A test database: speed over durability.
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
  ].join(' ');
  const ctl = (...args: string[]) =>
    pg('pg_ctl', ['-D', data, '-l', logFile, '-o', options, '-w', '-t', '30', ...args]);
  let started = false;
  const stop = async () => {
    try {
      if (started) await pg('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } catch {
      // Already stopped.
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  try {
    await pg('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '--no-instructions']);
    await ctl('start');
    started = true;
    await pg('psql', ['-h', socket, '-p', String(port), '-U', 'postgres', '-c', `CREATE DATABASE ${database}`]);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/${database}`,
    log: () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : ''),
    restart: async () => {
      await ctl('-m', 'fast', 'restart');
    },
    stop,
  };
}
