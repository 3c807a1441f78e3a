import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { subscriptionActionResponseSchema } from '../../common/billing-schemas';
import { billingMessages } from '../../common/billing-messages';
import { sessionIdSchema } from '../../common/query-schemas';
import {
  customerDiagnosticsSchema,
  subscriptionCheckSchema,
  subscriptionRefreshSchema,
  subscriptionStatusSchema,
  subscriptionVerificationSchema,
} from '../../common/subscription-schemas';
import { TEST_RESETS_PER_HOUR, testResetResponseSchema } from '../../common/test-tools';
import { testToolsMessages } from '../../common/test-tools-messages';
import { ID_MAX, safeText } from '../../common/text-rules';
import { requireUser } from '../auth/context';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Mailer } from '../email/mailer';
import { notFound } from '../http/errors';
import { createLimit } from '../http/rate-limit';
import type { AnonymousLimits } from '../users/anonymous-limits';
import { signedInOrSessionUser } from '../auth/caller';
import { cancellationRecentlyRecorded, notifyAdminsOfCancellation } from './notifications';
import type { BillingService } from './service';
import { SubscriptionStatusService } from './status-service';
import type { StripeGateway } from './stripe-gateway';
import { resetTestAccount, testModeStripe } from './test-account-reset';

export interface StatusRouteDeps {
  db: Database;
  config: Config;
  billing: BillingService;
  gateway: StripeGateway;
  mailer: Mailer;
  anonymousLimits: AnonymousLimits;
}

/** The subscription status calls (docs/product.md, "API calls"): by session, checks, refreshes and diagnostics. */
export async function statusRoutes(
  instance: FastifyInstance,
  { db, config, billing, gateway, mailer, anonymousLimits }: StatusRouteDeps,
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const notificationLimit = createLimit(instance, 'admin-notification', 5, 60 * 60_000);
  const resetLimit = createLimit(instance, 'test-reset', TEST_RESETS_PER_HOUR, 60 * 60_000);
  const status = new SubscriptionStatusService(db, config, billing, gateway, anonymousLimits);

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
      let user = await signedInOrSessionUser(db, request, request.params.sessionId);
      if (request.query.forceRefresh === 'true') user = await status.refreshed(user);
      return status.callerStatus(request, user);
    },
  );

  app.get('/api/subscription-check', { schema: { response: { 200: subscriptionStatusSchema } } }, async (request) => {
    const { user } = await requireUser(db, request);
    return status.statusOf(user);
  });

  app.post(
    '/api/subscription-check',
    {
      schema: {
        body: z.object({ sessionId: sessionIdSchema.optional() }).nullish(),
        response: { 200: subscriptionStatusSchema },
      },
    },
    async (request) => status.callerStatus(request, await signedInOrSessionUser(db, request, request.body?.sessionId)),
  );

  app.post(
    '/api/check-subscription',
    {
      schema: {
        body: z.object({ sessionId: sessionIdSchema.optional() }).nullish(),
        response: { 200: subscriptionCheckSchema },
      },
    },
    async (request) => status.check(await signedInOrSessionUser(db, request, request.body?.sessionId)),
  );

  app.post(
    '/api/stripe/refresh-subscription',
    { schema: { response: { 200: subscriptionRefreshSchema } } },
    async (request) => status.refresh((await requireUser(db, request)).user),
  );

  app.get(
    '/api/billing/verify-subscription/:subscriptionId',
    {
      schema: {
        params: z.object({ subscriptionId: safeText({ max: ID_MAX }) }),
        response: { 200: subscriptionVerificationSchema },
      },
    },
    async (request) => status.verify((await requireUser(db, request)).user, request.params.subscriptionId),
  );

  app.get(
    '/api/diagnostic-check/:customerId',
    {
      schema: {
        params: z.object({ customerId: safeText({ max: ID_MAX }) }),
        response: { 200: customerDiagnosticsSchema },
      },
    },
    async (request) => status.customerDiagnostics((await requireUser(db, request)).user, request.params.customerId),
  );

  app.post(
    '/api/send-admin-notification',
    {
      schema: {
        body: z.object({
          type: z.literal('subscription_cancellation'),
          data: z.record(safeText({ max: 100 }), z.unknown()).optional(),
        }),
        response: { 200: subscriptionActionResponseSchema },
      },
    },
    async (request) => {
      const { user } = await requireUser(db, request);
      await notificationLimit(request, `user:${user.id}`);
      if (!user.stripeSubscriptionId) throw notFound(billingMessages.noSubscription);
      // The server emails the administrators itself when a cancellation goes through; a client's
      // notice shortly after that adds nothing.
      if (!(await cancellationRecentlyRecorded(db, user.id))) {
        await notifyAdminsOfCancellation(db, mailer, user, user.stripeSubscriptionId, false);
      }
      return { success: true, message: 'Administrators have been notified' };
    },
  );

  app.post(
    '/api/reset-user',
    {
      // Only the caller's own account (decision 0021): a userId is refused, not quietly ignored.
      schema: {
        body: z.strictObject({ userId: z.never({ error: testToolsMessages.ownAccountOnly }).optional() }).nullish(),
        response: { 200: testResetResponseSchema },
      },
      // Outside payment test mode the call does not exist, for anyone, whatever the body.
      onRequest: async () => {
        if (!(await testModeStripe(gateway))) throw notFound();
      },
    },
    async (request) => {
      const stripe = await testModeStripe(gateway);
      if (!stripe) throw notFound();
      const { user } = await requireUser(db, request);
      await resetLimit(request, `user:${user.id}`);
      return resetTestAccount(db, config, stripe, user, request);
    },
  );
}
