import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, queries, responses, subscriptionEvents } from '../db/schema';
import { getMe, registerAccount, relaxedRateLimits, uniqueAccount } from '../../../tests/helpers/accounts';
import { adminCall, signInAdmin, type SignedInAdmin } from '../../../tests/helpers/admins';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

// No N+1 (performance issue, budget 4): the statements a request sends to the database do not grow
// with the rows it returns. Each call is counted with few rows and with many; the counts must match.

const statements: string[] = [];
let counting = false;
let t: TestApp;
let admin: SignedInAdmin;

beforeAll(async () => {
  t = await createTestApp(relaxedRateLimits, { onStatement: (statement) => counting && statements.push(statement) });
  admin = await signInAdmin(t.app, t.db, uniqueAccount('countadmin'));
});
afterAll(() => t.close());

/**
 * How many statements one call sends, its caller's session already at hand (read by the call just
 * before, so served from the session cache, decision 0029): what is counted is the call's own work.
 */
async function statementsOf(method: 'GET', url: string, cookie: string): Promise<number> {
  expect((await getMe(t.app, cookie)).statusCode).toBe(200);
  statements.length = 0;
  counting = true;
  const res = await adminCall(t.app, cookie, method, url);
  counting = false;
  expect(res.statusCode, res.body).toBe(200);
  return statements.length;
}

async function addQuestions(userId: number, count: number) {
  const rows = await t.db
    .insert(queries)
    .values(
      Array.from({ length: count }, (_, i) => ({
        userId,
        text: `Counted question ${i}`,
        selectedModels: ['chatgpt', 'claude'],
        chargedTo: 'free' as const,
      })),
    )
    .returning({ id: queries.id });
  await t.db.insert(responses).values(
    rows.flatMap(({ id }) => [
      { queryId: id, model: 'chatgpt', text: 'An answer.' },
      { queryId: id, model: 'claude', text: 'Another answer.' },
    ]),
  );
}

describe('statements per request', () => {
  it('reads a history of 40 questions with as many statements as a history of 2', async () => {
    const sessionId = 'count-session-00001';
    const { user, cookie } = await registerAccount(t.app, uniqueAccount('counted'), { sessionId });
    await addQuestions(user.id, 2);
    const few = await statementsOf('GET', `/api/history/${sessionId}`, cookie);
    await addQuestions(user.id, 38);
    const many = await statementsOf('GET', `/api/history/${sessionId}`, cookie);
    expect(many).toBe(few);
    // The history, then its answers.
    expect(few).toBe(2);
  });

  it('lists 5 or 50 users, payments and subscription events with the same statements', async () => {
    const lists = [
      '/api/admin/users?limit=50',
      '/api/admin/payments?limit=50',
      '/api/admin/subscription-events?limit=50',
    ];
    const seed = async (count: number) => {
      const first = (await registerAccount(t.app, uniqueAccount('listed'))).user.id;
      for (let i = 1; i < count; i += 1) await registerAccount(t.app, uniqueAccount('listed'));
      await t.db.insert(payments).values(
        Array.from({ length: count }, (_, i) => ({
          userId: first,
          amount: 499,
          status: 'succeeded',
          stripeInvoiceId: `in_count_${count}_${i}`,
        })),
      );
      await t.db
        .insert(subscriptionEvents)
        .values(
          Array.from({ length: count }, () => ({ userId: first, eventType: 'invoice.paid', newStatus: 'active' })),
        );
    };
    await seed(5);
    const few = [];
    for (const url of lists) few.push(await statementsOf('GET', url, admin.cookie));
    await seed(45);
    const many = [];
    for (const url of lists) many.push(await statementsOf('GET', url, admin.cookie));
    expect(many).toEqual(few);
    // The rows, then the total.
    expect(Math.min(...few)).toBeGreaterThanOrEqual(1);
    expect(Math.max(...few)).toBeLessThanOrEqual(3);
  });

  it('draws the dashboard with a fixed number of statements', async () => {
    const before = await statementsOf('GET', '/api/admin/dashboard', admin.cookie);
    expect(before).toBeGreaterThan(1);
    await registerAccount(t.app, uniqueAccount('dashboarded'));
    expect(await statementsOf('GET', '/api/admin/dashboard', admin.cookie)).toBe(before);
  });
});
