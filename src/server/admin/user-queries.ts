import { and, count, desc, asc, sql, type SQL } from 'drizzle-orm';
import { ANONYMOUS_USERNAME_PREFIX } from '../../common/limits';
import type { AdminUserSortKey } from '../../common/admin-user-schemas';
import type { Database } from '../db/client';
import { containsPattern, escapeLike } from '../db/like';
import {
  activeSubscriptionCondition,
  emailDomain,
  paidQuestionsOrder,
  registeredUserCondition,
  statusOrder,
  tierRankOrder,
  users,
} from '../db/schema';
import type { UserRow } from '../users/repository';

// The admin user lists page, search and sort in the database, so they stay fast with 100,000 users
// (bench/admin-users.bench.ts). Every ordering ends with the id, so pages never overlap.

export interface UserListOptions {
  kind: 'registered' | 'sessions';
  filter: 'all' | 'admin' | 'active' | 'inactive';
  search?: string;
  sort: string;
  limit: number;
  offset: number;
}

/** A search for the accounts of a domain: '@' and the domain, or its beginning. */
const DOMAIN_SEARCH = /^@[^@\s]+$/;

// LIKE treats _ as a wildcard, and the prefix has one.
const sessionPattern = `${escapeLike(ANONYMOUS_USERNAME_PREFIX)}%`;

const isSessionUser = sql`${users.username} like ${sessionPattern}`;
/** The schema's constant, so the totals come from its partial index (users_registered_idx). */
export const isRegisteredUser = registeredUserCondition;
export const isAdmin = sql`(${users.role} = 'admin' or ${users.isAdmin})`;

/** Every administrator account, oldest first (GET /api/admin/admin-users). */
export function listAdmins(db: Database): Promise<UserRow[]> {
  return db.select().from(users).where(isAdmin).orderBy(asc(users.id));
}

const sortColumns: Record<AdminUserSortKey, SQL[]> = {
  id: [sql`${users.id}`],
  username: [sql`lower(${users.username})`],
  email: [sql`lower(${users.email})`],
  role: [sql`case when ${isAdmin} then 1 else 0 end`],
  // Expressions with an index each (db/schema.ts).
  subscription: [tierRankOrder, statusOrder],
  questions: [paidQuestionsOrder, sql`${users.freeQuestionsRemaining}`],
  createdAt: [sql`${users.createdAt}`],
};

function whereOf(options: UserListOptions): SQL {
  const parts: SQL[] = [options.kind === 'sessions' ? isSessionUser : isRegisteredUser];
  if (options.filter === 'admin') parts.push(isAdmin);
  if (options.filter === 'active') parts.push(activeSubscriptionCondition);
  if (options.filter === 'inactive') parts.push(sql`${users.subscriptionStatus} is distinct from 'active'`);
  const term = options.search?.trim();
  if (term && DOMAIN_SEARCH.test(term)) {
    // Usernames cannot hold '@' and an address holds one, so '@example.org' can only be found at the
    // start of an address's domain: the same rows as the "contains" search, read in order from
    // users_email_domain_idx (checking 25,000 addresses one by one took the count past its budget).
    parts.push(sql`${emailDomain} like ${`${escapeLike(term.slice(1).toLowerCase())}%`}`);
  } else if (term) {
    const pattern = containsPattern(term);
    const byId = /^\d{1,9}$/.test(term) ? sql` or ${users.id} = ${Number(term)}` : sql``;
    parts.push(sql`(${users.username} ilike ${pattern} or ${users.email} ilike ${pattern}${byId})`);
  }
  return and(...parts)!;
}

export async function listUsers(db: Database, options: UserListOptions): Promise<{ rows: UserRow[]; total: number }> {
  const descending = options.sort.startsWith('-');
  const key = (descending ? options.sort.slice(1) : options.sort) as AdminUserSortKey;
  const direction = descending ? desc : asc;
  const order = [...(sortColumns[key] ?? sortColumns.id).map((column) => direction(column)), direction(users.id)];
  const where = whereOf(options);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(...order)
      .limit(options.limit)
      .offset(options.offset),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { rows, total: totalRow?.total ?? 0 };
}
