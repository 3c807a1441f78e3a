import type { FastifyInstance } from 'fastify';
import { requireAdmin } from '../auth/context';
import type { AdminDeps } from './deps';

/**
 * Every /api/admin/* call (DESIGN.md section 7): an admin session is checked on the server before
 * any handler runs (401 anonymous, 403 signed in without the role). Ending an impersonation is the
 * one exception, since the impersonated user is not an admin; it lives in impersonation-routes.ts.
 */
export async function adminRoutes(instance: FastifyInstance, deps: AdminDeps) {
  instance.addHook('onRequest', async (request) => {
    await requireAdmin(deps.db, request);
  });
}
