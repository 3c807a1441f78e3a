import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminServerMessages as m } from '../../common/admin-messages';
import { z } from 'zod';
import { modelCatalogue, modelKeys, modelKeySchema } from '../../common/models';
import {
  adminAccountSchema,
  adminAiModelSchema,
  keyCheckSchema,
  createAdminSchema,
  emailLogSchema,
  emailSettingsInputSchema,
  emailSettingsSchema,
  stripeKeysInputSchema,
  stripeKeysSchema,
  testEmailSchema,
  webhookKeySchema,
  webSearchSettingSchema,
  modelVersionInputSchema,
} from '../../common/admin-settings-schemas';
import { adminListQuerySchema } from '../../common/admin-billing-schemas';
import { adminUserSchema, TOTAL_COUNT_HEADER, userIdParamsSchema } from '../../common/admin-user-schemas';
import { messageResponseSchema } from '../../common/user-schemas';
import { requireAdmin } from '../auth/context';
import { listEmailLogs } from '../email/logs';
import { testEmail } from '../email/templates';
import { HttpError } from '../http/errors';
import { checkKey } from '../providers/model-lists';
import { listModelPrices, monthModelCosts, saveModelPrice } from './model-costs';
import { modelCostSchema, modelPriceInputSchema, modelPriceSchema } from '../../common/model-prices';
import { modelPriceMessages } from '../../common/model-price-messages';
import { maskSecret } from '../settings/secret-box';
import { setWebSearchAllowed, settingKeys, webSearchAllowed } from '../settings/service';
import { toPublicUser } from '../users/repository';
import { recordAudit } from '../audit/audit-log';
import type { AdminDeps } from './deps';
import { PaymentSettings } from './payment-settings';
import type { AdminUserService } from './user-service';
import { listAdmins } from './user-queries';

const WEBHOOK_API_KEY_SETTING = 'admin.webhookApiKey';

