import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncJob } from '../../common/admin-job-schemas';
import { buildApp, type App } from '../app';
import { loadConfig } from '../config';
import { jobs, payments, users } from '../db/schema';
import { FAKE_STRIPE_KEY, startFakeStripe, type FakeStripe } from '../../../tests/fakes/stripe';
import { relaxedRateLimits } from '../../../tests/helpers/accounts';
import { adminCall, signInAdmin } from '../../../tests/helpers/admins';
import { fakeStripeEnv } from '../../../tests/helpers/fake-stripe-app';
import { TEST_APP_SECRET } from '../../../tests/helpers/global-setup';
import { createTestDatabase, type TestDatabase } from '../../../tests/helpers/test-app';
import { readSync, syncEnded } from './stripe-sync-test-support';

// 'Sync with Stripe' at scale, as a background job (decision 0036): hundreds of customers, an app
// stopped in the middle and another started on the same database, an instance that died holding the
// job, and two instances on one database. Apps are built here, not with createTestApp, so that
// several share one database and poll for work often.

const SYNC = '/api/admin/sync-stripe-subscriptions';

let stripe: FakeStripe;
let sdk: Stripe;
let database: TestDatabase;
let env: Record<string, string>;
const apps: App[] = [];

beforeAll(async () => {
  stripe = await startFakeStripe();
  env = fakeStripeEnv(stripe, 'whsec_sync_job');
  const { host, port, protocol } = stripe.address;
  sdk = new Stripe(FAKE_STRIPE_KEY, { host, port, protocol, maxNetworkRetries: 0 });
  database = await createTestDatabase();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database?.close();
  await stripe?.stop();
});

/**
 * An instance of the app on the shared database, looking for queued work every 20 ms. Not exclusive,
 * even on the embedded database: these tests stand for several processes. `exclusive` stands for the
 * one process of an embedded database, `payments: false` for an instance without Stripe keys.
 */
async function instance({ exclusive = false, payments = true } = {}): Promise<App> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: database.dataDir,
    APP_SECRET: TEST_APP_SECRET,
    APP_URL: 'http://parallax.test',
    LOG_LEVEL: 'silent',
    ...relaxedRateLimits,
    ...(payments && env),
  });
  const app = await buildApp({
    config,
    db: database.db,
    logger: false,
    clientDir: null,
    jobs: { pollMs: 20, leaseMs: 5_000, exclusive },
  });
  await app.ready();
  apps.push(app);
  return app;
}

async function closeInstance(app: App) {
  await app.close();
  apps.splice(apps.indexOf(app), 1);
}

let seeded = 0;
/**
 * `count` users who each paid for Basic at Stripe while the app was not told: the app knows their
 * customer, not their subscription. Returned in id order.
 */
async function payingCustomers(count: number) {
  const made: { id: number; customerId: string }[] = [];
  for (let i = 0; i < count; i += 1) {
    seeded += 1;
    const [user] = await database.db
      .insert(users)
      .values({ username: `payer${seeded}`, email: `payer${seeded}@example.com`, freeQuestionsRemaining: 33 })
      .returning();
    const customer = await sdk.customers.create({ email: user!.email!, metadata: { userId: String(user!.id) } });
    const subscription = await sdk.subscriptions.create({
      customer: customer.id,
      items: [{ price: env.STRIPE_PRICE_BASIC! }],
      payment_behavior: 'default_incomplete',
      metadata: { userId: String(user!.id), planId: 'basic' },
    });
    stripe.payInvoice(subscription.id);
    await database.db.update(users).set({ stripeCustomerId: customer.id }).where(eq(users.id, user!.id));
    made.push({ id: user!.id, customerId: customer.id });
  }
  return made;
}

/** How many times the app asked Stripe for each customer's subscriptions, from request `from` on. */
function listingsPerCustomer(from: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (const request of stripe.requests.slice(from)) {
    if (request.method !== 'GET' || request.path !== '/v1/subscriptions') continue;
    const customer = String(request.query.customer);
    counts.set(customer, (counts.get(customer) ?? 0) + 1);
  }
  return counts;
}

