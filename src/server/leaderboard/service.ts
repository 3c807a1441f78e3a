import { and, desc, eq, getTableColumns, gt, gte, isNull, sql } from 'drizzle-orm';
import {
  leaderboardPeriodDays,
  MIN_RANKED_QUESTIONS,
  wilsonInterval,
  type Leaderboard,
  type LeaderboardDaily,
  type LeaderboardPeriod,
  type LeaderboardRow,
} from '../../common/leaderboard';
import { MAX_SELECTED_MODELS, displayNameOf } from '../../common/models';
import type { Database } from '../db/client';
import { leaderboardAnswers, leaderboardDaily, leaderboardTotals, queries, users } from '../db/schema';
import { leaderboardDay } from './answers';
import { addCounts, medianWithInterval } from './first-token-buckets';

// The leaderboard as pages and files read it (issue 14, item 3): sums of the rollup's day rows, never a
// scan of the answers. docs/product.md, "Leaderboard", says what each figure means.

const EXAMPLES_SHOWN = 5;
const DAY_MS = 24 * 60 * 60 * 1000;

type DailyRow = typeof leaderboardDaily.$inferSelect;
/** A rollup row: a day's, or the all-time one, of one model and version. */
type RollupRow = Omit<DailyRow, 'day'>;
/** What a period's rows sum to, per model and version. */
type Totals = Pick<
  RollupRow,
  'questions' | 'claimsChecked' | 'claimsContradicted' | 'firstPlaces' | 'tiedFirsts' | 'firstTokenCounts'
>;

const { firstTokenCounts: dayCounts, ...dayColumns } = getTableColumns(leaderboardDaily);
const { firstTokenCounts: totalCounts, ...totalColumns } = getTableColumns(leaderboardTotals);

// The counts come as PostgreSQL's text for an array and are split here: the driver's own array parser took
// most of a page view's time at a year of day rows (bench/leaderboard.bench.ts).
const splitCounts = <R extends { counts: string }>({ counts, ...row }: R) => ({
  ...row,
  firstTokenCounts: counts.length > 2 ? counts.slice(1, -1).split(',').map(Number) : [],
});

/** The rollup's day rows from `from` on. */
async function readDayRows(db: Database, from: string): Promise<DailyRow[]> {
  const rows = await db
    .select({ ...dayColumns, counts: sql<string>`${dayCounts}::text` })
    .from(leaderboardDaily)
    .where(gte(leaderboardDaily.day, from));
  return rows.map(splitCounts);
}

/** The rows a period sums: its days', or for all time the all-time totals (one row per model and version). */
async function readRollupRows(db: Database, from: string | null): Promise<RollupRow[]> {
  if (from !== null) return readDayRows(db, from);
  const rows = await db.select({ ...totalColumns, counts: sql<string>`${totalCounts}::text` }).from(leaderboardTotals);
  return rows.map(splitCounts);
}

/** The first day a period counts (UTC), today included; null for all time. */
function periodStart(period: LeaderboardPeriod, now: Date): string | null {
  const days = leaderboardPeriodDays[period];
  return days === null ? null : leaderboardDay(new Date(now.getTime() - (days - 1) * DAY_MS));
}

const versionOut = (version: string) => (version === '' ? null : version);

function share(hits: number, total: number) {
  return { share: total > 0 ? hits / total : 0, ...wilsonInterval(hits, total), hits, total };
}

function rowOf(model: string, version: string, t: Totals): LeaderboardRow {
  return {
    model,
    displayName: displayNameOf(model),
    modelVersion: versionOut(version),
    questions: t.questions,
    rank: null,
    contradicted: t.claimsChecked > 0 ? share(t.claimsContradicted, t.claimsChecked) : null,
    firstPlace: share(t.firstPlaces, t.questions),
    tiedFirst: share(t.tiedFirsts, t.questions),
    firstToken: medianWithInterval(t.firstTokenCounts),
  };
}

