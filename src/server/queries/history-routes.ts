import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HISTORY_NEXT_CURSOR_HEADER } from '../../common/history-paging';
import { DATABASE_INT_MAX } from '../../common/limits';
import { TOTAL_COUNT_HEADER } from '../../common/list-headers';
import { historyQuerySchema } from '../../common/history-schemas';
import { historySchema, sessionIdSchema } from '../../common/query-schemas';
import { queryMessages } from '../../common/query-messages';
import { messageResponseSchema } from '../../common/user-schemas';
import { signedInOrSessionUser } from '../auth/caller';
import type { Database } from '../db/client';
import { notFound } from '../http/errors';
import {
  clearHistory,
  deleteQuestion,
  listHistory,
  readHistoryAround,
  readHistoryPage,
  restoreQuestion,
} from './history-repository';
import { scheduleHistoryPurge } from './history-purge';

// The Session History's calls (docs/product.md, "History and query detail"; decision 0050).

const sessionParams = z.object({ sessionId: sessionIdSchema });
const questionParams = z.object({ id: z.coerce.number().int().positive().max(DATABASE_INT_MAX) });
const sessionQuery = z.object({ sessionId: sessionIdSchema.optional() });

export async function historyRoutes(instance: FastifyInstance, { db }: { db: Database }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  scheduleHistoryPurge(instance, db);

  /** The caller's own question `id` changed by `change`, or 404 exactly as for a missing one. */
  async function changeOwnQuestion(
    request: FastifyRequest,
    id: number,
    sessionId: string | undefined,
    change: (db: Database, userId: number, id: number) => Promise<boolean>,
  ) {
    const owner = await signedInOrSessionUser(db, request, sessionId);
    if (!owner || !(await change(db, owner.id, id))) throw notFound(queryMessages.queryNotFound);
  }

  // The body stays the spec's array of saved questions; the page's cursor and a search's total are headers.
  app.get(
    '/api/history/:sessionId',
    { schema: { params: sessionParams, querystring: historyQuerySchema, response: { 200: historySchema } } },
    async (request, reply) => {
      const owner = await signedInOrSessionUser(db, request, request.params.sessionId);
      const { q, before, limit, around } = request.query;
      if (around !== undefined) return owner ? readHistoryAround(db, owner.id, around) : [];
      const search = q || undefined;
      if (!owner) {
        if (search) reply.header(TOTAL_COUNT_HEADER, '0');
        return [];
      }
      const plain = !search && !before && limit === undefined;
      const page = plain
        ? await listHistory(db, owner.id)
        : await readHistoryPage(db, owner.id, { limit, before, search });
      if (page.next) reply.header(HISTORY_NEXT_CURSOR_HEADER, page.next);
      if (page.total !== undefined) reply.header(TOTAL_COUNT_HEADER, String(page.total));
      return page.items;
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

  // One question out of the history, undoably (restore below); only its owner may, anyone else gets 404.
  app.delete(
    '/api/query/:id',
    { schema: { params: questionParams, querystring: sessionQuery, response: { 200: messageResponseSchema } } },
    async (request) => {
      await changeOwnQuestion(request, request.params.id, request.query.sessionId, deleteQuestion);
      return { message: queryMessages.questionDeleted };
    },
  );

  app.post(
    '/api/query/:id/restore',
    { schema: { params: questionParams, querystring: sessionQuery, response: { 200: messageResponseSchema } } },
    async (request) => {
      await changeOwnQuestion(request, request.params.id, request.query.sessionId, restoreQuestion);
      return { message: queryMessages.questionRestored };
    },
  );
}
