import type { Database } from '../db/client';
import { auditLog } from '../db/schema';

type Executor = Pick<Database, 'insert'>;

export interface AuditEntry {
  actorUserId: number | null;
  action: string;
  targetUserId?: number | null;
  details?: Record<string, unknown>;
}

/**
 * One row per administrative act, so who did what to whom can be answered later. `address` is the
 * caller's IP address; null for acts from the command line.
 */
export async function recordAudit(db: Executor, address: string | null, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorUserId: entry.actorUserId,
    action: entry.action,
    targetUserId: entry.targetUserId ?? null,
    details: entry.details ?? null,
    ipAddress: address,
  });
}
