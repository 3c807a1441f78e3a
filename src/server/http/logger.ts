import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

// Tokens travel in some URLs (/api/verify-email/:token, ?token=): keep them out of the logs.
export function redactUrl(url: string): string {
  return url
    .replace(/(\/verify-email\/)[^/?#]+/, '$1[redacted]')
    .replace(/([?&](?:token|payment_intent_client_secret)=)[^&#]+/g, '$1[redacted]');
}

export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
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