/** Sums day rows per model and version. */
function totalsByModel(rows: readonly RollupRow[]): Map<string, { model: string; version: string; totals: Totals }> {
  const byKey = new Map<string, { model: string; version: string; totals: Totals }>();
  for (const row of rows) {
    const key = `${row.model}\u0000${row.modelVersion}`;
    let entry = byKey.get(key);
    if (!entry) {
      entry = {
        model: row.model,
        version: row.modelVersion,
        totals: {
          questions: 0,
          claimsChecked: 0,
          claimsContradicted: 0,
          firstPlaces: 0,
          tiedFirsts: 0,
          firstTokenCounts: [],
        },
      };
      byKey.set(key, entry);
    }
    entry.totals.questions += row.questions;
    entry.totals.claimsChecked += row.claimsChecked;
    entry.totals.claimsContradicted += row.claimsContradicted;
    entry.totals.firstPlaces += row.firstPlaces;
    entry.totals.tiedFirsts += row.tiedFirsts;
    addCounts(entry.totals.firstTokenCounts, row.firstTokenCounts);
  }
  return byKey;
}

/**
 * Ranked rows first: fewest contradicted claims (by the interval's upper end, so a small sample does not
 * top the table on luck), then more first places won alone. Unranked rows follow by questions.
 */
function rankRows(rows: LeaderboardRow[]): LeaderboardRow[] {
  const rankable = rows.filter((r) => r.questions >= MIN_RANKED_QUESTIONS && r.contradicted !== null);
  const rest = rows.filter((r) => !rankable.includes(r));
  rankable.sort(
    (a, b) =>
      a.contradicted!.high - b.contradicted!.high ||
      a.contradicted!.share - b.contradicted!.share ||
      b.firstPlace.share - a.firstPlace.share ||
      a.displayName.localeCompare(b.displayName),
  );
  rest.sort((a, b) => b.questions - a.questions || a.displayName.localeCompare(b.displayName));
  return [...rankable.map((row, i) => ({ ...row, rank: i + 1 })), ...rest];
}

export async function readLeaderboard(db: Database, period: LeaderboardPeriod, now: Date): Promise<Leaderboard> {
  const from = periodStart(period, now);
  const rollupRows = await readRollupRows(db, from);
  const rows = [...totalsByModel(rollupRows).values()].map(({ model, version, totals }) =>
    rowOf(model, version, totals),
  );
  return {
    period,
    from,
    to: leaderboardDay(now),
    generatedAt: now.toISOString(),
    rows: rankRows(rows),
    examples: await recentDisputes(db, from),
  };
}

/**
 * Recently disputed first questions of signed-in people who let theirs be shown. Anonymous questions and
 * those of people who turned it off are only ever counted (issue 14, item 4).
 */
async function recentDisputes(db: Database, from: string | null): Promise<Leaderboard['examples']> {
  // Newest disputed answers first, through the partial index on (day, query_id); a question has at most
  // MAX_SELECTED_MODELS of them, so this many rows always hold EXAMPLES_SHOWN questions when there are any.
  const rows = await db
    .select({
      id: queries.id,
      text: queries.text,
      createdAt: queries.createdAt,
      models: queries.selectedModels,
      contradicted: leaderboardAnswers.model,
    })
    .from(leaderboardAnswers)
    .innerJoin(queries, eq(queries.id, leaderboardAnswers.queryId))
    .innerJoin(users, eq(users.id, queries.userId))
    .where(
      and(
        gt(leaderboardAnswers.claimsContradicted, 0),
        from === null ? undefined : gte(leaderboardAnswers.day, from),
        isNull(queries.deletedAt),
        isNull(queries.followUpOf),
        sql`${users.email} is not null`,
        eq(users.contributesToLeaderboard, true),
      ),
    )
    .orderBy(desc(leaderboardAnswers.day), desc(leaderboardAnswers.queryId))
    .limit(EXAMPLES_SHOWN * MAX_SELECTED_MODELS);
  const examples = new Map<number, Leaderboard['examples'][number]>();
  for (const row of rows) {
    const example = examples.get(row.id);
    if (example) example.contradicted.push(row.contradicted);
    else if (examples.size < EXAMPLES_SHOWN)
      examples.set(row.id, {
        question: row.text,
        askedAt: row.createdAt.toISOString(),
        models: row.models,
        contradicted: [row.contradicted],
      });
  }
  // In the order the question picked its models, as the answers are shown.
  return [...examples.values()].map((example) => ({
    ...example,
    contradicted: example.models.filter((model) => example.contradicted.includes(model)),
  }));
}

