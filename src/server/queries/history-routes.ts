import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { historySchema, sessionIdSchema } from '../../common/query-schemas';
import { queryMessages } from '../../common/query-messages';
import { messageResponseSchema } from '../../common/user-schemas';
import { signedInOrSessionUser } from '../auth/caller';
import type { Database } from '../db/client';
import { clearHistory, listHistory } from './history-repository';

// The Session History's calls (docs/product.md, "History and query detail").

const sessionParams = z.object({ sessionId: sessionIdSchema });

export async function historyRoutes(instance: FastifyInstance, { db }: { db: Database }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/history/:sessionId',
    { schema: { params: sessionParams, response: { 200: historySchema } } },
    async (request) => {
      const owner = await signedInOrSessionUser(db, request, request.params.sessionId);
      return owner ? listHistory(db, owner.id) : [];
    },
  );

  app.delete(
    '/api/history/:sessionId',
    { schema: { params: sessionParams, response: { 200: messageResponseSchema } } },
    async (request) => {
      const owner = await signedInOrSessionUser(db, request, request.params.sessionId);
      if (owner) await clearHistory(db, owner.id);
      return { message: queryMessages.historyCleared };
    },
  );
}
