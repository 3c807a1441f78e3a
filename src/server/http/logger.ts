import {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { createRequire } from 'node:module';
import type { Config } from '../config';

// Tokens travel in some URLs (/api/verify-email/:token, ?token=): keep them out of the logs.
export function redactUrl(url: string): string {
  return url
    .replace(/(\/verify-email\/)[^/?#]+/, '$1[redacted]')
    .replace(/([?&](?:token|payment_intent_client_secret)=)[^&#]+/g, '$1[redacted]');
}

/**
 * Readable lines for a developer at a terminal (`npm run dev`, `npm start` in a shell): pino-pretty
 * as a transport, only in development and only when stdout is a terminal, so anything that reads
 * the output (a log collector, tests/process/) still gets one JSON object a line. Production never
 * takes this path: its logger is the plain one budget 1 of docs/performance.md was measured with
 * (decision 0045).
 */
export function prettyTransport(config: Config, stdoutIsTTY: boolean) {
  if (config.env !== 'development' || !stdoutIsTTY || !canLoad('pino-pretty')) return undefined;
  return {
    target: 'pino-pretty',
    options: { colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
  };
}

// pino-pretty is a development dependency: an install without them keeps JSON rather than failing to start.
function canLoad(name: string): boolean {
  try {
    createRequire(import.meta.url).resolve(name);
    return true;
  } catch {
    return false;
  }
}

export function loggerOptions(
  config: Config,
  stdoutIsTTY: boolean = process.stdout.isTTY === true,
): FastifyServerOptions['logger'] {
  const transport = prettyTransport(config, stdoutIsTTY);
  return {
    ...(transport && { transport }),
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        '*.password',
        '*.newPassword',
        '*.currentPassword',
        '*.apiKey',
        '*.secretKey',
        '*.token',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
    },
  };
}

/** A read slower than this is logged like a change, at info: slowness is worth an operator's eye. */
export const SLOW_READ_MS = 1000;
const READS = new Set(['GET', 'HEAD']);

/**
 * One line per request, when it has been answered: the request (method, redacted URL, address),
 * its status and how long it took, under the request id (decision 0031). Changes, failures and slow
 * reads are logged at info; a read answered well and fast (every page load makes several) at debug,
 * so LOG_LEVEL=debug gives the whole access log. Fastify's own logging wrote two lines for every
 * request, which cost a signed-in call more than all the rest of its work (docs/performance.md,
 * budget 1). The line holds only what the `req` serializer above lets through, so it skips the
 * redaction pass; every other line, errors included, keeps it.
 */
export class OneLinePerRequest extends LogController {
  private access: FastifyBaseLogger | undefined;

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    this.access ??= request.server.log.child({}, { redact: { paths: [] } });
    const statusCode = reply.statusCode;
    const responseTime = reply.elapsedTime;
    const entry = { reqId: request.id, req: request, res: { statusCode }, responseTime };
    if (READS.has(request.method) && statusCode < 400 && responseTime < SLOW_READ_MS) {
      this.access.debug(entry, 'request completed');
    } else {
      this.access.info(entry, 'request completed');
    }
  }
}

type ChildLoggerFactory = NonNullable<FastifyServerOptions['childLoggerFactory']>;
type Logger = ReturnType<ChildLoggerFactory>;

/**
 * Fastify gives every request a child logger bound to its id. Most requests never log through it
 * (their one line comes from OneLinePerRequest), and making a pino child per request cost about a
 * fifth of a cached call; this one makes it on the first line the request logs.
 */
class DeferredChildLogger {
  private made: Logger | undefined;

  constructor(
    private readonly parent: Logger,
    private readonly bindings: Parameters<Logger['child']>[0],
    private readonly options: Parameters<Logger['child']>[1],
  ) {}

  private get logger(): Logger {
    return (this.made ??= this.parent.child(this.bindings, this.options));
  }

  get level() {
    return this.logger.level;
  }
  set level(level) {
    this.logger.level = level;
  }
  fatal(...args: Parameters<Logger['fatal']>) {
    this.logger.fatal(...args);
  }
  error(...args: Parameters<Logger['error']>) {
    this.logger.error(...args);
  }
  warn(...args: Parameters<Logger['warn']>) {
    this.logger.warn(...args);
  }
  info(...args: Parameters<Logger['info']>) {
    this.logger.info(...args);
  }
  debug(...args: Parameters<Logger['debug']>) {
    this.logger.debug(...args);
  }
  trace(...args: Parameters<Logger['trace']>) {
    this.logger.trace(...args);
  }
  silent(...args: Parameters<Logger['silent']>) {
    this.logger.silent(...args);
  }
  child(...args: Parameters<Logger['child']>) {
    return this.logger.child(...args);
  }
}

export const deferredChildLogger: ChildLoggerFactory = (logger, bindings, options) =>
  new DeferredChildLogger(logger, bindings, options) as unknown as Logger;
