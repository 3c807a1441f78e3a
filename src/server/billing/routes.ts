import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  billingSubscriptionSchema,
  createSubscriptionRequestSchema,
  createSubscriptionResponseSchema,
  paymentMethodSchema,
  planSchema,
  setupIntentResponseSchema,
  stripeConfigSchema,
  subscriptionActionResponseSchema,
  verifyPaymentRequestSchema,
  verifyPaymentResponseSchema,
  webhookReceiptSchema,
} from '../../common/billing-schemas';
import { billingMessages } from '../../common/billing-messages';
import { safeId, safeText } from '../../common/text-rules';
import { requireUser } from '../auth/context';
import type { Database } from '../db/client';
import type { Mailer } from '../email/mailer';
import type { BackgroundTasks } from '../http/background';
import { badRequest, notFound } from '../http/errors';
import type { UserRow } from '../users/repository';
import { notifyAdminsOfCancellation } from './notifications';
import { verifyPayment } from './payment-verification';
import { planChangeRoutes } from './plan-change-routes';
import type { PlanService } from './plans';
import type { BillingService } from './service';
import type { StripeGateway } from './stripe-gateway';
import type { WebhookHandler } from './webhook';

export interface BillingRouteDeps {
  db: Database;
  plans: PlanService;
  billing: BillingService;
  gateway: StripeGateway;
  webhook: WebhookHandler;
  mailer: Mailer;
  background: BackgroundTasks;
}

export async function billingRoutes(instance: FastifyInstance, deps: BillingRouteDeps) {
  const { db, plans, billing, gateway } = deps;
  const app = instance.withTypeProvider<ZodTypeProvider>();

  /**
   * Every cancellation reaches the administrators by email (docs/product.md, "Cancel, resume and terminate"), once,
   * from the server.
   */
  const notifyCancellation = (user: UserRow, subscriptionId: string, immediate: boolean) =>
    deps.background.run('cancellation notice', () =>
      notifyAdminsOfCancellation(db, deps.mailer, user, subscriptionId, immediate),
    );

  app.get('/api/subscription-plans', { schema: { response: { 200: z.array(planSchema) } } }, () => plans.listOffered());

  app.get(
    '/api/subscription-plans/:planId',
    { schema: { params: z.object({ planId: safeText({ max: 64 }) }), response: { 200: planSchema } } },
    async (request) => {
      const offered = await plans.listOffered();
      const plan = offered.find((p) => p.id === request.params.planId);
      if (!plan) throw notFound(billingMessages.planNotFound);
      return plan;
    },
  );

  app.get('/api/stripe/config', { schema: { response: { 200: stripeConfigSchema } } }, async () => {
    const current = await gateway.current();
    return {
      mode: current.mode,
      publishableKey: current.publishableKey ?? null,
      configured: Boolean(current.secretKey && current.publishableKey),
    };
  });

  app.post(
    '/api/stripe/create-subscription',
    { schema: { body: createSubscriptionRequestSchema, response: { 200: createSubscriptionResponseSchema } } },
    async (request) => {
      const { user } = await requireUser(db, request);
      return billing.createSubscription(user, request.body.planId);
    },
  );

  app.post(
    '/api/verify-payment',
    { schema: { body: verifyPaymentRequestSchema.nullish(), response: { 200: verifyPaymentResponseSchema } } },
    async (request) => {
      const { user } = await requireUser(db, request);
      const body = request.body ?? {};
      if (!body.paymentIntentId || !body.paymentIntentClientSecret) throw badRequest(billingMessages.invalidRequest);
      return verifyPayment(billing, plans, user, body.paymentIntentId, body.paymentIntentClientSecret);
    },
  );

  app.get(
    '/api/billing/subscription',
    {
      schema: {
        querystring: z.object({ t: safeText({ max: 100 }).optional() }),
        response: { 200: billingSubscriptionSchema.nullable() },
      },
    },
    async (request) => {
      const { user } = await requireUser(db, request);
      return billing.currentSubscription(user);
    },
  );

  app.post(
    '/api/billing/cancel-subscription',
    {
      schema: {
        body: z.object({ immediate: z.boolean().optional() }).passthrough().nullish(),
        response: { 200: subscriptionActionResponseSchema },
      },
    },
    async (request) => {
      const { user } = await requireUser(db, request);
      const immediate = request.body?.immediate === true;
      const result = await billing.cancel(user, immediate);
      notifyCancellation(user, user.stripeSubscriptionId!, immediate);
      return result;
    },
  );

  app.post(
    '/api/billing/resume-subscription',
    { schema: { response: { 200: subscriptionActionResponseSchema } } },
    async (request) => {
      const { user } = await requireUser(db, request);
      return billing.resume(user);
    },
  );

  app.post(
    '/api/billing/terminate-subscription',
    { schema: { response: { 200: subscriptionActionResponseSchema } } },
    async (request) => {
      const { user } = await requireUser(db, request);
      const result = await billing.terminate(user);
      notifyCancellation(user, user.stripeSubscriptionId!, true);
      return result;
    },
  );

  app.get(
    '/api/billing/payment-methods',
    { schema: { response: { 200: z.array(paymentMethodSchema) } } },
    async (request) => {
      const { user } = await requireUser(db, request);
      return billing.paymentMethods(user);
    },
  );

  app.post(
    '/api/billing/update-default-payment',
    {
      schema: {
        body: z.object({ paymentMethodId: safeId() }),
        response: { 200: subscriptionActionResponseSchema },
      },
    },
    async (request) => {
      const { user } = await requireUser(db, request);
      await billing.setDefaultPaymentMethod(user, request.body.paymentMethodId);
      return { success: true, message: billingMessages.defaultPaymentUpdated };
    },
  );

  app.post('/api/billing/setup-intent', { schema: { response: { 200: setupIntentResponseSchema } } }, async (request) =>
    billing.createSetupIntent((await requireUser(db, request)).user),
  );

  await app.register(planChangeRoutes, { db, plans, billing });

  // Stripe signs the exact bytes it sent, so this route keeps its body raw.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    raw.post(
      '/stripe-webhook',
      { bodyLimit: 512 * 1024, schema: { response: { 200: webhookReceiptSchema } } },
      async (request) =>
        deps.webhook.handle(request.body as Buffer, request.headers['stripe-signature'] as string | undefined),
    );
  });
}
