import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { getAuth, sessionTokenOf } from '../auth/context';
import type { Database } from '../db/client';
import type { BackgroundTasks } from '../http/background';
import { recordAudit } from './audit-log';

// What an administrator does while acting as a user is theirs, not the user's: every state-changing
// request of an impersonation session leaves an audit row naming both, whatever route it reached,
// so no route can forget it. Reads are not recorded (the impersonation's start is).

export const IMPERSONATED_ACTION = 'impersonation.action';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

interface Acting {
  impersonatorId: number;
  userId: number;
  recorded: boolean;
}

const acting = new WeakMap<FastifyRequest, Acting>();

function record(db: Database, request: FastifyRequest, act: Acting, status: number, finished: boolean) {
  return recordAudit(db, request.ip, {
    actorUserId: act.impersonatorId,
    action: IMPERSONATED_ACTION,
    targetUserId: act.userId,
    details: {
      method: request.method,
      route: request.routeOptions.url ?? null,
      path: request.url.split('?')[0],
      status,
      // A stream the caller left before its end.
      ...(!finished && { finished }),
    },
  });
}

/** Registered before the routes, so that it covers every one of them. */
export function auditImpersonatedActions(app: FastifyInstance, db: Database, background: BackgroundTasks): void {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!STATE_CHANGING.has(request.method) || !sessionTokenOf(request)) return;
    // Looked up now, before the handler may end the session (a logout, the impersonation's end); the
    // handler then reuses this lookup (auth/context.ts).
    const auth = await getAuth(db, request);
    if (!auth?.session.impersonatorId) return;
    const act: Acting = { impersonatorId: auth.session.impersonatorId, userId: auth.user.id, recorded: false };
    acting.set(request, act);
    // A streamed answer (a hijacked reply) never passes onSend: it is recorded when it ends, however.
    const ended = (finished: boolean) => {
      if (act.recorded) return;
      act.recorded = true;
      const status = reply.raw.statusCode;
      background.run('impersonated action audit', () => record(db, request, act, status, finished));
    };
    reply.raw.once('finish', () => ended(true));
    reply.raw.once('close', () => ended(reply.raw.writableFinished));
  });

  // Written before the answer leaves, so whoever sees the answer can see its audit row too.
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const act = acting.get(request);
    if (!act || act.recorded) return payload;
    act.recorded = true;
    try {
      await record(db, request, act, reply.statusCode, true);
    } catch (err) {
      request.log.error({ err }, 'could not audit an impersonated action');
    }
    return payload;
  });
}