/** Email settings and logs, payment settings, the webhook API key and admin accounts. */
export async function adminSettingsRoutes(
  instance: FastifyInstance,
  deps: AdminDeps & { adminUsers: AdminUserService },
) {
  const { db, settings, mailer, auth, adminUsers } = deps;
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const payments = new PaymentSettings(db, settings, deps.gateway, deps.plans);

  // Issue 17, item 4: the AI models' keys for everyone, and a check of each against its vendor.
  app.get('/api/admin/ai-models', { schema: { response: { 200: z.array(adminAiModelSchema) } } }, async () => {
    const keys = await deps.credentials.serverKeys();
    return modelKeys.map((model) => ({
      model,
      displayName: modelCatalogue[model].displayName,
      provider: modelCatalogue[model].provider,
      keySource: keys[model].source,
      maskedKey: maskSecret(keys[model].credentials?.apiKey),
      version: keys[model].version,
      baseUrl: keys[model].baseUrl,
    }));
  });

  app.post(
    '/api/admin/ai-models/:model/check',
    { schema: { params: z.object({ model: modelKeySchema }), response: { 200: keyCheckSchema } } },
    async (request) => {
      const keys = await deps.credentials.serverKeys();
      return checkKey(request.params.model, keys[request.params.model].credentials);
    },
  );

  app.put(
    '/api/admin/ai-models/:model/version',
    {
      schema: {
        params: z.object({ model: modelKeySchema }),
        body: modelVersionInputSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      const { user } = await requireAdmin(db, request);
      const { model } = request.params;
      await deps.credentials.saveServerVersion(model, request.body.version);
      await recordAudit(db, request.ip, {
        actorUserId: user.id,
        action: 'admin.model_version',
        details: { model, version: request.body.version },
      });
      return { message: m.modelVersionSaved(modelCatalogue[model].displayName, request.body.version) };
    },
  );

  // Issue 13, item 4: the price table per model version, and this month's cost estimate per model.
  app.get('/api/admin/model-prices', { schema: { response: { 200: z.array(modelPriceSchema) } } }, async () =>
    listModelPrices(db),
  );

  app.put(
    '/api/admin/model-prices/:model',
    {
      schema: {
        params: z.object({ model: modelKeySchema }),
        body: modelPriceInputSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      const { user } = await requireAdmin(db, request);
      const { model } = request.params;
      const outcome = await saveModelPrice(db, model, request.body);
      await recordAudit(db, request.ip, {
        actorUserId: user.id,
        action: 'admin.model_price',
        details: { model, ...request.body },
      });
      const name = modelCatalogue[model].displayName;
      return {
        message:
          outcome === 'saved'
            ? modelPriceMessages.saved(name, request.body.version)
            : modelPriceMessages.removed(name, request.body.version),
      };
    },
  );

  app.get('/api/admin/model-costs', { schema: { response: { 200: z.array(modelCostSchema) } } }, async () =>
    monthModelCosts(db),
  );

  app.get('/api/admin/web-search', { schema: { response: { 200: webSearchSettingSchema } } }, async () => ({
    allowed: await webSearchAllowed(settings),
  }));

  app.put(
    '/api/admin/web-search',
    { schema: { body: webSearchSettingSchema, response: { 200: webSearchSettingSchema } } },
    async (request) => {
      const { user } = await requireAdmin(db, request);
      await setWebSearchAllowed(settings, request.body.allowed);
      await recordAudit(db, request.ip, {
        actorUserId: user.id,
        action: 'admin.web_search',
        details: { allowed: request.body.allowed },
      });
      return { allowed: request.body.allowed };
    },
  );

  app.get('/api/admin/email-settings', { schema: { response: { 200: emailSettingsSchema } } }, async () => {
    const current = await mailer.currentSettings();
    return {
      sendgridApiKey: maskSecret(current.apiKey) ?? '',
      hasApiKey: Boolean(current.apiKey),
      sendgridFromEmail: current.from,
      sendgridFromName: current.fromName,
    };
  });

  app.post(
    '/api/admin/email-settings',
    { schema: { body: emailSettingsInputSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      const { user } = await requireAdmin(db, request);
      const body = request.body;
      // A blank key keeps the saved one: the form never receives the key to send it back.
      if (body.sendgridApiKey) await settings.set(settingKeys.sendgridApiKey, body.sendgridApiKey, { secret: true });
      await settings.set(settingKeys.emailFrom, body.sendgridFromEmail);
      await settings.set(settingKeys.emailFromName, body.sendgridFromName || null);
      await recordAudit(db, request.ip, {
        actorUserId: user.id,
        action: 'admin.email_settings',
        details: { apiKeyChanged: Boolean(body.sendgridApiKey) },
      });
      return { message: m.settingsSaved };
    },
  );

  app.post(
    '/api/admin/send-test-email',
    { schema: { body: testEmailSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      const result = await mailer.deliver(testEmail(request.body.email));
      if (result.status === 'failed')
        throw new HttpError(502, `${m.testEmailFailed}: ${result.error ?? 'unknown error'}`);
      return { message: result.status === 'outbox' ? m.testEmailOutbox : m.testEmailSent };
    },
  );

  app.get(
    '/api/admin/email-logs',
    { schema: { querystring: adminListQuerySchema, response: { 200: emailLogSchema.array() } } },
    async (request, reply) => {
      const { rows, total } = await listEmailLogs(db, request.query);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return rows;
    },
  );

  app.get('/api/admin/stripe-keys', { schema: { response: { 200: stripeKeysSchema } } }, async () => payments.read());

  app.post(
    '/api/admin/stripe-keys',
    { schema: { body: stripeKeysInputSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      const { user } = await requireAdmin(db, request);
      await payments.save(request, user, request.body);
      return { message: m.settingsSaved };
    },
  );

  app.get('/api/admin/webhook-key', { schema: { response: { 200: webhookKeySchema } } }, async () => ({
    apiKey: maskSecret(await settings.get(WEBHOOK_API_KEY_SETTING)),
  }));

  app.post('/api/admin/generate-webhook-key', { schema: { response: { 200: webhookKeySchema } } }, async (request) => {
    const { user } = await requireAdmin(db, request);
    const apiKey = `whk_${randomBytes(24).toString('base64url')}`;
    await settings.set(WEBHOOK_API_KEY_SETTING, apiKey, { secret: true });
    await recordAudit(db, request.ip, { actorUserId: user.id, action: 'admin.webhook_key_generated' });
    // The only time the whole key leaves the server.
    return { apiKey };
  });

  app.get('/api/admin/admin-users', { schema: { response: { 200: adminAccountSchema.array() } } }, async () => {
    const rows = await listAdmins(db);
    return rows.map((row) => ({
      id: row.id,
      username: row.username,
      email: row.email,
      role: 'admin' as const,
      createdAt: row.createdAt.toISOString(),
    }));
  });

  app.post(
    '/api/admin/admin-users',
    { schema: { body: createAdminSchema, response: { 201: adminUserSchema } } },
    async (request, reply) => {
      const { user } = await requireAdmin(db, request);
      const created = await auth.createAdmin(request.body);
      await recordAudit(db, request.ip, {
        actorUserId: user.id,
        action: 'admin.admin_create',
        targetUserId: created.id,
        details: { welcomeEmail: request.body.sendWelcomeEmail },
      });
      return reply.code(201).send(toPublicUser(created));
    },
  );

  app.delete(
    '/api/admin/admin-users/:id',
    { schema: { params: userIdParamsSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      const { user } = await requireAdmin(db, request);
      await adminUsers.setAdmin(request, user, request.params.id, false);
      return { message: m.adminRemoved };
    },
  );
}
