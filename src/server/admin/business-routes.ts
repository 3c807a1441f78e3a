import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminServerMessages as m } from '../../common/admin-messages';
import {
  abandonedCheckoutSchema,
  adminListQuerySchema,
  adminPaymentSchema,
  adminPlanInputSchema,
  adminPlanSchema,
  adminPlanUpdateSchema,
  dashboardSchema,
  planIdParamsSchema,
  subscriptionEventSchema,
} from '../../common/admin-billing-schemas';
import { formatRevenueHeader, TOTAL_COUNT_HEADER, TOTAL_REVENUE_HEADER } from '../../common/list-headers';
import { leaderboardDailyQuerySchema, leaderboardDailySchema } from '../../common/leaderboard';
import { requireAdmin } from '../auth/context';
import { readLeaderboardDaily } from '../leaderboard/service';
import { conflict, HttpError, notFound } from '../http/errors';
import { abandonedCheckouts } from './abandoned-checkouts';
import { dashboard, listPayments, listSubscriptionEvents } from './activity-queries';
import type { AdminDeps } from './deps';
import { createPlanAudited, updatePlanAudited } from './plan-changes';

/** Dashboard, payments, subscription events, abandoned checkouts and plans. */
export async function adminBusinessRoutes(instance: FastifyInstance, { db, gateway, plans }: AdminDeps) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get('/api/admin/dashboard', { schema: { response: { 200: dashboardSchema } } }, async () => dashboard(db));

  // The leaderboard's figures per day for the dashboard's chart (issue 14, item 3).
  app.get(
    '/api/admin/leaderboard/daily',
    { schema: { querystring: leaderboardDailyQuerySchema, response: { 200: leaderboardDailySchema } } },
    async (request) => readLeaderboardDaily(db, request.query.days, new Date()),
  );

  app.get(
    '/api/admin/payments',
    { schema: { querystring: adminListQuerySchema, response: { 200: adminPaymentSchema.array() } } },
    async (request, reply) => {
      const { rows, total, revenue } = await listPayments(db, request.query);
      // Per currency, never one sum across currencies (decision 0037; the format is list-headers.ts's).
      reply.header(TOTAL_COUNT_HEADER, String(total)).header(TOTAL_REVENUE_HEADER, formatRevenueHeader(revenue));
      return rows;
    },
  );

  app.get(
    '/api/admin/subscription-events',
    { schema: { querystring: adminListQuerySchema, response: { 200: subscriptionEventSchema.array() } } },
    async (request, reply) => {
      const { rows, total } = await listSubscriptionEvents(db, request.query);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return rows;
    },
  );

  app.get(
    '/api/admin/abandoned-checkouts',
    { schema: { response: { 200: abandonedCheckoutSchema.array() } } },
    async (request) => {
      try {
        return await abandonedCheckouts(gateway, plans);
      } catch (error) {
        request.log.error({ err: error }, 'listing abandoned checkouts failed');
        throw new HttpError(502, 'Stripe did not answer. Please check the payment settings and try again.');
      }
    },
  );

  app.get('/api/admin/subscription-plans', { schema: { response: { 200: adminPlanSchema.array() } } }, async () =>
    plans.listAll(),
  );

  app.post(
    '/api/admin/subscription-plans',
    { schema: { body: adminPlanInputSchema, response: { 201: adminPlanSchema } } },
    async (request, reply) => {
      const { user } = await requireAdmin(db, request);
      const row = await createPlanAudited(db, gateway, request, user, request.body);
      if (!row) throw conflict(m.planExists, { errors: { name: m.planExists } });
      return reply.code(201).send(await plans.toPlan(row));
    },
  );

  app.put(
    '/api/admin/subscription-plans/:id',
    { schema: { params: planIdParamsSchema, body: adminPlanUpdateSchema, response: { 200: adminPlanSchema } } },
    async (request) => {
      const { user } = await requireAdmin(db, request);
      const row = await updatePlanAudited(db, gateway, request, user, request.params.id, request.body);
      if (!row) throw notFound(m.planNotFound);
      return plans.toPlan(row);
    },
  );
}
