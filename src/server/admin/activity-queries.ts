import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import { ACTIVITY_FEED_SIZE, type ActivityItem, type Dashboard } from '../../common/admin-billing-schemas';
import type { Database } from '../db/client';
import { payments, subscriptionEvents, users } from '../db/schema';
import { isRegisteredUser } from './user-queries';

// The dashboard's numbers and the payments and events tables, computed in the database.

const succeeded = eq(payments.status, 'succeeded');

export async function dashboard(db: Database, now = new Date()): Promise<Dashboard> {
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const [[revenue], [monthly], [active], [registered], recentPayments, recentEvents] = await Promise.all([
    db
      .select({ total: sql<string>`coalesce(sum(${payments.amount}), 0)` })
      .from(payments)
      .where(succeeded),
    db
      .select({ total: sql<string>`coalesce(sum(${payments.amount}), 0)` })
      .from(payments)
      .where(and(succeeded, gte(payments.createdAt, monthStart))),
    db.select({ total: count() }).from(users).where(eq(users.subscriptionStatus, 'active')),
    db.select({ total: count() }).from(users).where(isRegisteredUser),
    // The feed needs only the newest rows of each, not their totals.
    paymentRows(db, { limit: ACTIVITY_FEED_SIZE, offset: 0 }),
    subscriptionEventRows(db, { limit: ACTIVITY_FEED_SIZE, offset: 0 }),
  ]);
  const feed: ActivityItem[] = [
    ...recentPayments.map((p) => ({
      key: `payment-${p.id}`,
      source: 'payment' as const,
      event: 'Payment',
      userId: p.userId,
      username: p.username,
      type: p.planId,
      status: p.status,
      amount: p.amount,
      currency: p.currency,
      createdAt: p.createdAt,
    })),
    ...recentEvents.map((e) => ({
      key: `event-${e.id}`,
      source: 'subscription_event' as const,
      event: e.eventType,
      userId: e.userId,
      username: e.username,
      type: e.newTier,
      status: e.newStatus,
      amount: null,
      currency: null,
      createdAt: e.createdAt,
    })),
  ];
  feed.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return {
    // Sums come back as numeric text from Postgres.
    totalRevenue: Number(revenue?.total ?? 0),
    monthlyRevenue: Number(monthly?.total ?? 0),
    activeSubscriptions: active?.total ?? 0,
    totalUsers: registered?.total ?? 0,
    currency: 'usd',
    recentActivity: feed.slice(0, ACTIVITY_FEED_SIZE),
  };
}

interface Page {
  limit: number;
  offset: number;
}

/** The console's activity tables: each row belongs to a user, newest first. */
type UserActivityTable = typeof payments | typeof subscriptionEvents;

/** One page of `table`, newest first, each row with its user's username (null once the user is gone). */
async function newestWithUsername<T extends UserActivityTable>(db: Database, table: T, page: Page) {
  const rows = await db
    .select({ row: table as UserActivityTable, username: users.username })
    .from(table as UserActivityTable)
    .leftJoin(users, eq(users.id, table.userId))
    .orderBy(desc(table.createdAt), desc(table.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows as { row: T['$inferSelect']; username: string | null }[];
}

/** What the console shows of a payment and of a subscription event, beside the username and time. */
const PAYMENT_FIELDS = ['id', 'userId', 'amount', 'currency', 'status', 'planId'] as const;
const EVENT_FIELDS = ['id', 'userId', 'eventType', 'previousStatus', 'newStatus', 'previousTier', 'newTier'] as const;

function pick<T, K extends keyof T>(row: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((key) => [key, row[key]])) as Pick<T, K>;
}

/** One page of payments with the payer's username. */
async function paymentRows(db: Database, page: Page) {
  const rows = await newestWithUsername(db, payments, page);
  return rows.map(({ row, username }) => ({
    ...pick(row, PAYMENT_FIELDS),
    username,
    createdAt: row.createdAt.toISOString(),
  }));
}

export async function listPayments(db: Database, page: Page) {
  const [rows, [totals]] = await Promise.all([
    paymentRows(db, page),
    db
      .select({
        count: count(),
        revenue: sql<string>`coalesce(sum(${payments.amount}) filter (where ${succeeded}), 0)`,
      })
      .from(payments),
  ]);
  return { rows, total: totals?.count ?? 0, revenue: Number(totals?.revenue ?? 0) };
}

/** One page of subscription events with the user's username. */
async function subscriptionEventRows(db: Database, page: Page) {
  const rows = await newestWithUsername(db, subscriptionEvents, page);
  return rows.map(({ row, username }) => ({
    ...pick(row, EVENT_FIELDS),
    username,
    createdAt: row.createdAt.toISOString(),
  }));
}

export async function listSubscriptionEvents(db: Database, page: Page) {
  const [rows, [totals]] = await Promise.all([
    subscriptionEventRows(db, page),
    db.select({ count: count() }).from(subscriptionEvents),
  ]);
  return { rows, total: totals?.count ?? 0 };
}
