import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { auditLog } from '../db/schema';

type Executor = Pick<Database, 'insert'>;

export interface AuditEntry {
  actorUserId: number | null;
  action: string;
  targetUserId?: number | null;
  details?: Record<string, unknown>;
}

/** One row per administrative act, so who did what to whom can be answered later. */
export async function recordAudit(db: Executor, request: FastifyRequest, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorUserId: entry.actorUserId,
    action: entry.action,
    targetUserId: entry.targetUserId ?? null,
    details: entry.details ?? null,
    ipAddress: request.ip,
  });
}
