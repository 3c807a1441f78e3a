import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminServerMessages } from '../../common/admin-messages';
import { endImpersonationResponseSchema } from '../../common/admin-user-schemas';
import { requireAdmin, requireUser, setSessionCookie } from '../auth/context';
import { toPublicUser } from '../users/repository';
import type { AdminDeps } from './deps';
import { adminBusinessRoutes } from './business-routes';
import { adminSettingsRoutes } from './settings-routes';
import { STRIPE_SYNC_JOB, stripeSyncJob } from './stripe-sync-job';
import { adminUserRoutes } from './user-routes';
import { AdminUserService } from './user-service';

/**
 * Every /api/admin/* call (docs/architecture.md, "Security rules"): an admin session is checked on the server before
 * any handler runs (401 anonymous, 403 signed in without the role). Ending an impersonation is the
 * one exception, since the impersonated user is not an admin.
 */
export async function adminRoutes(instance: FastifyInstance, deps: AdminDeps) {
  const adminUsers = new AdminUserService(deps.db, deps.auth, deps.billing, deps.jobs);
  deps.jobs.register(STRIPE_SYNC_JOB, stripeSyncJob(deps.db, deps.billing));
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/admin/end-impersonation',
    { schema: { response: { 200: endImpersonationResponseSchema } } },
    async (request, reply) => {
      const { session } = await requireUser(deps.db, request);
      const { token, admin } = await adminUsers.endImpersonation(request, session);
      setSessionCookie(reply, deps.config, token);
      return { message: adminServerMessages.impersonationEnded, user: toPublicUser(admin) };
    },
  );

  await instance.register(async (guarded) => {
    guarded.addHook('onRequest', async (request) => {
      await requireAdmin(deps.db, request);
    });
    await guarded.register(adminUserRoutes, { ...deps, adminUsers });
    await guarded.register(adminBusinessRoutes, deps);
    await guarded.register(adminSettingsRoutes, { ...deps, adminUsers });
  });
}
