import { Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';

/** One line a logger wrote, as the operator's log collector would read it. */
export interface LogLine {
  level: number;
  msg: string;
  reason?: string;
  err?: { stack?: string };
}

export const WARN = 40;
export const ERROR = 50;

/** A pino logger at info whose JSON lines are parsed onto `lines`, for the parts of the app given a logger. */
export function capturedLogger(): { log: FastifyBaseLogger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const text of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(text) as LogLine);
      callback();
    },
  });
  return { log: pino({ level: 'info' }, stream) as unknown as FastifyBaseLogger, lines };
}
