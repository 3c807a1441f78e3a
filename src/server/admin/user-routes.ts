import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminServerMessages as m } from '../../common/admin-messages';
import {
  adminUserSchema,
  allowanceHistorySchema,
  adminUsersQuerySchema,
  adminUserUpdateSchema,
  loginAsResponseSchema,
  TOTAL_COUNT_HEADER,
  toggleAdminSchema,
  userIdParamsSchema,
} from '../../common/admin-user-schemas';
import { latestSyncJobSchema, syncJobParamsSchema, syncJobSchema } from '../../common/admin-job-schemas';
import { messageResponseSchema } from '../../common/user-schemas';
import { requireAdmin, setSessionCookie } from '../auth/context';
import { toPublicUser } from '../users/repository';
import type { AdminDeps } from './deps';
import { listUsers } from './user-queries';
import type { AdminUserService } from './user-service';

/** The Users section's calls; the admin check runs in the enclosing plugin's hook before any of these. */
export async function adminUserRoutes(
  instance: FastifyInstance,
  { db, config, adminUsers }: AdminDeps & { adminUsers: AdminUserService },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const admin = async (request: Parameters<typeof requireAdmin>[1]) => requireAdmin(db, request);

  app.get(
    '/api/admin/users',
    { schema: { querystring: adminUsersQuerySchema, response: { 200: adminUserSchema.array() } } },
    async (request, reply) => {
      const { rows, total } = await listUsers(db, request.query);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return rows.map((row) => toPublicUser(row));
    },
  );

  app.get(
    '/api/admin/users/:id/allowance-history',
    { schema: { params: userIdParamsSchema, response: { 200: allowanceHistorySchema } } },
    async (request) => adminUsers.allowanceHistory(request.params.id),
  );

  app.put(
    '/api/admin/users/:id',
    { schema: { params: userIdParamsSchema, body: adminUserUpdateSchema, response: { 200: adminUserSchema } } },
    async (request) => {
      const { user } = await admin(request);
      return toPublicUser(await adminUsers.update(request, user, request.params.id, request.body));
    },
  );

  app.delete(
    '/api/admin/users/:id',
    { schema: { params: userIdParamsSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      const { user } = await admin(request);
      await adminUsers.delete(request, user, request.params.id);
      return { message: m.userDeleted };
    },
  );

  app.post(
    '/api/admin/users/:id/toggle-admin',
    { schema: { params: userIdParamsSchema, body: toggleAdminSchema, response: { 200: adminUserSchema } } },
    async (request) => {
      const { user } = await admin(request);
      return toPublicUser(await adminUsers.setAdmin(request, user, request.params.id, request.body.isAdmin));
    },
  );

  app.post(
    '/api/admin/users/:id/reset-password',
    { schema: { params: userIdParamsSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      const { user } = await admin(request);
      return { message: await adminUsers.sendPasswordReset(request, user, request.params.id) };
    },
  );

  app.post(
    '/api/admin/login-as/:id',
    { schema: { params: userIdParamsSchema, response: { 200: loginAsResponseSchema } } },
    async (request, reply) => {
      const { user, session } = await admin(request);
      const { token, target } = await adminUsers.startImpersonation(request, user, session, request.params.id);
      setSessionCookie(reply, config, token);
      return { originalAdminId: user.id, user: toPublicUser(target, user.id) };
    },
  );

  // Decision 0036: the sync runs as a background job. The call answers 202 with the job at once (the
  // one already queued or running, if any); the console follows it with the two GETs.
  app.post(
    '/api/admin/sync-stripe-subscriptions',
    { schema: { response: { 202: syncJobSchema } } },
    async (request, reply) => {
      const { user } = await admin(request);
      const { job } = await adminUsers.startStripeSync(request, user);
      return reply.code(202).send(job);
    },
  );

  app.get(
    '/api/admin/sync-stripe-subscriptions/latest',
    { schema: { response: { 200: latestSyncJobSchema } } },
    async () => ({ job: await adminUsers.latestStripeSync() }),
  );

  app.get(
    '/api/admin/sync-stripe-subscriptions/:id',
    { schema: { params: syncJobParamsSchema, response: { 200: syncJobSchema } } },
    async (request) => adminUsers.stripeSync(request.params.id),
  );
}
