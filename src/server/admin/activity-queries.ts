import { and, count, desc, eq, inArray, like, notLike, or } from 'drizzle-orm';
import {
  ACTIVITY_FEED_SIZE,
  type ActivityItem,
  type CurrencyRevenue,
  type Dashboard,
} from '../../common/admin-billing-schemas';
import type { CurrencyTotal } from '../../common/list-headers';
import type { Database } from '../db/client';
import { activeSubscriptionCondition, activityTotals, payments, subscriptionEvents, users } from '../db/schema';
import { isRegisteredUser } from './user-queries';

// The dashboard's numbers and the payments and events tables, computed in the database. Whole-table
// totals come from activity_totals (kept by triggers, migration 0009), counts of users from partial
// indexes: nothing here reads every row of a table (bench/database-scale.bench.ts).

/**
 * Row counts. Revenue is kept per currency, 'revenue:<currency>', and per UTC month,
 * 'revenue:<currency>:<YYYY-MM>' (migration 0012, decision 0037); nothing adds currencies together
 * (migration 0014 dropped the cross-currency 'payments_succeeded_amount').
 */
type TotalName = 'payments' | 'subscription_events';

/** The named running totals; one not written yet is 0. */
async function totals(db: Database, names: TotalName[]): Promise<(name: TotalName) => number> {
  const rows = await db.select().from(activityTotals).where(inArray(activityTotals.name, names));
  const found = new Map(rows.map((row) => [row.name, Number(row.value)]));
  return (name) => found.get(name) ?? 0;
}

/** A calendar month in UTC as the totals name it: 2026-11. */
const monthKey = (start: Date) => start.toISOString().slice(0, 7);

const REVENUE_PREFIX = 'revenue:';

/**
 * Succeeded payments per currency: all time, and in the month starting `monthStart`. A currency whose
 * payments were all refunded (a total of 0) is left out. The totals table holds a few rows per
 * currency and month, so reading its revenue rows is cheap.
 */
async function revenueByCurrency(db: Database, monthStart: Date): Promise<CurrencyRevenue[]> {
  const rows = await db
    .select()
    .from(activityTotals)
    .where(like(activityTotals.name, `${REVENUE_PREFIX}%`));
  const month = monthKey(monthStart);
  const byCurrency = new Map<string, CurrencyRevenue>();
  const entry = (currency: string) => {
    let found = byCurrency.get(currency);
    if (!found) byCurrency.set(currency, (found = { currency, total: 0, thisMonth: 0 }));
    return found;
  };
  for (const row of rows) {
    const [currency, rowMonth] = row.name.slice(REVENUE_PREFIX.length).split(':');
    if (!currency) continue;
    if (rowMonth === undefined) entry(currency).total = Number(row.value);
    else if (rowMonth === month) entry(currency).thisMonth = Number(row.value);
  }
  return [...byCurrency.values()]
    .filter((revenue) => revenue.total !== 0 || revenue.thisMonth !== 0)
    .sort((a, b) => a.currency.localeCompare(b.currency));
}

/**
 * Succeeded payments per currency, all time, by currency code: the 'revenue:<currency>' rows without
 * the month ones. A currency whose payments were all refunded (a total of 0) is left out.
 */
/**
 * The payments list's footer from one read of the totals table (statement-counts.test.ts holds lists to
 * three statements): the row count, and succeeded payments per currency, all time (not the monthly rows).
 */
async function paymentTotals(db: Database): Promise<{ total: number; revenue: CurrencyTotal[] }> {
  const rows = await db
    .select()
    .from(activityTotals)
    .where(
      or(
        eq(activityTotals.name, 'payments'),
        and(like(activityTotals.name, `${REVENUE_PREFIX}%`), notLike(activityTotals.name, `${REVENUE_PREFIX}%:%`)),
      ),
    );
  const revenue = rows
    .filter((row) => row.name.startsWith(REVENUE_PREFIX))
    .map((row) => ({ currency: row.name.slice(REVENUE_PREFIX.length), amount: Number(row.value) }))
    .filter((total) => total.amount !== 0)
    .sort((a, b) => a.currency.localeCompare(b.currency));
  return { total: Number(rows.find((row) => row.name === 'payments')?.value ?? 0), revenue };
}

export async function dashboard(db: Database, now = new Date()): Promise<Dashboard> {
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const [revenue, [active], [registered], recentPayments, recentEvents] = await Promise.all([
    revenueByCurrency(db, monthStart),
    db.select({ total: count() }).from(users).where(activeSubscriptionCondition),
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
    revenue,
    activeSubscriptions: active?.total ?? 0,
    totalUsers: registered?.total ?? 0,
    recentActivity: feed.slice(0, ACTIVITY_FEED_SIZE),
  };
}

interface Page {
  limit: number;
  offset: number;
}

/** The console's activity tables: each row belongs to a user, newest first. */
type UserActivityTable = typeof payments | typeof subscriptionEvents;

/**
 * One page of `table`, newest first, each row with its user's username (null once the user is gone).
 * The page is read first, from the created_at index, and only its users after: joined in one query,
 * PostgreSQL chose to hash both whole tables for a page deep in the list.
 */
async function newestWithUsername<T extends UserActivityTable>(db: Database, table: T, page: Page) {
  const rows = (await db
    .select()
    .from(table as UserActivityTable)
    .orderBy(desc(table.createdAt), desc(table.id))
    .limit(page.limit)
    .offset(page.offset)) as T['$inferSelect'][];
  const userIds = [...new Set(rows.flatMap((row) => (row.userId === null ? [] : [row.userId])))];
  const names =
    userIds.length === 0
      ? []
      : await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, userIds));
  const usernameOf = new Map(names.map((user) => [user.id, user.username]));
  return rows.map((row) => ({ row, username: row.userId === null ? null : (usernameOf.get(row.userId) ?? null) }));
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

/** A page of payments, and the whole table's count and revenue per currency (the list has no filters). */
export async function listPayments(db: Database, page: Page) {
  const [rows, { total, revenue }] = await Promise.all([paymentRows(db, page), paymentTotals(db)]);
  return { rows, total, revenue };
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
  const [rows, sums] = await Promise.all([subscriptionEventRows(db, page), totals(db, ['subscription_events'])]);
  return { rows, total: sums('subscription_events') };
}
