import { and, eq, gt, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { subscriptionEvents } from '../db/schema';
import type { Mailer } from '../email/mailer';
import { cancellationNoticeEmail } from '../email/templates';
import { adminEmails, type UserRow } from '../users/repository';

// The administrators hear of every cancellation by email (docs/product.md, "Cancel, resume and terminate"), once,
// from the server.

/** How long after a recorded cancellation a client's own notice adds nothing. */
const RECENT_CANCELLATION_MS = 15 * 60_000;

export async function notifyAdminsOfCancellation(
  db: Database,
  mailer: Mailer,
  user: Pick<UserRow, 'id' | 'username' | 'email'>,
  subscriptionId: string,
  immediate: boolean,
): Promise<void> {
  for (const to of await adminEmails(db)) {
    await mailer.send(
      cancellationNoticeEmail(to, {
        userId: user.id,
        username: user.username,
        email: user.email,
        subscriptionId,
        immediate,
      }),
    );
  }
}

/** Whether the server recorded a cancellation of this user's subscription within the last 15 minutes. */
export async function cancellationRecentlyRecorded(db: Database, userId: number): Promise<boolean> {
  const [recent] = await db
    .select({ id: subscriptionEvents.id })
    .from(subscriptionEvents)
    .where(
      and(
        eq(subscriptionEvents.userId, userId),
        inArray(subscriptionEvents.eventType, ['cancel_scheduled', 'cancelled_now', 'terminated']),
        gt(subscriptionEvents.createdAt, new Date(Date.now() - RECENT_CANCELLATION_MS)),
      ),
    )
    .limit(1);
  return Boolean(recent);
}
