import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionIdSchema } from '../../common/query-schemas';
import { subscriptionStatusSchema } from '../../common/subscription-schemas';
import { getAuth } from '../auth/context';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { findSessionUser } from '../users/repository';
import { hasActiveSubscription } from './service';

/** The caller's allowance and subscription as the Home page reads it (spec section 3, 'by session'). */
export async function allowanceRoutes(instance: FastifyInstance, { db, config }: { db: Database; config: Config }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/subscription-status-by-session/:sessionId',
    {
      schema: {
        params: z.object({ sessionId: sessionIdSchema }),
        querystring: z.object({ forceRefresh: z.enum(['true', 'false']).optional() }),
        response: { 200: subscriptionStatusSchema },
      },
    },
    async (request) => {
      const auth = await getAuth(db, request);
      const user = auth?.user ?? (await findSessionUser(db, request.params.sessionId));
      if (!user) {
        // An anonymous visitor who has not asked yet still has the whole free allowance.
        return {
          userId: null,
          hasActiveSubscription: false,
          subscriptionStatus: null,
          subscriptionTier: 'free',
          subscriptionExpiresAt: null,
          stripeSubscriptionId: null,
          paidQuestionsRemaining: 0,
          freeQuestionsRemaining: config.freeQuestions,
        };
      }
      return {
        userId: user.id,
        hasActiveSubscription: hasActiveSubscription(user),
        subscriptionStatus: user.subscriptionStatus,
        subscriptionTier: user.subscriptionTier,
        subscriptionExpiresAt: user.subscriptionExpiresAt?.toISOString() ?? null,
        stripeSubscriptionId: user.stripeSubscriptionId,
        paidQuestionsRemaining: user.paidQuestionsRemaining,
        freeQuestionsRemaining: user.freeQuestionsRemaining,
      };
    },
  );
}
