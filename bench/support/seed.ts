import { sql } from 'drizzle-orm';
import type { UserListOptions } from '../../src/server/admin/user-queries';
import type { Database } from '../../src/server/db/client';

// Bulk data for the database benchmarks, one statement per kind so seeding takes seconds. Written as
// SQL on purpose: a benchmark fills tables directly, where the product goes through allowance/.

/** `count` users: three quarters registered (a tenth subscribed), a quarter anonymous sessions. */
export async function seedUsers(db: Database, count: number): Promise<void> {
  await db.execute(sql`
    insert into users (username, email, free_questions_remaining, paid_questions_remaining,
                       subscription_status, subscription_tier, created_at)
    select 'user_' || i, 'user' || i || (case when i % 3 = 0 then '@example.org' else '@example.com' end),
           i % 34,
           case when i % 50 = 0 then -1 when i % 10 = 0 then i % 2001 else 0 end,
           case when i % 10 = 0 then 'active' when i % 17 = 0 then 'cancelled' else null end,
           case when i % 50 = 0 then 'unlimited' when i % 20 = 0 then 'standard' when i % 10 = 0 then 'basic' else 'free' end,
           now() - (i || ' seconds')::interval
    from generate_series(1, ${Math.round(count * 0.75)}) as i`);
  await db.execute(sql`
    insert into users (username, free_questions_remaining, created_at)
    select 'session_' || md5(i::text), 33, now() - (i || ' seconds')::interval
    from generate_series(1, ${Math.round(count * 0.25)}) as i`);
  await db.execute(sql`analyze users`);
}

/** The options of the console's Users list as it first opens (registered, newest first, 50 a page), changed by `overrides`. */
export function userListPage(overrides: Partial<UserListOptions> = {}): UserListOptions {
  return { kind: 'registered', filter: 'all', sort: '-id', limit: 50, offset: 0, ...overrides };
}
