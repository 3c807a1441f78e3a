import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/client';
import { databaseReadiness } from '../db/readiness';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from './errors';

/**
 * The health checks a load balancer or orchestrator asks (docs/operations.md): /api/health as it has
 * always been; /api/health/live, the process answers; /api/health/ready, it can serve (database
 * reachable, every migration applied), else 503 with the reason and Retry-After.
 */
export async function healthRoutes(instance: FastifyInstance, { db }: { db: Database }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const ok = z.object({ status: z.literal('ok') });

  app.get('/api/health', { schema: { response: { 200: ok } } }, async () => ({ status: 'ok' as const }));
  app.get('/api/health/live', { schema: { response: { 200: ok } } }, async () => ({ status: 'ok' as const }));
  app.get(
    '/api/health/ready',
    {
      schema: {
        response: {
          200: z.object({ status: z.literal('ready') }),
          503: z.object({ status: z.literal('not ready'), reason: z.string() }),
        },
      },
    },
    async (_request, reply) => {
      const readiness = await databaseReadiness(db);
      if (readiness.ready) return { status: 'ready' as const };
      reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      return reply.code(503).send({ status: 'not ready' as const, reason: readiness.reason });
    },
  );
}
