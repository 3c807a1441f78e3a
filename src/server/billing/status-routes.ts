import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { billingMessages } from '../../common/billing-schemas';
import { sessionIdSchema } from '../../common/query-schemas';
import { subscriptionStatusSchema, type SubscriptionStatus } from '../../common/subscription-schemas';
import { TEST_RESETS_PER_HOUR, testToolsMessages } from '../../common/test-tools';
import { ID_MAX, safeText } from '../../common/text-rules';
import { hasActiveSubscription } from '../allowance/service';
import { requireUser } from '../auth/context';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Mailer } from '../email/mailer';
import { forbidden, notFound } from '../http/errors';
import { createLimit } from '../http/rate-limit';
import type { AnonymousLimits } from '../users/anonymous-limits';
import { findUserById, isAdminUser, isSessionUser, type UserRow } from '../users/repository';
import { signedInOrSessionUser } from '../auth/caller';
import { cancellationRecentlyRecorded, notifyAdminsOfCancellation } from './notifications';
import type { BillingService } from './service';
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

function statusOf(user: UserRow | undefined, freeQuestions: number): SubscriptionStatus {
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
      freeQuestionsRemaining: freeQuestions,
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
}

/** The subscription status calls of spec section 7: by session, checks, refreshes and diagnostics. */
export async function statusRoutes(
  instance: FastifyInstance,
  { db, config, billing, gateway, mailer, anonymousLimits }: StatusRouteDeps,
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const notificationLimit = createLimit(instance, 'admin-notification', 5, 60 * 60_000);
  const resetLimit = createLimit(instance, 'test-reset', TEST_RESETS_PER_HOUR, 60 * 60_000);

  /** An anonymous visitor's free count is also bounded by what their address has left today (decision 0022). */
  async function callerStatus(request: FastifyRequest, user: UserRow | undefined): Promise<SubscriptionStatus> {
    const status = statusOf(user, config.freeQuestions);
    if (user && !isSessionUser(user)) return status;
    const addressLeft = await anonymousLimits.questionsLeftToday(request);
    return addressLeft === null
      ? status
      : { ...status, freeQuestionsRemaining: Math.min(status.freeQuestionsRemaining, addressLeft) };
  }

  async function refreshed(user: UserRow | undefined): Promise<UserRow | undefined> {
    if (!user || !(await gateway.client())) return user;
    await billing.discoverSubscription(user);
    return findUserById(db, user.id);
  }

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
      if (request.query.forceRefresh === 'true') user = await refreshed(user);
      return callerStatus(request, user);
    },
  );

  app.get('/api/subscription-check', { schema: { response: { 200: subscriptionStatusSchema } } }, async (request) => {
    const { user } = await requireUser(db, request);
    return statusOf(user, config.freeQuestions);
  });

  app.post(
    '/api/subscription-check',
    {
      schema: {
        body: z.object({ sessionId: sessionIdSchema.optional() }).nullish(),
        response: { 200: subscriptionStatusSchema },
      },
    },
    async (request) => callerStatus(request, await signedInOrSessionUser(db, request, request.body?.sessionId)),
  );

  app.post(
    '/api/check-subscription',
    { schema: { body: z.object({ sessionId: sessionIdSchema.optional() }).nullish() } },
    async (request) => {
      const user = await refreshed(await signedInOrSessionUser(db, request, request.body?.sessionId));
      return {
        isSubscribed: user ? hasActiveSubscription(user) : false,
        subscriptionTier: user?.subscriptionTier ?? 'free',
      };
    },
  );

  app.post('/api/stripe/refresh-subscription', async (request) => {
    const { user } = await requireUser(db, request);
    const found = await billing.discoverSubscription(user);
    const fresh = (await findUserById(db, user.id))!;
    return {
      refreshed: found,
      hasSubscription: hasActiveSubscription(fresh),
      message: found ? 'Subscription refreshed' : 'No subscription found for this account',
    };
  });

  app.get(
    '/api/billing/verify-subscription/:subscriptionId',
    { schema: { params: z.object({ subscriptionId: safeText({ max: ID_MAX }) }) } },
    async (request) => {
      const { user } = await requireUser(db, request);
      if (user.stripeSubscriptionId !== request.params.subscriptionId) {
        // Only the caller's own subscription: another id looks exactly like a missing one.
        if (
          !(await billing.discoverSubscription(user)) ||
          (await findUserById(db, user.id))?.stripeSubscriptionId !== request.params.subscriptionId
        ) {
          throw notFound(billingMessages.subscriptionNotFound);
        }
      }
      await billing.refresh((await findUserById(db, user.id))!);
      const fresh = (await findUserById(db, user.id))!;
      return {
        verified: hasActiveSubscription(fresh),
        status: fresh.subscriptionStatus,
        message: hasActiveSubscription(fresh) ? 'Subscription verified' : billingMessages.verificationFailed,
      };
    },
  );

  app.get(
    '/api/diagnostic-check/:customerId',
    { schema: { params: z.object({ customerId: safeText({ max: ID_MAX }) }) } },
    async (request) => {
      const { user } = await requireUser(db, request);
      if (user.stripeCustomerId !== request.params.customerId && !isAdminUser(user)) throw forbidden();
      const stripe = await billing.stripe();
      const list = await stripe.subscriptions.list({ customer: request.params.customerId, status: 'all', limit: 20 });
      return {
        customerId: request.params.customerId,
        subscriptions: list.data.map((s) => ({
          id: s.id,
          status: s.status,
          cancelAtPeriodEnd: s.cancel_at_period_end,
          created: s.created,
        })),
      };
    },
  );

  app.post(
    '/api/send-admin-notification',
    {
      schema: {
        body: z.object({
          type: z.literal('subscription_cancellation'),
          data: z.record(safeText({ max: 100 }), z.unknown()).optional(),
        }),
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
