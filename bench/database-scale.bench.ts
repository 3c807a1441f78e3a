// Budget 4 of the performance issue: the admin console's lists, the dashboard and a user's history with
// 100,000 users and 1,000,000 stored responses. Times the product's own query functions (what the
// routes call) and compares each median with its budget: lists, searches and sorts 50 ms, dashboard
// 100 ms, a history page 20 ms, and on PostgreSQL no plan that reads a large table whole (EXPLAIN of
// every statement the case sent). The budget is set for PostgreSQL (DATABASE_URL, a scratch
// database); on PGlite the same figures are printed for comparison. Run: npm run bench -- database-scale

import { sql } from 'drizzle-orm';
import { dashboard, listPayments, listSubscriptionEvents } from '../src/server/admin/activity-queries';
import { listUsers } from '../src/server/admin/user-queries';
import { listEmailLogs } from '../src/server/email/logs';
import { readHistoryPage } from '../src/server/queries/history-repository';
import { scratchDatabase } from './support/scratch-database';
import { seedUsers, userListPage } from './support/seed';
import { explainScans, seqScanOf } from '../tests/helpers/query-plans';

const USERS = 100_000;
const RESPONSES = 1_000_000;
const QUERIES = RESPONSES / 4; // three answers and the comparison each
const ROWS_PER_LOG = 20_000;
const RUNS = 11;
const LIST_MS = 50;
const DASHBOARD_MS = 100;
const HISTORY_MS = 20;
/** Tables large enough here that a full scan would show: these must be read through an index. */
const LARGE_TABLES = new Set(['users', 'queries', 'responses', 'payments', 'subscription_events', 'email_logs']);

async function main() {
  let captured: [string, unknown[]][] | null = null;
  const database = await scratchDatabase({ onStatement: (statement, params) => captured?.push([statement, params]) });
  const { db } = database;
  const seedStart = performance.now();
  await seedUsers(db, USERS);
  // Questions belong to the registered users in turn; the first user has 50, like a busy history page.
  await db.execute(sql`
    insert into queries (user_id, text, selected_models, charged_to, created_at)
    select case when i <= 50 then 1 else 1 + (i % ${Math.round(USERS * 0.75)}) end, 'Question ' || i || ': how far is the Moon from the Earth?',
           '["chatgpt","claude","gemini"]'::jsonb, 'free', now() - (i || ' seconds')::interval
    from generate_series(1, ${QUERIES}) as i`);
  await db.execute(sql`
    insert into responses (query_id, model, text, response_time_ms)
    select q, m, case when m = 'comparison' then null else
             'The Moon is about 384,400 km from the Earth on average; answer ' || q || ' by ' || m || '.' end, 900
    from generate_series(1, ${QUERIES}) as q, unnest(array['chatgpt','claude','gemini','comparison']) as m`);
  await db.execute(sql`
    insert into payments (user_id, amount, currency, status, stripe_invoice_id, plan_id, created_at)
    select 1 + (i * 7 % ${USERS}), 499, 'usd', case when i % 20 = 0 then 'failed' else 'succeeded' end,
           'in_bench_' || i, 'basic', now() - (i || ' minutes')::interval
    from generate_series(1, ${ROWS_PER_LOG}) as i`);
  await db.execute(sql`
    insert into subscription_events (user_id, event_type, new_status, new_tier, created_at)
    select 1 + (i * 11 % ${USERS}), 'invoice.paid', 'active', 'basic', now() - (i || ' minutes')::interval
    from generate_series(1, ${ROWS_PER_LOG}) as i`);
  await db.execute(sql`
    insert into email_logs ("to", subject, status, kind, created_at)
    select 'user' || i || '@example.com', 'Verify your email address', 'delivered', 'verification',
           now() - (i || ' minutes')::interval
    from generate_series(1, ${ROWS_PER_LOG}) as i`);
  // A database in service is vacuumed by autovacuum: its visibility map lets counts read indexes alone.
  await db.execute(sql`vacuum analyze`);
  console.log(
    `Database at scale: ${USERS.toLocaleString()} users, ${RESPONSES.toLocaleString()} responses, ` +
      `${database.engine}, seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s\n`,
  );

  const cases: [string, number, () => Promise<unknown>][] = [
    ['users: first page, newest first', LIST_MS, () => listUsers(db, userListPage({}))],
    ['users: page 1,000', LIST_MS, () => listUsers(db, userListPage({ offset: 49_950 }))],
    ['users: search "user_4242"', LIST_MS, () => listUsers(db, userListPage({ search: 'user_4242' }))],
    ['users: search by email domain', LIST_MS, () => listUsers(db, userListPage({ search: '@example.org' }))],
    ['users: sort by subscription tier', LIST_MS, () => listUsers(db, userListPage({ sort: '-subscription' }))],
    ['users: sort by questions left', LIST_MS, () => listUsers(db, userListPage({ sort: '-questions' }))],
    ['users: sort by username', LIST_MS, () => listUsers(db, userListPage({ sort: 'username' }))],
    ['users: active subscriptions', LIST_MS, () => listUsers(db, userListPage({ filter: 'active' }))],
    ['users: anonymous sessions', LIST_MS, () => listUsers(db, userListPage({ kind: 'sessions' }))],
    ['payments: first page', LIST_MS, () => listPayments(db, { limit: 25, offset: 0 })],
    ['payments: page 400', LIST_MS, () => listPayments(db, { limit: 25, offset: 9_975 })],
    ['subscription events: first page', LIST_MS, () => listSubscriptionEvents(db, { limit: 25, offset: 0 })],
    ['email logs: search', LIST_MS, () => listEmailLogs(db, { search: 'user4242@', limit: 25, offset: 0 })],
    ['dashboard', DASHBOARD_MS, () => dashboard(db)],
    ['history of a user with 50+ questions', HISTORY_MS, () => readHistoryPage(db, 1, { limit: 50 })],
  ];
  console.log('case'.padEnd(40), 'median ms'.padStart(10), 'p95 ms'.padStart(8), 'budget'.padStart(8));
  let failed = false;
  for (const [label, budget, run] of cases) {
    const times: number[] = [];
    const statements: [string, unknown[]][] = [];
    for (let i = 0; i < RUNS; i += 1) {
      captured = i === 0 ? statements : null;
      const start = performance.now();
      await run();
      times.push(performance.now() - start);
    }
    captured = null;
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)]!;
    // On PostgreSQL a case also fails when its plan reads a large table whole.
    const scans = database.url ? await explainScans(database.url, statements, (table) => LARGE_TABLES.has(table)) : [];
    const pass = median <= budget && !scans.some((scan) => scan.startsWith(seqScanOf('')));
    if (database.engine === 'postgres') failed ||= !pass;
    console.log(
      `${(pass ? 'PASS  ' : 'FAIL  ') + label}`.padEnd(40),
      median.toFixed(1).padStart(10),
      times[Math.floor(times.length * 0.95)]!.toFixed(1).padStart(8),
      `${budget} ms`.padStart(8),
    );
    if (database.url) console.log(`      plan: ${scans.join(', ') || 'no scan of a large table'}`);
  }
  if (database.engine !== 'postgres') console.log('\n(The budget applies on PostgreSQL: set DATABASE_URL.)');
  await database.dispose();
  process.exitCode = failed ? 1 : 0;
}

void main();
