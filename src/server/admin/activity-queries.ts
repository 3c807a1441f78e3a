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

/** One page of payments, newest first, with the payer's username. */
async function paymentRows(db: Database, page: Page) {
  const rows = await db
    .select({ payment: payments, username: users.username })
    .from(payments)
    .leftJoin(users, eq(users.id, payments.userId))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(({ payment, username }) => ({
    id: payment.id,
    userId: payment.userId,
    username,
    amount: payment.amount,
    currency: payment.currency,
    status: payment.status,
    planId: payment.planId,
    createdAt: payment.createdAt.toISOString(),
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

/** One page of subscription events, newest first, with the user's username. */
async function subscriptionEventRows(db: Database, page: Page) {
  const rows = await db
    .select({ event: subscriptionEvents, username: users.username })
    .from(subscriptionEvents)
    .leftJoin(users, eq(users.id, subscriptionEvents.userId))
    .orderBy(desc(subscriptionEvents.createdAt), desc(subscriptionEvents.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(({ event, username }) => ({
    id: event.id,
    userId: event.userId,
    username,
    eventType: event.eventType,
    previousStatus: event.previousStatus,
    newStatus: event.newStatus,
    previousTier: event.previousTier,
    newTier: event.newTier,
    createdAt: event.createdAt.toISOString(),
  }));
}

export async function listSubscriptionEvents(db: Database, page: Page) {
  const [rows, [totals]] = await Promise.all([
    subscriptionEventRows(db, page),
    db.select({ count: count() }).from(subscriptionEvents),
  ]);
  return { rows, total: totals?.count ?? 0 };
}
