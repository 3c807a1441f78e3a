import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HISTORY_NEXT_CURSOR_HEADER, HISTORY_PAGE_SIZE } from '../../common/history-paging';
import type { QueryResult, SavedQuery } from '../../common/query-schemas';
import { startFakeAiVendors, type FakeAiVendors } from '../../../tests/fakes/ai-vendors';
import { registerAccount, sessionHeaders, uniqueAccount } from '../../../tests/helpers/accounts';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { historyPageStatement, historySearchCountStatement, purgeDeletedQuestions } from './history-repository';
import { planOf, scansOf, seqScanOf } from '../../../tests/helpers/query-plans';

// The Session History's pages, search, single deletes with undo, and the purge (decision 0050).

/** The rows a raw statement answered (drizzle types them by driver, and this runs on both). */
async function rowsOf<Row>(statement: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await t.db.execute(statement)) as unknown as { rows: Row[] }).rows;
}

let fakes: FakeAiVendors;
let t: TestApp;
let counter = 0;
const newSession = () => `history-search-${++counter}-${Date.now()}`;

beforeAll(async () => {
  fakes = await startFakeAiVendors();
  t = await createTestApp({
    ...fakes.env,
    JUDGE_MODEL: 'local',
    // Every test asks from new browser sessions, all from one address.
    ANONYMOUS_SESSIONS_PER_ADDRESS_PER_DAY: '0',
    ANONYMOUS_QUESTIONS_PER_ADDRESS_PER_DAY: '0',
  });
});
afterEach(() => fakes.reset());
afterAll(async () => {
  await t.close();
  await fakes.stop();
});

/** Asks `text` as the session (or the signed-in cookie); every model answers `answer`. */
async function ask(sessionId: string, text: string, answer = 'A plain answer.', cookie?: string): Promise<QueryResult> {
  fakes.reset();
  fakes.script('*', { text: answer });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/query',
    headers: sessionHeaders(cookie),
    payload: { text, sessionId, selectedModels: ['chatgpt', 'claude'] },
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

function history(sessionId: string, query: Record<string, string> = {}, cookie?: string) {
  const search = new URLSearchParams(query).toString();
  return t.app.inject({
    method: 'GET',
    url: `/api/history/${sessionId}${search ? `?${search}` : ''}`,
    headers: sessionHeaders(cookie),
  });
}

async function texts(sessionId: string, query: Record<string, string> = {}, cookie?: string): Promise<string[]> {
  const res = await history(sessionId, query, cookie);
  expect(res.statusCode).toBe(200);
  return (res.json() as SavedQuery[]).map((q) => q.text);
}

const sessionUserId = async (sessionId: string) =>
  Number((await rowsOf<{ id: number }>(sql`select id from users where username = ${`session_${sessionId}`}`))[0]!.id);

/** `count` questions for the user, straight into the tables, each a second newer than the one before. */
async function seed(userId: number, count: number, text: (i: number) => string, answer: (i: number) => string) {
  for (let i = 0; i < count; i += 1) {
    const rows = await rowsOf<{ id: number }>(sql`
      insert into queries (user_id, text, selected_models, charged_to, created_at)
      values (${userId}, ${text(i)}, '["chatgpt"]'::jsonb, 'free', now() + ${i + 1} * interval '1 second')
      returning id`);
    await t.db.execute(
      sql`insert into responses (query_id, model, text, response_time_ms) values (${rows[0]!.id}, 'chatgpt', ${answer(i)}, 900)`,
    );
  }
}

describe('history pages', () => {
  it('pages newest first through the cursor header, each question once, even when two share a time', async () => {
    const session = newSession();
    await ask(session, 'first of five');
    const userId = await sessionUserId(session);
    for (const n of ['second', 'third', 'fourth', 'fifth']) await ask(session, `${n} of five`);
    // Two questions saved in the same microsecond: the id breaks the tie.
    await t.db.execute(
      sql`update queries set created_at = (select created_at from queries where user_id = ${userId} and text = 'third of five') where user_id = ${userId} and text = 'fourth of five'`,
    );

    const seen: string[] = [];
    let before: string | undefined;
    for (let page = 0; page < 5; page += 1) {
      const res = await history(session, { limit: '2', ...(before && { before }) });
      expect(res.statusCode).toBe(200);
      seen.push(...(res.json() as SavedQuery[]).map((q) => q.text));
      before = res.headers[HISTORY_NEXT_CURSOR_HEADER] as string | undefined;
      if (!before) break;
      expect(before).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z,\d+$/);
    }
    expect(seen).toEqual(['fifth of five', 'fourth of five', 'third of five', 'second of five', 'first of five']);
  });

  it(`answers ${HISTORY_PAGE_SIZE} questions to the plain call, with the cursor of the rest`, async () => {
    const session = newSession();
    await ask(session, 'the very first');
    await seed(
      await sessionUserId(session),
      HISTORY_PAGE_SIZE + 2,
      (i) => `seeded ${i}`,
      () => 'seeded answer',
    );
    const first = await history(session);
    expect(first.json()).toHaveLength(HISTORY_PAGE_SIZE);
    const rest = await texts(session, { before: first.headers[HISTORY_NEXT_CURSOR_HEADER] as string });
    expect(rest).toEqual(['seeded 1', 'seeded 0', 'the very first']);
  });

  it('refuses a malformed cursor, page size or combination with 400 and a clear message', async () => {
    const session = newSession();
    const cases: [Record<string, string>, string][] = [
      [{ before: 'yesterday' }, 'Invalid history page'],
      [{ before: '2026-02-30T10:00:00.000000Z,4' }, 'Invalid history page'],
      [{ before: '2026-01-01T10:00:00.000000Z,99999999999' }, 'Invalid history page'],
      [{ limit: '0' }, 'A history page holds 1 to 100 questions'],
      [{ limit: '101' }, 'A history page holds 1 to 100 questions'],
      [{ limit: 'ten' }, 'A history page holds 1 to 100 questions'],
      [{ around: '4', q: 'moon' }, 'around cannot be combined with q, before or limit'],
      [{ q: 'x'.repeat(201) }, 'Search text is too long: please keep it under 200 characters'],
      [{ q: 'moon\u0007' }, 'Text contains characters that are not allowed'],
      [{ q: 'two\nlines' }, 'Text contains characters that are not allowed'],
    ];
    for (const [query, message] of cases) {
      const res = await history(session, query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().message, JSON.stringify(query)).toBe(message);
    }
  });
});

