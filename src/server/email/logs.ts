import { count, desc, ilike, or } from 'drizzle-orm';
import type { EmailLog } from '../../common/admin-settings-schemas';
import type { Database } from '../db/client';
import { containsPattern } from '../db/like';
import { emailLogs } from '../db/schema';

/** The Email Logs tab: newest first, searched by recipient or subject. */
export async function listEmailLogs(
  db: Database,
  options: { search?: string; limit: number; offset: number },
): Promise<{ rows: EmailLog[]; total: number }> {
  const term = options.search?.trim();
  const pattern = term ? containsPattern(term) : undefined;
  const where = pattern ? or(ilike(emailLogs.to, pattern), ilike(emailLogs.subject, pattern)) : undefined;
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(emailLogs)
      .where(where)
      .orderBy(desc(emailLogs.createdAt), desc(emailLogs.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ total: count() }).from(emailLogs).where(where),
  ]);
  return {
    rows: rows.map((row) => ({
      id: row.id,
      timestamp: row.createdAt.toISOString(),
      to: row.to,
      subject: row.subject,
      status: row.status,
      kind: row.kind,
      error: row.error,
    })),
    total: totals?.total ?? 0,
  };
}
