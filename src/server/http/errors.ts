import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorResponse } from '../../common/user-schemas';
import { serverMessages } from '../../common/messages';
import { isDatabaseUnavailable } from '../db/unavailable';

/** How long a caller should wait before trying again while the database is unreachable, in seconds. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** An error whose message is safe and meant for the caller. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, extra?: Record<string, unknown>) => new HttpError(400, message, extra);
export const unauthorized = (message: string = serverMessages.notAuthenticated) => new HttpError(401, message);
export const forbidden = (message: string = serverMessages.forbidden) => new HttpError(403, message);
export const notFound = (message: string = serverMessages.notFound) => new HttpError(404, message);
export const conflict = (message: string, extra?: Record<string, unknown>) => new HttpError(409, message, extra);

/** One shape for every failure: `{ message, errors? }`, where errors maps a field to its first message. */
export function errorHandler(error: FastifyError | HttpError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) {
    return reply
      .code(error.statusCode)
      .headers(error.headers)
      .send({ message: error.message, ...error.extra });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors: Record<string, string> = {};
    for (const issue of error.validation) {
      const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
      errors[field] ??= issue.message ?? serverMessages.invalidRequest;
    }
    // A body that is not an object at all has no field to blame: zod's wording means nothing to a user.
    const first = error.validation[0];
    const message =
      first && first.instancePath !== '/'
        ? (first.message ?? serverMessages.invalidRequest)
        : serverMessages.invalidRequest;
    const body: ErrorResponse = { message, errors };
    return reply.code(400).send(body);
  }
  const status = (error as FastifyError).statusCode ?? 500;
  if (status >= 400 && status < 500) {
    // Fastify's own client errors (malformed JSON, body too large, wrong content type).
    return reply.code(status).send({ message: error.message || serverMessages.invalidRequest });
  }
  if (isDatabaseUnavailable(error)) {
    // An outage, not a defect: one warning per request, and the caller is told to come back.
    request.log.warn({ err: error }, 'database unavailable');
    return reply
      .code(503)
      .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
      .send({ message: serverMessages.serviceUnavailable });
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.code(500).send({ message: serverMessages.internalError });
}