describe('history search', () => {
  it('finds questions by the words of the question and of the answers, by prefix, in any case', async () => {
    const session = newSession();
    await ask(session, 'How do I run Kubernetes at home?', 'Use k3s on a small machine.');
    await ask(session, 'What is the capital of Australia?', 'Canberra, not Sydney, is the capital.');
    await ask(session, 'Which Pokémon evolves from Pichu?', 'Pikachu évolue de Pichu; then Raichu.');

    expect(await texts(session, { q: 'kube' })).toEqual(['How do I run Kubernetes at home?']);
    expect(await texts(session, { q: 'CANBER' })).toEqual(['What is the capital of Australia?']);
    expect(await texts(session, { q: 'évol' })).toEqual(['Which Pokémon evolves from Pichu?']);
    // Every word must match, each somewhere in the question or its answers.
    expect(await texts(session, { q: 'capital sydney' })).toEqual(['What is the capital of Australia?']);
    expect(await texts(session, { q: 'capital kubernetes' })).toEqual([]);
    // Punctuation is no syntax: quotes, colons, ampersands and backslashes are only separators.
    expect(await texts(session, { q: `'kube' & !home:* \\ |` })).toEqual(['How do I run Kubernetes at home?']);
    const res = await history(session, { q: 'the' });
    expect(res.headers['x-total-count']).toBe('2');
    // "the" also begins "then" in the Pichu answer; newest first.
    expect((res.json() as SavedQuery[]).map((q) => q.text)).toEqual([
      'Which Pokémon evolves from Pichu?',
      'What is the capital of Australia?',
    ]);
  });

  it('treats blank text as the plain history and text without a word as no match', async () => {
    const session = newSession();
    await ask(session, 'Anything at all?');
    expect(await texts(session, { q: '   ' })).toEqual(['Anything at all?']);
    const none = await history(session, { q: '?!' });
    expect(none.json()).toEqual([]);
    expect(none.headers['x-total-count']).toBe('0');
  });

  it("never finds another visitor's or another account's questions", async () => {
    const mine = newSession();
    const theirs = newSession();
    await ask(mine, 'My question about volcanoes');
    await ask(theirs, 'Their question about volcanoes');
    const { cookie } = await registerAccount(t.app, uniqueAccount('searcher'));
    await ask(newSession(), 'An account question about volcanoes', undefined, cookie);

    expect(await texts(mine, { q: 'volcano' })).toEqual(['My question about volcanoes']);
    expect(await texts(theirs, { q: 'volcano' })).toEqual(['Their question about volcanoes']);
    // Signed in, the history is the account's whatever session the path names.
    expect(await texts(mine, { q: 'volcano' }, cookie)).toEqual(['An account question about volcanoes']);
    expect(await texts(newSession(), { q: 'volcano' })).toEqual([]);
  });

  it('finds the new words of an answer changed later (a retry), and no longer the old ones', async () => {
    const session = newSession();
    const asked = await ask(session, 'Who wrote Dune?', 'Frank Herbert wrote it.');
    expect(await texts(session, { q: 'herbert' })).toHaveLength(1);
    await t.db.execute(
      sql`update responses set text = 'Written by Herbert Frank Jr, a mistake: Brian Herbert continued it.' where query_id = ${asked.id} and model = 'claude'`,
    );
    expect(await texts(session, { q: 'brian' })).toEqual(['Who wrote Dune?']);
    await t.db.execute(sql`update responses set text = 'Timed out.' where query_id = ${asked.id}`);
    expect(await texts(session, { q: 'herbert' })).toEqual([]);
    // A change that leaves the words alone (a retry counter) keeps them findable.
    await t.db.execute(sql`update responses set retries = retries + 1 where query_id = ${asked.id}`);
    expect(await texts(session, { q: 'timed' })).toEqual(['Who wrote Dune?']);
  });

  it('pages a search with the same cursor rules', async () => {
    const session = newSession();
    await ask(session, 'unrelated first');
    await seed(
      await sessionUserId(session),
      7,
      (i) => `question ${i}`,
      (i) => (i % 2 === 0 ? `even answer about tides ${i}` : `odd answer ${i}`),
    );
    const first = await history(session, { q: 'tide', limit: '2' });
    expect(first.headers['x-total-count']).toBe('4');
    const all = (first.json() as SavedQuery[]).map((q) => q.text);
    let before = first.headers[HISTORY_NEXT_CURSOR_HEADER] as string | undefined;
    while (before) {
      const next = await history(session, { q: 'tide', limit: '2', before });
      expect(next.headers['x-total-count']).toBeUndefined();
      all.push(...(next.json() as SavedQuery[]).map((q) => q.text));
      before = next.headers[HISTORY_NEXT_CURSOR_HEADER] as string | undefined;
    }
    expect(all).toEqual(['question 6', 'question 4', 'question 2', 'question 0']);
  });
});

