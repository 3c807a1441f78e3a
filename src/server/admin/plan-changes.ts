import type { FastifyRequest } from 'fastify';
import type { AdminPlanUpdate } from '../../common/admin-billing-schemas';
import { recordAudit } from '../audit/audit-log';
import { PlanService, type PlanRow } from '../billing/plans';
import type { StripeGateway } from '../billing/stripe-gateway';
import type { Database } from '../db/client';
import type { UserRow } from '../users/repository';

// An administrator's change of a plan and its audit row are one transaction: a change that is not
// recorded does not happen, and a record of a change that failed is not written
// (admin/audit-transactions.test.ts).

export async function createPlanAudited(
  db: Database,
  gateway: StripeGateway,
  request: FastifyRequest,
  admin: UserRow,
  input: Parameters<PlanService['create']>[0],
): Promise<PlanRow | undefined> {
  return db.transaction(async (tx) => {
    const row = await new PlanService(tx, gateway).create(input);
    if (row) {
      await recordAudit(tx, request.ip, {
        actorUserId: admin.id,
        action: 'admin.plan_create',
        details: { planId: row.id },
      });
    }
    return row;
  });
}

export async function updatePlanAudited(
  db: Database,
  gateway: StripeGateway,
  request: FastifyRequest,
  admin: UserRow,
  planId: string,
  patch: AdminPlanUpdate,
): Promise<PlanRow | undefined> {
  return db.transaction(async (tx) => {
    const row = await new PlanService(tx, gateway).update(planId, patch);
    if (row) {
      await recordAudit(tx, request.ip, {
        actorUserId: admin.id,
        action: 'admin.plan_update',
        details: { planId: row.id, fields: Object.keys(patch) },
      });
    }
    return row;
  });
}
