import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sessions, users } from './schema';
import { createTestDatabase, type TestDatabase } from '../../../tests/helpers/test-app';
import { ReadCache } from './read-cache';
import { writtenTables } from './write-watch';

// The write watch (decision 0029) sees every statement the app sends, below Drizzle, and names the
// tables it writes, so the caches of those tables never outlive a change this process made.

describe('writtenTables', () => {
  it('names the tables a statement writes, however it is spelled', () => {
    expect(writtenTables('update "users" set "role" = $1 where "users"."id" = $2')).toEqual(['users']);
    expect(writtenTables('insert into "sessions" ("id", "user_id") values ($1, $2) returning *')).toEqual(['sessions']);
    expect(writtenTables('DELETE FROM sessions WHERE user_id = $1')).toEqual(['sessions']);
    expect(writtenTables('TRUNCATE TABLE "queries", responses, ONLY "users" CASCADE')).toEqual(
      expect.arrayContaining(['queries', 'responses', 'users']),
    );
    // A statement that reads one table and writes two others (the allowance ledger's shape).
    const ledger = writtenTables(
      'with prior as (select "users"."id" from "users" where "users"."id" = $1 for update), ' +
        'changed as (update "users" set free_questions_remaining = $2 from prior returning 1), ' +
        'logged as (insert into "allowance_ledger" (user_id) select 1 from changed) select 1',
    );
    expect(ledger).toEqual(expect.arrayContaining(['users', 'allowance_ledger']));
  });

  it('names no table for a read', () => {
    const read = 'select "sessions"."id", "users"."id" from "sessions" inner join "users" on true where "x" = $1';
    expect(writtenTables(read).filter((table) => ['users', 'sessions'].includes(table))).toEqual([]);
  });
});

describe('a cache kept by the write watch', () => {
  let database: TestDatabase;
  let userId: number;
  const cache = new ReadCache<number, string | undefined>(['users']);
  const readName = (db = database.db) =>
    cache.read(db, userId, async () => {
      const [row] = await db.select({ username: users.username }).from(users).where(eq(users.id, userId));
      return row?.username;
    });

  beforeAll(async () => {
    database = await createTestDatabase();
    const [row] = await database.db
      .insert(users)
      .values({ username: 'watched_user', email: 'watched@example.com', passwordHash: 'x', freeQuestionsRemaining: 0 })
      .returning({ id: users.id });
    userId = row!.id;
  });
  afterAll(() => database.close());

  it('serves a repeated read from memory until the table is written, then reads again', async () => {
    expect(await readName()).toBe('watched_user');
    await database.writeFromAnotherInstance(`UPDATE users SET username = 'unseen_yet' WHERE id = $1`, [userId]);
    // Another instance's write is not seen at once: the cached value stands (for up to a second).
    expect(await readName()).toBe('watched_user');
    // This process's write empties the cache, by any route: here, raw SQL in a transaction.
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`update ${users} set username = 'renamed' where id = ${userId}`);
    });
    expect(await readName()).toBe('renamed');
  });

  it('is emptied by a write in a transaction only once it has settled, committed or not', async () => {
    expect(await readName()).toBe('renamed');
    await expect(
      database.db.transaction(async (tx) => {
        await tx.update(users).set({ username: 'rolled_back' }).where(eq(users.id, userId));
        throw new Error('give up');
      }),
    ).rejects.toThrow('give up');
    expect(await readName()).toBe('renamed');
  });

  it('is not emptied by writes to other tables', async () => {
    expect(await readName()).toBe('renamed');
    await database.writeFromAnotherInstance(`UPDATE users SET username = 'unseen_again' WHERE id = $1`, [userId]);
    await database.db.insert(auditLog).values({ action: 'test.write', targetUserId: userId });
    await database.db.delete(sessions).where(eq(sessions.userId, userId));
    expect(await readName()).toBe('renamed');
  });

  it('never caches what a transaction reads inside itself', async () => {
    await database.db.transaction(async (tx) => {
      await tx.update(users).set({ username: 'inside' }).where(eq(users.id, userId));
      expect(await readName(tx as unknown as TestDatabase['db'])).toBe('inside');
    });
    expect(await readName()).toBe('inside');
  });
});