describe('deleting one question', () => {
  const remove = (id: number, sessionId?: string, cookie?: string) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/query/${id}${sessionId ? `?sessionId=${sessionId}` : ''}`,
      headers: sessionHeaders(cookie),
    });
  const restore = (id: number, sessionId?: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/query/${id}/restore${sessionId ? `?sessionId=${sessionId}` : ''}`,
      headers: sessionHeaders(cookie),
    });
  const freeLeft = async (sessionId: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/subscription-status-by-session/${sessionId}` })).json()
      .freeQuestionsRemaining as number;

  it('hides it from the history, the search, its page and its neighbours at once; Undo puts it back in place', async () => {
    const session = newSession();
    await ask(session, 'older about owls');
    const middle = await ask(session, 'middle about owls');
    await ask(session, 'newer about owls');
    const left = await freeLeft(session);

    const deleted = await remove(middle.id, session);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Question deleted' });
    expect(await texts(session)).toEqual(['newer about owls', 'older about owls']);
    expect(await texts(session, { q: 'middle' })).toEqual([]);
    expect((await history(session, { q: 'owls' })).headers['x-total-count']).toBe('2');
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/query/${middle.id}?sessionId=${session}` })).statusCode,
    ).toBe(404);
    expect(await texts(session, { around: String(middle.id) })).toEqual([]);
    // It was answered: deleting it gives nothing back.
    expect(await freeLeft(session)).toBe(left);
    // Deleting twice is still done.
    expect((await remove(middle.id, session)).statusCode).toBe(200);

    const restored = await restore(middle.id, session);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toEqual({ message: 'Question restored' });
    expect(await texts(session)).toEqual(['newer about owls', 'middle about owls', 'older about owls']);
    expect(await texts(session, { around: String(middle.id) })).toEqual([
      'newer about owls',
      'middle about owls',
      'older about owls',
    ]);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/query/${middle.id}?sessionId=${session}` })).statusCode,
    ).toBe(200);
  });

  it('lets only the owner delete or restore: anyone else gets 404 and changes nothing', async () => {
    const session = newSession();
    const asked = await ask(session, 'mine to keep');
    const stranger = newSession();
    await ask(stranger, 'a stranger asks');
    const { cookie } = await registerAccount(t.app, uniqueAccount('deleter'));

    for (const res of [
      await remove(asked.id, stranger),
      await remove(asked.id),
      await remove(asked.id, session, cookie),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Query not found' });
    }
    expect(await texts(session)).toEqual(['mine to keep']);

    await remove(asked.id, session);
    expect((await restore(asked.id, stranger)).statusCode).toBe(404);
    expect((await restore(asked.id, session, cookie)).statusCode).toBe(404);
    expect(await texts(session)).toEqual([]);
    expect((await remove(2_147_483_647, session)).statusCode).toBe(404);
  });

  it('purges a question deleted more than a day ago for good, with its answers, and keeps the rest', async () => {
    const session = newSession();
    const old = await ask(session, 'deleted long ago');
    const recent = await ask(session, 'deleted just now');
    await ask(session, 'kept');
    await remove(old.id, session);
    await remove(recent.id, session);
    await t.db.execute(sql`update queries set deleted_at = now() - interval '25 hours' where id = ${old.id}`);

    expect(await purgeDeletedQuestions(t.db)).toBe(1);
    const left = await rowsOf<{ id: number }>(sql`select id from queries where id in (${old.id}, ${recent.id})`);
    expect(left.map((r) => r.id)).toEqual([recent.id]);
    expect(await rowsOf(sql`select id from responses where query_id = ${old.id}`)).toHaveLength(0);
    expect((await restore(old.id, session)).statusCode).toBe(404);
    expect((await restore(recent.id, session)).statusCode).toBe(200);
    expect(await texts(session)).toEqual(['kept', 'deleted just now']);
  });
});

describe('the search plan', () => {
  it('reads the search through queries_search_idx, and no statement of a page scans queries whole', async () => {
    const { cookie } = await registerAccount(t.app, uniqueAccount('planner'));
    const me = (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json() as { id: number };
    const { cookie: otherCookie } = await registerAccount(t.app, uniqueAccount('neighbour'));
    const other = (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: otherCookie } })).json() as {
      id: number;
    };
    // 1,500 questions of theirs among 20,000 of another user's, each answered in 150 words (their
    // vectors about 2.5 kB, as a real answer's), one in a hundred about an aurora. Smaller, the table
    // would be cheaper to read through the user's rows than through any search index.
    await t.db.execute(sql`
      insert into queries (user_id, text, selected_models, charged_to, created_at)
      select case when i <= 1500 then ${me.id}::integer else ${other.id}::integer end,
             'Question ' || i || ' about ' || (array['tides','stars','rivers','moons'])[1 + i % 4],
             '["chatgpt"]'::jsonb, 'free', now() - (i || ' minutes')::interval
      from generate_series(1, 21500) as i`);
    await t.db.execute(sql`
      insert into responses (query_id, model, text, response_time_ms)
      select id, 'chatgpt', 'A long answer about ' || text ||
             case when id % 100 = 0 then ', and the aurora borealis' else '' end || E'.\n\n' ||
             (select string_agg(substr(md5(id::text || w::text), 1, 4 + w % 8), ' ') from generate_series(1, 150) w),
             900
      from queries where user_id = ${me.id}`);
    // As autovacuum would leave them in service: statistics, and a visibility map for the new rows.
    await t.db.execute(sql`vacuum analyze queries`);
    await t.db.execute(sql`vacuum analyze responses`);

    const client = (
      t.db as unknown as { $client: { query(text: string, params: unknown[]): Promise<{ rows: unknown[] }> } }
    ).$client;
    const plan = async (statement: { toSQL(): { sql: string; params: unknown[] } }) => {
      const { sql: text, params } = statement.toSQL();
      const { rows } = await client.query(`explain (format json) ${text}`, params);
      return scansOf(planOf(rows[0]));
    };

    expect(await plan(historyPageStatement(t.db, me.id, { search: 'aurora' }))).toContain('queries_search_idx');
    expect(await plan(historySearchCountStatement(t.db, me.id, 'aurora'))).toContain('queries_search_idx');
    for (const statement of [
      historyPageStatement(t.db, me.id, { search: 'aurora' }),
      historyPageStatement(t.db, me.id, { search: 'question' }),
      historyPageStatement(t.db, me.id, {}),
      historyPageStatement(t.db, me.id, { before: '2026-01-01T00:00:00.000000Z,1' }),
      historySearchCountStatement(t.db, me.id, 'question'),
    ]) {
      const scans = await plan(statement);
      expect(
        scans.filter((scan) => scan.startsWith(seqScanOf(''))),
        scans.join(', '),
      ).toEqual([]);
      expect(scans.length).toBeGreaterThan(0);
    }
    const found = await texts('unused-session-1', { q: 'aurora' }, cookie);
    expect(found).toHaveLength(15);
  });
});
