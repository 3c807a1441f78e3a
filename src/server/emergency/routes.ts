import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createEmergencyAdminResponseSchema,
  createEmergencyAdminSchema,
  EMERGENCY_TOKEN_HEADER,
  forceLoginParamsSchema,
  forceLoginResponseSchema,
  isEmergencyPage,
  listAdminsQuerySchema,
  listAdminsResponseSchema,
  passwordCompareResultSchema,
  passwordCompareSchema,
} from '../../common/emergency-schemas';
import { emergencyMessages } from '../../common/emergency-messages';
import { fillMessage } from '../../common/messages';
import { recordAudit } from '../audit/audit-log';
import { setSessionCookie } from '../auth/context';
import type { AuthService } from '../auth/service';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { HttpError, notFound, unauthorized } from '../http/errors';
import { createLimit } from '../http/rate-limit';
import { toPublicUser } from '../users/repository';
import { EmergencyService, type EmergencyAuditEntry } from './service';

export interface EmergencyRouteDeps {
  db: Database;
  config: Config;
  auth: AuthService;
}

// Fixed and small on purpose: a token holder needs a handful of tries, a guesser needs millions.
const WINDOW_MS = 15 * 60_000;
const BAD_TOKEN_MAX = 10;
const COMPARE_MAX = 10;

/** The break-glass pages are drawn only while their calls exist; otherwise they answer 404 like any unknown page. */
export function emergencyPageHidden(config: Config, pathname: string): boolean {
  return !config.emergencyAdminToken && isEmergencyPage(pathname);
}

const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * The break-glass calls (docs/architecture.md, "Security rules"): registered only when EMERGENCY_ADMIN_TOKEN is set,
 * so without it they answer the ordinary 404; with it, each call must carry the token.
 */
export async function emergencyRoutes(instance: FastifyInstance, { db, config, auth }: EmergencyRouteDeps) {
  const token = config.emergencyAdminToken;
  if (!token) return;
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const service = new EmergencyService(db, auth);
  // Hashing both sides gives equal lengths, which timingSafeEqual needs, without revealing the token's.
  const expected = sha256(token);
  const badTokenLimit = createLimit(instance, 'emergency-bad-token', BAD_TOKEN_MAX, WINDOW_MS);
  const compareLimit = createLimit(instance, 'emergency-compare', COMPARE_MAX, WINDOW_MS);
  // When an address ran out of bad-token attempts: audited once per window, so a flood of guesses
  // cannot fill the audit log. Counted where the limits are, so once across all instances too.
  const lockoutAudit = createLimit(instance, 'emergency-lockout-audited', 1, WINDOW_MS);
  const firstLockout = async (request: FastifyRequest) => {
    try {
      await lockoutAudit(request);
      return true;
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 429) return false;
      throw error;
    }
  };

  const record = async (request: FastifyRequest, entry: EmergencyAuditEntry) => {
    request.log.warn(
      { emergencyAction: entry.action, targetUserId: entry.targetUserId ?? null },
      'emergency admin access used',
    );
    // Nobody is signed in behind a break-glass call: the token holder is known only by address.
    await recordAudit(db, request.ip, { actorUserId: null, ...entry });
  };

  instance.addHook('onRequest', async (request) => {
    const given = request.headers[EMERGENCY_TOKEN_HEADER];
    const presented = typeof given === 'string' && given !== '' ? given : undefined;
    // The right token always passes (decision 0018): behind a proxy without TRUST_PROXY every caller
    // shares one address, and nobody else's bad guesses may lock the operator out. The token's length
    // (24+ characters) is what makes guessing hopeless; the limit below only rations the noise.
    if (presented !== undefined && timingSafeEqual(sha256(presented), expected)) return;

    const details = {
      method: request.method,
      path: request.url.split('?')[0],
      reason: presented ? 'wrong' : 'missing',
    };
    try {
      await badTokenLimit(request);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 429 && (await firstLockout(request))) {
        request.log.warn({ emergencyAction: 'emergency.locked_out' }, 'emergency calls refused: too many bad tokens');
        await record(request, { action: 'emergency.bad_token', details: { ...details, lockedOut: true } });
      }
      throw error;
    }
    await record(request, { action: 'emergency.bad_token', details });
    throw unauthorized(presented ? emergencyMessages.tokenInvalid : emergencyMessages.tokenMissing);
  });

  app.get(
    '/api/list-all-admins',
    { schema: { querystring: listAdminsQuerySchema, response: { 200: listAdminsResponseSchema } } },
    async (request) => {
      const { details } = request.query;
      const adminUsers = await service.listAdmins(details);
      await record(request, {
        action: 'emergency.list_admins',
        targetUserId: details !== undefined && adminUsers.length > 0 ? details : null,
        details: details === undefined ? {} : { details },
      });
      if (details !== undefined && adminUsers.length === 0) throw notFound(emergencyMessages.adminNotFound);
      return { adminUsers };
    },
  );

  app.post(
    '/api/debug-password-compare',
    { schema: { body: passwordCompareSchema, response: { 200: passwordCompareResultSchema } } },
    async (request) => {
      // Each answer says whether a password fits an admin's hash: an oracle, so it is rationed.
      await compareLimit(request);
      const { userId, password } = request.body;
      const admin = await service.findAdmin(userId);
      if (!admin) {
        await record(request, { action: 'emergency.password_compare', details: { userId, found: false } });
        throw notFound(emergencyMessages.adminNotFound);
      }
      const result = await service.comparePassword(admin, password);
      await record(request, {
        action: 'emergency.password_compare',
        targetUserId: admin.id,
        details: { userId: admin.id, matched: result.helperMatch },
      });
      return result;
    },
  );

  app.post(
    '/api/force-admin-login/:id',
    { schema: { params: forceLoginParamsSchema, response: { 200: forceLoginResponseSchema } } },
    async (request, reply) => {
      const admin = await service.findAdmin(request.params.id);
      if (!admin) {
        await record(request, {
          action: 'emergency.force_login',
          details: { userId: request.params.id, refused: 'not an admin' },
        });
        throw notFound(emergencyMessages.adminNotFound);
      }
      const { token: sessionToken } = await service.startSession(admin, {
        userAgent: request.headers['user-agent'],
        ipAddress: request.ip,
      });
      setSessionCookie(reply, config, sessionToken);
      await record(request, { action: 'emergency.force_login', targetUserId: admin.id, details: {} });
      return {
        message: fillMessage(emergencyMessages.forcedLogin, { username: admin.username }),
        user: toPublicUser(admin),
      };
    },
  );

  app.post(
    '/api/create-emergency-admin',
    { schema: { body: createEmergencyAdminSchema, response: { 201: createEmergencyAdminResponseSchema } } },
    async (request, reply) => {
      const created = await service.createAdmin(request.body);
      await record(request, {
        action: 'emergency.create_admin',
        targetUserId: created.id,
        details: { username: created.username },
      });
      return reply.code(201).send({ id: created.id });
    },
  );
}
