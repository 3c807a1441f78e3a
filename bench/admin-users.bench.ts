// Benchmark of the admin user lists with 100,000 users (issue: "lists stay fast with 100,000 users").
// Seeds registered users, anonymous sessions and a few subscribers, then times the queries behind
// GET /api/admin/users for the console's common views. PGlite in memory by default; pass a
// PostgreSQL URL in DATABASE_URL to measure a real server (it uses a scratch database it drops).
// Run: npx tsx bench/admin-users.bench.ts

import { listUsers, type UserListOptions } from '../src/server/admin/user-queries';
import { scratchDatabase } from './support/scratch-database';
import { seedUsers, userListPage } from './support/seed';

const USERS = 100_000;
const RUNS = 15;

const views: [string, Partial<UserListOptions>][] = [
  ['first page, newest first', {}],
  ['page 1,000 (offset 49,950)', { offset: 49_950 }],
  ['search "user_4242"', { search: 'user_4242' }],
  ['search by email domain', { search: '@example.org' }],
  ['sort by subscription tier', { sort: '-subscription' }],
  ['sort by questions left', { sort: '-questions' }],
  ['sort by username', { sort: 'username' }],
  ['filter active subscriptions', { filter: 'active' }],
  ['anonymous sessions', { kind: 'sessions' }],
];

async function main() {
  const database = await scratchDatabase();
  const { db } = database;
  const seedStart = performance.now();
  await seedUsers(db, USERS);
  console.log(`seeded ${USERS.toLocaleString()} users in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
  console.log(`engine: ${database.engine}\n`);
  console.log('view'.padEnd(32), 'median ms'.padStart(10), 'p95 ms'.padStart(8), 'total rows'.padStart(11));
  for (const [label, overrides] of views) {
    const options = userListPage(overrides);
    const times: number[] = [];
    let total = 0;
    for (let run = 0; run < RUNS; run++) {
      const start = performance.now();
      total = (await listUsers(db, options)).total;
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)]!;
    const p95 = times[Math.floor(times.length * 0.95)]!;
    console.log(
      label.padEnd(32),
      median.toFixed(1).padStart(10),
      p95.toFixed(1).padStart(8),
      String(total).padStart(11),
    );
  }
  await database.dispose();
}

await main();