const jobRow = async (id: number) => (await database.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;

async function expectPaidOnce(customers: { id: number }[]) {
  const ids = customers.map((c) => c.id);
  const rows = await database.db.select().from(users).where(inArray(users.id, ids));
  expect(rows).toHaveLength(customers.length);
  for (const row of rows) {
    expect(row, `user #${row.id}`).toMatchObject({
      subscriptionStatus: 'active',
      subscriptionTier: 'basic',
      paidQuestionsRemaining: 333,
    });
  }
  const paid = await database.db
    .select({ userId: payments.userId, n: sql<number>`count(*)::int` })
    .from(payments)
    .where(and(inArray(payments.userId, ids), eq(payments.status, 'succeeded')))
    .groupBy(payments.userId);
  expect(paid).toHaveLength(customers.length);
  expect(paid.every((row) => row.n === 1)).toBe(true);
}

describe('Stripe sync as a background job', () => {
  it('syncs 250 customers, and resumes where it stopped when its app is stopped and another starts', async () => {
    const customers = await payingCustomers(250);
    const first = await instance();
    const admin = await signInAdmin(first, database.db);
    const from = stripe.requests.length;

    const started = await adminCall(first, admin.cookie, 'POST', SYNC);
    expect(started.statusCode, started.body).toBe(202);
    const job = started.json() as SyncJob;
    expect(job).toMatchObject({ status: 'queued', processed: 0, requestedBy: admin.user.id });
    // A second request while it runs joins it.
    const again = await adminCall(first, admin.cookie, 'POST', SYNC);
    expect(again.statusCode).toBe(202);
    expect((again.json() as SyncJob).id).toBe(job.id);

    const midway = await syncEnded(first, admin.cookie, job.id, { done: (j) => j.processed >= 60 });
    expect(midway).toMatchObject({ status: 'running', total: 250 });
    await closeInstance(first);

    // Handed back on the way out, with its progress.
    const handedBack = await jobRow(job.id);
    expect(handedBack).toMatchObject({ status: 'queued', lockedBy: null, total: 250 });
    expect(handedBack.processed).toBeGreaterThanOrEqual(60);
    expect(handedBack.processed).toBeLessThan(250);
    expect(Number(handedBack.cursor)).toBe(customers[handedBack.processed - 1]!.id);

    const second = await instance();
    const done = await syncEnded(second, admin.cookie, job.id);
    expect(done).toMatchObject({
      status: 'succeeded',
      processed: 250,
      total: 250,
      syncedCount: 250,
      updatedCount: 250,
      unchangedCount: 0,
      failedCount: 0,
      errors: [],
    });
    expect((await jobRow(job.id)).attempts).toBe(2);
    // Each customer was asked about once: the second app began after the last one the first saved.
    const listings = listingsPerCustomer(from);
    expect(customers.map((c) => listings.get(c.customerId) ?? 0)).toEqual(customers.map(() => 1));
    await expectPaidOnce(customers);
  }, 300_000);

  it('leaves a job to the instance whose lease is alive, and takes over one whose instance died', async () => {
    const app = apps[0] ?? (await instance());
    const admin = await signInAdmin(app, database.db);
    const customers = await payingCustomers(30);
    const everyone = await database.db.$count(users, isNotNull(users.stripeCustomerId));
    const from = stripe.requests.length;
    // Another instance is 10 customers into a sync, and still alive.
    const [held] = await database.db
      .insert(jobs)
      .values({
        kind: 'stripe-sync',
        status: 'running',
        requestedBy: admin.user.id,
        processed: 10,
        total: 30,
        cursor: String(customers[9]!.id),
        state: { syncedCount: 10, updatedCount: 10, unchangedCount: 0, failedCount: 0, errors: [] },
        attempts: 1,
        lockedBy: 'another-instance',
        leaseExpiresAt: sql`now() + interval '1 hour'`,
        startedAt: sql`now()`,
      })
      .returning();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await jobRow(held!.id)).toMatchObject({ status: 'running', lockedBy: 'another-instance', processed: 10 });
    expect(listingsPerCustomer(from).size).toBe(0);
    // Starting a sync meanwhile finds that one.
    const joined = await adminCall(app, admin.cookie, 'POST', SYNC);
    expect((joined.json() as SyncJob).id).toBe(held!.id);

    // That instance dies: its lease runs out, and this one carries on from its cursor.
    await database.db
      .update(jobs)
      .set({ leaseExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(jobs.id, held!.id));
    const done = await syncEnded(app, admin.cookie, held!.id);
    expect(done).toMatchObject({ status: 'succeeded', processed: 30, updatedCount: 30, failedCount: 0 });
    expect((await jobRow(held!.id)).attempts).toBe(2);
    const listings = listingsPerCustomer(from);
    expect(customers.slice(0, 10).map((c) => listings.get(c.customerId) ?? 0)).toEqual(Array(10).fill(0));
    expect(customers.slice(10).map((c) => listings.get(c.customerId) ?? 0)).toEqual(Array(20).fill(1));
    expect(listings.size).toBe(20);
    await expectPaidOnce(customers.slice(10));
    expect(everyone).toBeGreaterThan(250);
  }, 300_000);

  it('runs a queued job once when two instances share the database', async () => {
    while (apps.length < 2) await instance();
    const [one, two] = apps as [App, App];
    const admin = await signInAdmin(one, database.db);
    const customers = await payingCustomers(20);
    const everyone = await database.db.$count(users, isNotNull(users.stripeCustomerId));
    const from = stripe.requests.length;
    // Queued as an instance that then went away would leave it: both find it by polling at once.
    const [queued] = await database.db
      .insert(jobs)
      .values({ kind: 'stripe-sync', requestedBy: admin.user.id })
      .returning();

    const done = await syncEnded(two, admin.cookie, queued!.id);
    expect(done).toMatchObject({ status: 'succeeded', processed: everyone, total: everyone, failedCount: 0 });
    expect(await readSync(one, admin.cookie, queued!.id)).toEqual(done);
    // Claimed once, and every customer handled once: those never synced (the 20 new ones, and the 10
    // the dead instance had passed in the test before) were listed once each; those synced before
    // had their subscription read the same number of times each.
    expect((await jobRow(queued!.id)).attempts).toBe(1);
    const listings = listingsPerCustomer(from);
    expect(listings.size).toBe(30);
    expect([...listings.values()].every((n) => n === 1)).toBe(true);
    const known = await database.db
      .select({ subscriptionId: users.stripeSubscriptionId, customerId: users.stripeCustomerId })
      .from(users)
      .where(isNotNull(users.stripeCustomerId));
    const reads = known
      .filter((user) => user.subscriptionId && !listings.has(user.customerId!))
      .map((user) =>
        stripe.requests
          .slice(from)
          .filter((r) => r.method === 'GET' && r.path === `/v1/subscriptions/${user.subscriptionId}`),
      );
    expect(reads).toHaveLength(everyone - 30);
    expect(new Set(reads.map((r) => r.length)).size).toBe(1);
    expect(done.updatedCount).toBe(30);
    expect(done.unchangedCount).toBe(everyone - 30);
    await expectPaidOnce(customers);
  }, 300_000);
  it("takes over, on the embedded database's one process, a job a previous process left running", async () => {
    for (const app of [...apps]) await closeInstance(app);
    const customers = await payingCustomers(5);
    const [left] = await database.db
      .insert(jobs)
      .values({
        kind: 'stripe-sync',
        status: 'running',
        processed: 0,
        total: null,
        attempts: 1,
        lockedBy: 'the-process-before',
        // Killed a moment ago: its lease has not run out, and no other process can be holding it.
        leaseExpiresAt: sql`now() + interval '1 hour'`,
      })
      .returning();
    const app = await instance({ exclusive: true });
    const admin = await signInAdmin(app, database.db);
    const done = await syncEnded(app, admin.cookie, left!.id);
    expect(done).toMatchObject({ status: 'succeeded', failedCount: 0 });
    expect(done.updatedCount).toBe(customers.length);
    await expectPaidOnce(customers);
    await closeInstance(app);
  }, 300_000);

  it('fails the job, with the reason, when payments were switched off after it was queued', async () => {
    for (const app of [...apps]) await closeInstance(app);
    const [queued] = await database.db.insert(jobs).values({ kind: 'stripe-sync' }).returning();
    const app = await instance({ payments: false });
    const admin = await signInAdmin(app, database.db);
    const job = await syncEnded(app, admin.cookie, queued!.id);
    expect(job.status).toBe('failed');
    expect(job.error).toBeTruthy();
    expect(job.processed).toBe(0);
  }, 300_000);
});