/** The dashboard's chart: each model and version's figures per day over the last `days` days. */
export async function readLeaderboardDaily(db: Database, days: number, now: Date): Promise<LeaderboardDaily> {
  const dayList = Array.from({ length: days }, (_, i) =>
    leaderboardDay(new Date(now.getTime() - (days - 1 - i) * DAY_MS)),
  );
  const rows = await readDayRows(db, dayList[0]!);
  const series = new Map<string, LeaderboardDaily['series'][number]>();
  for (const row of rows) {
    const index = dayList.indexOf(row.day);
    if (index === -1) continue;
    const key = `${row.model}\u0000${row.modelVersion}`;
    let entry = series.get(key);
    if (!entry) {
      entry = {
        model: row.model,
        displayName: displayNameOf(row.model),
        modelVersion: versionOut(row.modelVersion),
        points: dayList.map(() => null),
      };
      series.set(key, entry);
    }
    entry.points[index] = {
      questions: row.questions,
      contradictedShare: row.claimsChecked > 0 ? row.claimsContradicted / row.claimsChecked : null,
      firstPlaceShare: row.questions > 0 ? row.firstPlaces / row.questions : 0,
      tiedFirstShare: row.questions > 0 ? row.tiedFirsts / row.questions : 0,
      medianFirstTokenMs: medianWithInterval(row.firstTokenCounts)?.medianMs ?? null,
    };
  }
  const ordered = [...series.values()].sort(
    (a, b) => a.displayName.localeCompare(b.displayName) || (a.modelVersion ?? '').localeCompare(b.modelVersion ?? ''),
  );
  return { days: dayList, series: ordered };
}

const csvCell = (value: string | number | null) => {
  if (value === null) return '';
  const text = String(value);
  // A cell a spreadsheet would run as a formula starts with a quote instead.
  const safe = /^[=+\-@\t\r]/.test(text) && typeof value === 'string' ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};
const percent = (x: number) => Math.round(x * 10000) / 100;

/** The leaderboard as CSV: one line per model and version, shares in percent, times in milliseconds. */
export function leaderboardCsv(board: Leaderboard): string {
  const header = [
    'rank',
    'model',
    'model_version',
    'questions',
    'claims_checked',
    'claims_contradicted',
    'contradicted_percent',
    'contradicted_low_percent',
    'contradicted_high_percent',
    'first_places',
    'first_place_percent',
    'first_place_low_percent',
    'first_place_high_percent',
    'tied_first_places',
    'tied_first_percent',
    'timed_answers',
    'median_first_token_ms',
    'median_first_token_low_ms',
    'median_first_token_high_ms',
    'period_from',
    'period_to',
  ];
  const lines = board.rows.map((r) => [
    r.rank,
    r.displayName,
    r.modelVersion,
    r.questions,
    r.contradicted?.total ?? 0,
    r.contradicted?.hits ?? 0,
    r.contradicted ? percent(r.contradicted.share) : null,
    r.contradicted ? percent(r.contradicted.low) : null,
    r.contradicted ? percent(r.contradicted.high) : null,
    r.firstPlace.hits,
    percent(r.firstPlace.share),
    percent(r.firstPlace.low),
    percent(r.firstPlace.high),
    r.tiedFirst.hits,
    percent(r.tiedFirst.share),
    r.firstToken?.answers ?? 0,
    r.firstToken?.medianMs ?? null,
    r.firstToken?.lowMs ?? null,
    r.firstToken?.highMs ?? null,
    board.from,
    board.to,
  ]);
  return [header, ...lines].map((line) => line.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
