// Starts the built server for the end-to-end run on a fresh embedded database, and keeps its log
// in a file the tests read: with no email provider configured, the outbox prints each email's
// links there (DESIGN.md section 6), which is how a test follows a verification link.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { e2eDataDir, e2eLogFile } from './paths.mjs';

const port = process.argv[2] ?? '4319';
rmSync(e2eDataDir, { recursive: true, force: true });
mkdirSync(e2eDataDir, { recursive: true });
mkdirSync(path.dirname(e2eLogFile), { recursive: true });
const log = createWriteStream(e2eLogFile);

const server = spawn(process.execPath, ['dist/server/main.js'], {
  env: {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    PORT: port,
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: e2eDataDir,
    LOG_LEVEL: 'info',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
server.stdout.pipe(log);
server.stderr.pipe(process.stderr);
const stop = () => server.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', (code) => process.exit(code ?? 0));
