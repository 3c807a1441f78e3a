import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '../../common/admin-billing-schemas';
import { parseRevenueHeader, TOTAL_COUNT_HEADER, TOTAL_REVENUE_HEADER } from '../../common/list-headers';
import { payments, subscriptionEvents, users } from '../db/schema';
import { registerAccount, relaxedRateLimits, uniqueAccount } from '../../../tests/helpers/accounts';
import { adminCall, signInAdmin, type SignedInAdmin } from '../../../tests/helpers/admins';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

// The Payments and Events totals and the revenue per currency (the dashboard's and the Payments
// footer's) come from running totals that triggers keep (migrations 0009, 0012 and 0014), not from
// reading every row. Whatever happens to the rows, and however it is written, the totals shown must
// equal a count of the rows themselves.

let t: TestApp;
let admin: SignedInAdmin;
beforeAll(async () => {
  t = await createTestApp(relaxedRateLimits);
  admin = await signInAdmin(t.app, t.db);
});
afterAll(() => t.close());

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** Revenue per currency as the dashboard lists it: [currency, total, this month], by code. */
type Revenue = [string, number, number][];

async function shown() {
  const paymentsPage = await adminCall(t.app, admin.cookie, 'GET', '/api/admin/payments?limit=5');
  const eventsPage = await adminCall(t.app, admin.cookie, 'GET', '/api/admin/subscription-events?limit=5');
  const dashboard = (await adminCall(t.app, admin.cookie, 'GET', '/api/admin/dashboard')).json() as Dashboard;
  return {
    payments: Number(paymentsPage.headers[TOTAL_COUNT_HEADER.toLowerCase()]),
    revenue: parseRevenueHeader(paymentsPage.headers[TOTAL_REVENUE_HEADER] as string | undefined).map(
      (r): [string, number] => [r.currency, r.amount],
    ),
    events: Number(eventsPage.headers[TOTAL_COUNT_HEADER.toLowerCase()]),
    dashboardRevenue: dashboard.revenue.map((r): Revenue[number] => [r.currency, r.total, r.thisMonth]),
  };
}

async function counted() {
  const [p] = await t.db.select({ count: sql<number>`count(*)::int` }).from(payments);
  const perCurrency = await t.db
    .select({
      currency: payments.currency,
      total: sql<number>`sum(${payments.amount})::int`,
      thisMonth: sql<number>`coalesce(sum(${payments.amount}) filter (where ${payments.createdAt} >= date_trunc('month', now() at time zone 'UTC') at time zone 'UTC'), 0)::int`,
    })
    .from(payments)
    .where(sql`${payments.status} = 'succeeded'`)
    .groupBy(payments.currency)
    .orderBy(payments.currency);
  const [e] = await t.db.select({ count: sql<number>`count(*)::int` }).from(subscriptionEvents);
  return {
    payments: p!.count,
    // The Payments footer's revenue: the same per-currency totals, all time.
    revenue: perCurrency.filter((r) => r.total !== 0).map((r): [string, number] => [r.currency, r.total]),
    events: e!.count,
    dashboardRevenue: perCurrency
      .filter((r) => r.total !== 0 || r.thisMonth !== 0)
      .map((r): Revenue[number] => [r.currency, r.total, r.thisMonth]),
  };
}

describe('activity totals', () => {
  it('equal a count of the rows after 300 random inserts, status changes, deletions and account deletions', async () => {
    const next = random(20261126);
    const owners: number[] = [];
    for (let i = 0; i < 4; i += 1) owners.push((await registerAccount(t.app, uniqueAccount('payer'))).user.id);
    const pick = <T>(items: T[]) => items[Math.floor(next() * items.length)]!;
    const anyPayment = async () => {
      const rows = await t.db.select({ id: payments.id }).from(payments).orderBy(payments.id);
      return rows.length > 0 ? pick(rows) : undefined;
    };
    const statuses = ['succeeded', 'failed', 'refunded', 'pending'];
    // Plans are priced in usd, eur or gbp (docs/product.md): each currency is summed on its own.
    const currencies = ['usd', 'eur', 'gbp'];

    for (let step = 0; step < 300; step += 1) {
      const roll = next();
      if (roll < 0.35) {
        await t.db.insert(payments).values(
          Array.from({ length: 1 + Math.floor(next() * 3) }, () => ({
            userId: owners.length ? pick(owners) : null,
            amount: 100 + Math.floor(next() * 5000),
            currency: pick(currencies),
            status: pick(statuses),
            // This month, or one of the three before it.
            createdAt: new Date(Date.now() - Math.floor(next() * 4) * 31 * 24 * 3600_000),
          })),
        );
      } else if (roll < 0.5) {
        await t.db
          .insert(subscriptionEvents)
          .values({ userId: owners.length ? pick(owners) : null, eventType: 'invoice.paid' });
      } else if (roll < 0.7) {
        // A refund or a retried payment changes the status, sometimes the amount.
        const row = await anyPayment();
        if (row) {
          const roll = next();
          const change =
            roll < 0.3
              ? { status: pick(statuses), amount: 50 + Math.floor(next() * 900) }
              : roll < 0.4
                ? { currency: pick(currencies) }
                : { status: pick(statuses) };
          await t.db.update(payments).set(change).where(eq(payments.id, row.id));
        }
      } else if (roll < 0.8) {
        const row = await anyPayment();
        if (row) await t.db.delete(payments).where(eq(payments.id, row.id));
      } else if (roll < 0.85) {
        // Chosen by the seeded generator, not the database's random(): a run is the same run every time.
        const events = await t.db
          .select({ id: subscriptionEvents.id })
          .from(subscriptionEvents)
          .orderBy(subscriptionEvents.id);
        const doomed = [pick(events), pick(events)].filter(Boolean).map((event) => event!.id);
        if (doomed.length > 0) await t.db.delete(subscriptionEvents).where(inArray(subscriptionEvents.id, doomed));
      } else if (roll < 0.88 && owners.length > 1) {
        // Deleting an account keeps its payments and events, without the owner.
        const gone = owners.splice(Math.floor(next() * owners.length), 1)[0]!;
        await t.db.delete(users).where(eq(users.id, gone));
      } else if (roll < 0.9) {
        // A rolled-back write leaves the totals as they were.
        await t.db
          .transaction(async (tx) => {
            await tx.insert(payments).values({ amount: 999, status: 'succeeded' });
            await tx.insert(subscriptionEvents).values({ eventType: 'invoice.paid' });
            throw new Error('roll back');
          })
          .catch(() => undefined);
      } else {
        // A write that skips the row triggers' columns changes nothing.
        await t.db
          .update(payments)
          .set({ planId: 'basic' })
          .where(sql`${payments.id} % 3 = 0`);
      }
      if (step % 50 === 49) expect(await shown(), `after step ${step}`).toEqual(await counted());
    }
    const final = await counted();
    expect(final.payments).toBeGreaterThan(20);
    expect(final.dashboardRevenue.map(([currency]) => currency)).toEqual(['eur', 'gbp', 'usd']);
    for (const [, total, thisMonth] of final.dashboardRevenue) {
      expect(thisMonth).toBeGreaterThan(0);
      expect(thisMonth).toBeLessThan(total);
    }
    expect(await shown()).toEqual(final);
  });
});
