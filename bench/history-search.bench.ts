// The history search (issue 20, item 4; decision 0050): a user with 5,000 questions, each with three
// models' multi-paragraph answers, among 40,000 questions of 400 other users. Times what
// GET /api/history/:sessionId?q= runs (readHistoryPage: the page, its answers and the total) for rare,
// common and prefix searches, and the plain pages. Budget: p95 under 50 ms on PostgreSQL, and no
// statement that reads queries or responses whole (EXPLAIN of every statement a case sent). On PGlite
// the same figures are printed for comparison. Run: DATABASE_URL=postgres://... npm run bench -- history-search

import { sql } from 'drizzle-orm';
import { readHistoryPage, type HistoryPageRequest } from '../src/server/queries/history-repository';
import { scratchDatabase } from './support/scratch-database';
import { seedUsers } from './support/seed';
import { explainScans, seqScanOf } from '../tests/helpers/query-plans';

const OTHER_USERS = 400;
const QUESTIONS = 5_000;
const OTHER_QUESTIONS = 40_000;
const RUNS = 21;
const BUDGET_MS = 50;
const LARGE_TABLES = new Set(['queries', 'responses']);

// Answers are drawn from these words, the first ones far more often than the last (as in prose), so a
// search meets common words, rare ones and prefixes of both. Two marked words are planted at known rates.
const COMMON = `the of and to in is that it for as with was on be by this are from or an at which can
  not have has but also more one all their its they were been other than into when most some may time
  such these only new used about would two first after many between each use both over water energy
  system data model process people world light rate number example years number level high small large`
  .split(/\s+/)
  .filter(Boolean);
const TOPICS = `kubernetes cluster container deployment photosynthesis chlorophyll mitochondria protein
  enzyme volcano magma tectonic glacier climate carbon dioxide atmosphere ocean current salinity tide
  moon orbit gravity planet telescope galaxy nebula supernova quantum electron photon particle wave
  entropy temperature pressure molecule reaction catalyst polymer bridge tension concrete steel
  algorithm recursion database index transaction network protocol packet router latency bandwidth
  vaccine antibody immune virus bacteria genome mutation evolution species habitat ecosystem forest
  river delta erosion sediment mineral crystal quartz granite basalt empire dynasty revolution treaty
  parliament constitution economy inflation currency market supply demand investment interest loan`
  .split(/\s+/)
  .filter(Boolean);

const words = (list: string[]) => sql.raw(`(array[${list.map((w) => `'${w}'`).join(',')}]::text[])`);

async function main() {
  let captured: [string, unknown[]][] | null = null;
  const database = await scratchDatabase({ onStatement: (statement, params) => captured?.push([statement, params]) });
  const { db } = database;
  const seedStart = performance.now();
  await seedUsers(db, OTHER_USERS + 1);
  // user 1 asks 5,000 questions; users 2.. the others. Newest first is the order of i.
  await db.execute(sql`
    insert into queries (user_id, text, selected_models, charged_to, created_at)
    select case when i <= ${QUESTIONS} then 1 else 2 + i % ${OTHER_USERS} end,
           'How does the ' || ${words(TOPICS)}[1 + i % ${TOPICS.length}] || ' affect the ' ||
             ${words(TOPICS)}[1 + (i * 7) % ${TOPICS.length}] || ' in question ' || i || '?',
           '["chatgpt","claude","gemini"]'::jsonb, 'free', now() - (i || ' minutes')::interval
    from generate_series(1, ${QUESTIONS + OTHER_QUESTIONS}) as i`);
  // Three answers of three paragraphs of 60 words each (about 1,200 characters); one answer in 500
  // mentions a "zeppelin", one in 20 "tokamak".
  await db.execute(sql`
    insert into responses (query_id, model, text, response_time_ms)
    select q.id, m,
           (select string_agg(
                     (select string_agg(
                               case when random() < 0.8
                                    then ${words(COMMON)}[1 + floor(random() ^ 2 * ${COMMON.length})::int]
                                    else ${words(TOPICS)}[1 + floor(random() * ${TOPICS.length})::int] end,
                               ' ')
                      from generate_series(1, 60) w where w > p * 0) || '.',
                     E'\n\n')
            from generate_series(1, 3) p where p > q.id * 0)
           || case when (q.id * 3 + length(m)) % 500 = 0 then ' The zeppelin landed.' else '' end
           || case when (q.id * 3 + length(m)) % 20 = 0 then ' A tokamak confines plasma.' else '' end,
           900 + q.id % 2000
    from queries q, unnest(array['chatgpt','claude','gemini']) as m`);
  await db.execute(sql`vacuum analyze`);
  const sized = (await db.execute(
    sql`select pg_size_pretty(pg_total_relation_size('queries')) as bytes`,
  )) as unknown as {
    rows: { bytes: string }[];
  };
  const bytes = sized.rows[0]?.bytes;
  console.log(
    `${QUESTIONS.toLocaleString()} questions of one user among ${(QUESTIONS + OTHER_QUESTIONS).toLocaleString()}, ` +
      `${((QUESTIONS + OTHER_QUESTIONS) * 3).toLocaleString()} answers; queries table ${bytes}; ${database.engine}, ` +
      `seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s\n`,
  );

  const first = await readHistoryPage(db, 1, {});
  const cases: [string, HistoryPageRequest][] = [
    ['plain first page', {}],
    ['plain second page', { before: first.next ?? undefined }],
    ['search a rare word "zeppelin"', { search: 'zeppelin' }],
    ['search a word in 1 answer of 20', { search: 'tokamak' }],
    ['search a question word "kubernetes"', { search: 'kubernetes' }],
    ['search a prefix "kube"', { search: 'kube' }],
    ['search a common word "energy"', { search: 'energy' }],
    ['search two words "volcano magma"', { search: 'volcano magma' }],
    ['search a short prefix "t"', { search: 't' }],
    ['search a word no one wrote', { search: 'xylophonist' }],
  ];
  console.log(
    'case'.padEnd(40),
    'found'.padStart(6),
    'median ms'.padStart(10),
    'p95 ms'.padStart(8),
    'budget'.padStart(8),
  );
  let failed = false;
  for (const [label, request] of cases) {
    const times: number[] = [];
    const statements: [string, unknown[]][] = [];
    let found = 0;
    for (let i = 0; i < RUNS; i += 1) {
      captured = i === 0 ? statements : null;
      const start = performance.now();
      const page = await readHistoryPage(db, 1, request);
      times.push(performance.now() - start);
      found = page.total ?? page.items.length;
    }
    captured = null;
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)]!;
    const p95 = times[Math.ceil(times.length * 0.95) - 1]!;
    const scans = database.url ? await explainScans(database.url, statements, (table) => LARGE_TABLES.has(table)) : [];
    const pass = p95 <= BUDGET_MS && !scans.some((scan) => scan.startsWith(seqScanOf('')));
    if (database.engine === 'postgres') failed ||= !pass;
    console.log(
      `${(pass ? 'PASS  ' : 'FAIL  ') + label}`.padEnd(40),
      String(found).padStart(6),
      median.toFixed(1).padStart(10),
      p95.toFixed(1).padStart(8),
      `${BUDGET_MS} ms`.padStart(8),
    );
    if (database.url) console.log(`      plan: ${scans.join(', ')}`);
  }
  if (database.engine !== 'postgres') console.log('\n(The budget applies on PostgreSQL: set DATABASE_URL.)');
  await database.dispose();
  process.exitCode = failed ? 1 : 0;
}

void main();
