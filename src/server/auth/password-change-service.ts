import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { emailTokens } from '../db/schema';
import { invalidateUserSessions } from './sessions';

/**
 * What every new password is followed by, however it was set (change-password, a reset link, the
 * admin:create command): the user's other sessions end, and so does every reset link mailed before,
 * or an old email in a mailbox someone else reads would set the password again (decision 0060).
 */
export async function afterPasswordChange(db: Database, userId: number, keepSessionId?: string): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, 'reset_password'), isNull(emailTokens.usedAt)));
  await invalidateUserSessions(db, userId, keepSessionId);
}
