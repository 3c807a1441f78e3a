import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  planChangePreviewQuerySchema,
  planChangePreviewSchema,
  planChangeRequestSchema,
  planChangeResultSchema,
} from '../../common/billing-schemas';
import { requireUser } from '../auth/context';
import type { Database } from '../db/client';
import { PlanChangeService } from './plan-change';
import type { PlanService } from './plans';
import type { BillingService } from './service';
import { SubscriptionSync } from './subscription-sync';

export interface PlanChangeRouteDeps {
  db: Database;
  plans: PlanService;
  billing: BillingService;
}

/** The checkout page's plan change for a subscriber: a read-only preview, then the confirm call (decision 0020). */
export async function planChangeRoutes(instance: FastifyInstance, { db, plans, billing }: PlanChangeRouteDeps) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const changes = new PlanChangeService(db, billing, plans, new SubscriptionSync(db, plans));

  app.get(
    '/api/stripe/plan-change-preview',
    { schema: { querystring: planChangePreviewQuerySchema, response: { 200: planChangePreviewSchema } } },
    async (request) => {
      const { user } = await requireUser(db, request);
      return changes.preview(user, request.query.planId, request.query.when);
    },
  );

  app.post(
    '/api/stripe/change-plan',
    { schema: { body: planChangeRequestSchema, response: { 200: planChangeResultSchema } } },
    async (request) => {
      const { user } = await requireUser(db, request);
      return changes.confirm(user, request.body);
    },
  );
}
