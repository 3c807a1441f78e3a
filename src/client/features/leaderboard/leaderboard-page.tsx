import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, Download } from 'lucide-react';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import {
  DEFAULT_LEADERBOARD_PERIOD,
  LEADERBOARD_PERIODS,
  MIN_RANKED_QUESTIONS,
  leaderboardPeriodLabels,
  type Leaderboard,
  type LeaderboardPeriod,
  type LeaderboardRow,
  type LeaderboardShare,
} from '../../../common/leaderboard';
import { leaderboardCsvPath, leaderboardOptions } from '../../api/leaderboard';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { Table, TableBody, TableHead, TableHeader, TableRow, TableCell } from '../../components/ui/table';
import { serverMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { leaderboardTexts } from './leaderboard-texts';

// The public reliability leaderboard (issue 14, item 3). Every figure is printed with its 95% interval and the
// count behind it, because a share of a few dozen questions says little without them.

const oneDecimal = new Intl.NumberFormat('en', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat('en');
// The period's days are UTC days, so they are written as UTC whatever the reader's time zone.
const dayFormat = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const timeFormat = new Intl.DateTimeFormat('en', {
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
  timeZone: 'UTC',
});

/** A moment as the page writes it: a day, or a time of day, in UTC like the period above the table. */
function Moment({ at, as }: { at: string; as: 'day' | 'time' }) {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return null;
  return <time dateTime={date.toISOString()}>{(as === 'day' ? dayFormat : timeFormat).format(date)}</time>;
}

const percent = (share: number) => `${oneDecimal.format(share * 100)}%`;
const percentRange = (low: number, high: number) => `${oneDecimal.format(low * 100)}–${oneDecimal.format(high * 100)}%`;
const seconds = (ms: number) => `${oneDecimal.format(ms / 1000)} s`;
const secondsRange = (low: number, high: number) =>
  `${oneDecimal.format(low / 1000)}–${oneDecimal.format(high / 1000)} s`;
const counted = (n: number, noun: string) => `${whole.format(n)} ${noun}${n === 1 ? '' : 's'}`;

function formatDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : dayFormat.format(date);
}

function asPeriod(value: string | null): LeaderboardPeriod {
  return LEADERBOARD_PERIODS.find((period) => period === value) ?? DEFAULT_LEADERBOARD_PERIOD;
}

const rowKey = (row: LeaderboardRow) => `${row.model}\u0000${row.modelVersion ?? ''}`;

/** The widest upper bound in a column, so each column's bars share one scale. */
interface Scales {
  contradicted: number;
  firstPlace: number;
  firstTokenMs: number;
}

function scalesOf(rows: LeaderboardRow[]): Scales {
  return {
    contradicted: Math.max(0, ...rows.map((row) => row.contradicted?.high ?? 0)),
    firstPlace: Math.max(0, ...rows.map((row) => row.firstPlace.high)),
    firstTokenMs: Math.max(0, ...rows.map((row) => row.firstToken?.highMs ?? 0)),
  };
}

/** The interval as a shaded span with the point estimate as a tick; the numbers beside it say the same. */
function IntervalBar({ value, low, high, max }: { value: number; low: number; high: number; max: number }) {
  if (!(max > 0)) return null;
  const at = (x: number) => Math.min(100, Math.max(0, (x / max) * 100));
  return (
    <div aria-hidden className="relative my-1 h-1.5 w-full max-w-36 rounded-full bg-border">
      <div
        className="absolute inset-y-0 rounded-full bg-primary/40"
        style={{ left: `${at(low)}%`, width: `${Math.max(at(high) - at(low), 1)}%` }}
      />
      <div
        className="absolute -top-0.5 h-2.5 w-0.5 -translate-x-1/2 rounded-full bg-primary"
        style={{ left: `${at(value)}%` }}
      />
    </div>
  );
}

/** One figure as printed: the estimate, its interval, what it counts and where the bar goes; or why there is none. */
type FigureParts =
  | {
      value: string;
      interval: string;
      count: string;
      bar: { value: number; low: number; high: number; max: number };
      /** A line more under the count, e.g. how often the top place was shared. */
      note?: string;
    }
  | { missing: string };

function contradictedParts(share: LeaderboardShare | null, max: number): FigureParts {
  if (!share) return { missing: 'No checked claims' };
  return {
    value: percent(share.share),
    interval: percentRange(share.low, share.high),
    count: counted(share.total, 'claim'),
    bar: { value: share.share, low: share.low, high: share.high, max },
  };
}

/** First place won alone; the questions where it shared the top score are counted beside it, never in it. */
function firstPlaceParts(share: LeaderboardShare, tied: LeaderboardShare, max: number): FigureParts {
  return {
    value: percent(share.share),
    interval: percentRange(share.low, share.high),
    count: `of ${counted(share.total, 'question')}`,
    bar: { value: share.share, low: share.low, high: share.high, max },
    note: leaderboardTexts.tiedFirst(tied.hits),
  };
}

function firstTokenParts(firstToken: LeaderboardRow['firstToken'], max: number): FigureParts {
  if (!firstToken) return { missing: 'Not timed' };
  return {
    value: seconds(firstToken.medianMs),
    interval: secondsRange(firstToken.lowMs, firstToken.highMs),
    count: counted(firstToken.answers, 'answer'),
    bar: { value: firstToken.medianMs, low: firstToken.lowMs, high: firstToken.highMs, max },
  };
}

function figuresOf(row: LeaderboardRow, scales: Scales) {
  return {
    contradicted: contradictedParts(row.contradicted, scales.contradicted),
    firstPlace: firstPlaceParts(row.firstPlace, row.tiedFirst, scales.firstPlace),
    firstToken: firstTokenParts(row.firstToken, scales.firstTokenMs),
  };
}

function Interval({ text }: { text: string }) {
  return (
    <span className="block text-xs tabular-nums text-muted-foreground">
      <span className="sr-only">95% interval </span>
      {text}
    </span>
  );
}

function Dash() {
  return (
    <span aria-hidden className="block font-semibold text-muted-foreground">
      —
    </span>
  );
}

/** A table cell's figure: everything stacked in its column. */
function StackedFigure({ parts }: { parts: FigureParts }) {
  if ('missing' in parts) {
    return (
      <div className="grid gap-0.5">
        <Dash />
        <span className="text-xs text-muted-foreground">{parts.missing}</span>
      </div>
    );
  }
  return (
    <div className="grid min-w-0 gap-0.5">
      <span className="font-semibold tabular-nums">{parts.value}</span>
      <IntervalBar {...parts.bar} />
      <Interval text={parts.interval} />
      <span className="text-xs text-muted-foreground">{parts.count}</span>
      {parts.note && <span className="text-xs text-muted-foreground">{parts.note}</span>}
    </div>
  );
}

/** A phone card's figure: label and estimate on one line, bar and count below, so a card stays short. */
function FigureLine({ label, hint, parts }: { label: string; hint?: string; parts: FigureParts }) {
  return (
    <div className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-x-3 gap-y-1">
      <dt className="text-sm font-medium">
        {label}
        {hint && <span className="block text-xs font-normal text-muted-foreground">{hint}</span>}
      </dt>
      <dd className="text-right">
        {'missing' in parts ? (
          <Dash />
        ) : (
          <>
            <span className="block font-semibold tabular-nums">{parts.value}</span>
            <Interval text={parts.interval} />
          </>
        )}
      </dd>
      <dd className="col-span-2 flex items-center gap-3 text-xs text-muted-foreground">
        {'missing' in parts ? (
          parts.missing
        ) : (
          <>
            <span className="min-w-0 flex-1">
              <IntervalBar {...parts.bar} />
            </span>
            <span className="shrink-0">{parts.count}</span>
          </>
        )}
      </dd>
      {!('missing' in parts) && parts.note && (
        <dd className="col-span-2 text-right text-xs text-muted-foreground">{parts.note}</dd>
      )}
    </div>
  );
}

function ModelName({ row }: { row: LeaderboardRow }) {
  return (
    <>
      <span className="block font-medium">{row.displayName}</span>
      <span className="block text-xs font-normal break-all text-muted-foreground">
        {row.modelVersion ?? 'Version not recorded'}
      </span>
    </>
  );
}

function RankLabel({ rank }: { rank: number | null }) {
  return rank === null ? (
    <span className="text-xs text-muted-foreground">Not ranked</span>
  ) : (
    <span className="text-lg font-semibold tabular-nums">{rank}</span>
  );
}

function LeaderboardTableRow({ row, scales }: { row: LeaderboardRow; scales: Scales }) {
  const figures = figuresOf(row, scales);
  return (
    <TableRow className={cn('align-top', row.rank === null && 'bg-muted/30')}>
      <TableCell className="w-16 align-top">
        <RankLabel rank={row.rank} />
      </TableCell>
      <th scope="row" className="px-3 py-2.5 text-left align-top">
        <ModelName row={row} />
      </th>
      <TableCell className="align-top">
        <StackedFigure parts={figures.contradicted} />
      </TableCell>
      <TableCell className="align-top">
        <StackedFigure parts={figures.firstPlace} />
      </TableCell>
      <TableCell className="align-top">
        <StackedFigure parts={figures.firstToken} />
      </TableCell>
      <TableCell className="text-right align-top font-semibold tabular-nums">{whole.format(row.questions)}</TableCell>
    </TableRow>
  );
}

function LeaderboardTable({
  ranked,
  unranked,
  scales,
  label,
}: {
  ranked: LeaderboardRow[];
  unranked: LeaderboardRow[];
  scales: Scales;
  label: string;
}) {
  return (
    <Card className="hidden overflow-hidden md:block">
      <Table aria-label={label}>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>Rank</TableHead>
            <TableHead>Model</TableHead>
            <TableHead>
              Contradicted claims
              <span className="block text-xs font-normal">lower is better</span>
            </TableHead>
            <TableHead>
              Ranked first
              <span className="block text-xs font-normal">{leaderboardTexts.rankedFirstHint}</span>
            </TableHead>
            <TableHead>
              Median first token
              <span className="block text-xs font-normal">time to the first word</span>
            </TableHead>
            <TableHead className="text-right">Questions</TableHead>
          </TableRow>
        </TableHeader>
        {ranked.length > 0 && (
          <TableBody>
            {ranked.map((row) => (
              <LeaderboardTableRow key={rowKey(row)} row={row} scales={scales} />
            ))}
          </TableBody>
        )}
        {unranked.length > 0 && (
          <TableBody className="border-t-2">
            <tr className="border-b bg-muted/50">
              <th scope="rowgroup" colSpan={6} className="px-3 py-2 text-left text-sm font-medium">
                {leaderboardTexts.notRanked}
              </th>
            </tr>
            {unranked.map((row) => (
              <LeaderboardTableRow key={rowKey(row)} row={row} scales={scales} />
            ))}
          </TableBody>
        )}
      </Table>
    </Card>
  );
}

function ModelCard({ row, scales }: { row: LeaderboardRow; scales: Scales }) {
  const nameId = useId();
  const figures = figuresOf(row, scales);
  return (
    <Card role="article" aria-labelledby={nameId} className={cn('grid gap-4 p-4', row.rank === null && 'bg-muted/30')}>
      <div className="flex items-start gap-3">
        {row.rank === null ? (
          <Badge variant="outline" className="mt-0.5 shrink-0">
            Not ranked
          </Badge>
        ) : (
          <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-secondary text-base font-semibold text-secondary-foreground tabular-nums">
            <span className="sr-only">Rank </span>
            {row.rank}
          </span>
        )}
        <div className="min-w-0 flex-1">
          <h3 id={nameId} className="text-base leading-tight">
            <ModelName row={row} />
          </h3>
        </div>
        <span className="shrink-0 text-right text-xs text-muted-foreground">
          <span className="block text-base font-semibold text-foreground tabular-nums">
            {whole.format(row.questions)}
          </span>
          {row.questions === 1 ? 'question' : 'questions'}
        </span>
      </div>
      <dl className="grid gap-4 sm:grid-cols-3">
        <FigureLine label="Contradicted claims" hint="lower is better" parts={figures.contradicted} />
        <FigureLine label="Ranked first" hint={leaderboardTexts.rankedFirstHint} parts={figures.firstPlace} />
        <FigureLine label="Median first token" parts={figures.firstToken} />
      </dl>
    </Card>
  );
}

function LeaderboardCards({
  ranked,
  unranked,
  scales,
}: {
  ranked: LeaderboardRow[];
  unranked: LeaderboardRow[];
  scales: Scales;
}) {
  return (
    <div className="grid gap-6 md:hidden">
      {ranked.length > 0 && (
        <ol className="grid gap-3" aria-label="Ranked models">
          {ranked.map((row) => (
            <li key={rowKey(row)}>
              <ModelCard row={row} scales={scales} />
            </li>
          ))}
        </ol>
      )}
      {unranked.length > 0 && (
        <div className="grid gap-3">
          <p className="text-sm font-medium">{leaderboardTexts.notRanked}</p>
          <ul className="grid gap-3" aria-label="Models not ranked">
            {unranked.map((row) => (
              <li key={rowKey(row)}>
                <ModelCard row={row} scales={scales} />
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

function LeaderboardSkeleton() {
  return (
    <div role="status" aria-label={leaderboardTexts.loading} className="grid gap-3">
      <div className="h-5 w-56 max-w-full rounded bg-muted motion-safe:animate-pulse" />
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="h-20 rounded-xl border bg-card p-4">
          <div className="flex h-full items-center gap-4">
            <div className="size-9 shrink-0 rounded-full bg-muted motion-safe:animate-pulse" />
            <div className="grid flex-1 gap-2">
              <div className="h-4 w-40 max-w-full rounded bg-muted motion-safe:animate-pulse" />
              <div className="h-3 w-24 rounded bg-muted motion-safe:animate-pulse" />
            </div>
            <div className="hidden h-8 w-2/5 rounded bg-muted motion-safe:animate-pulse sm:block" />
          </div>
        </div>
      ))}
    </div>
  );
}

function LeaderboardError({ error, onRetry, retrying }: { error: unknown; onRetry: () => void; retrying: boolean }) {
  return (
    <Card role="alert" className="mx-auto w-full max-w-lg">
      <CardContent className="flex flex-col items-center gap-4 p-8 text-center">
        <AlertTriangle className="size-10 text-destructive" aria-hidden />
        <p className="font-medium">{serverMessage(error) ?? leaderboardTexts.loadFailed}</p>
        <Button onClick={onRetry} disabled={retrying}>
          {retrying ? 'Trying again...' : 'Try again'}
        </Button>
      </CardContent>
    </Card>
  );
}

function PeriodPicker({
  value,
  onChange,
}: {
  value: LeaderboardPeriod;
  onChange: (period: LeaderboardPeriod) => void;
}) {
  return (
    <div
      role="group"
      aria-label="Period"
      className="grid grid-cols-2 gap-1 rounded-lg bg-muted p-1 sm:inline-grid sm:grid-cols-4"
    >
      {LEADERBOARD_PERIODS.map((period) => (
        <Button
          key={period}
          variant="ghost"
          aria-pressed={period === value}
          onClick={() => onChange(period)}
          className="h-9 text-muted-foreground hover:bg-card/60 hover:text-foreground aria-pressed:bg-card aria-pressed:text-foreground aria-pressed:shadow-sm"
        >
          {leaderboardPeriodLabels[period]}
        </Button>
      ))}
    </div>
  );
}

function Coverage({ data }: { data: Leaderboard }) {
  return (
    <p className="text-sm text-muted-foreground">
      {data.from
        ? `${formatDay(data.from)} – ${formatDay(data.to)} (UTC)`
        : `All questions up to ${formatDay(data.to)} (UTC)`}
      {' · updated at '}
      <Moment at={data.generatedAt} as="time" /> UTC
    </p>
  );
}

function DisputedQuestions({ data }: { data: Leaderboard }) {
  const headingId = useId();
  if (data.examples.length === 0) return null;
  const names = new Map(data.rows.map((row) => [row.model, row.displayName]));
  const nameOf = (model: string) => names.get(model) ?? model;
  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <div className="grid gap-1">
        <h2 id={headingId} className="text-xl font-semibold tracking-tight">
          {leaderboardTexts.examplesTitle}
        </h2>
        <p className="max-w-3xl text-sm text-muted-foreground">
          Questions where another model contradicted a claim. Only questions from signed-in people who allow theirs to
          be shown appear here, and never who asked them.
        </p>
      </div>
      <ul className="grid gap-3 lg:grid-cols-2">
        {data.examples.map((example, index) => {
          const contradicted = new Set(example.contradicted);
          return (
            <li key={`${example.askedAt}-${index}`}>
              <Card className="grid h-full gap-3 p-4">
                <p className="font-medium break-words">{example.question}</p>
                <ul className="flex flex-wrap gap-2" aria-label="Models compared">
                  {example.models.map((model) => (
                    <li key={model}>
                      {contradicted.has(model) ? (
                        <Badge variant="warning">
                          <AlertTriangle className="size-3" aria-hidden />
                          {nameOf(model)}: contradicted
                        </Badge>
                      ) : (
                        <Badge variant="secondary">{nameOf(model)}</Badge>
                      )}
                    </li>
                  ))}
                </ul>
                <p className="text-xs text-muted-foreground">
                  Asked <Moment at={example.askedAt} as="day" />
                </p>
              </Card>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Results({ data, updating }: { data: Leaderboard; updating: boolean }) {
  const headingId = useId();
  // While another period loads this is still the last one's answer, so it is named after what it shows.
  const label = leaderboardPeriodLabels[data.period];
  const ranked = data.rows.filter((row) => row.rank !== null);
  const unranked = data.rows.filter((row) => row.rank === null);
  const scales = scalesOf(data.rows);
  return (
    <section aria-labelledby={headingId} aria-busy={updating} className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-1">
        <div className="grid gap-1">
          <h2 id={headingId} className="text-xl font-semibold tracking-tight">
            {label}
          </h2>
          <Coverage data={data} />
        </div>
        {updating && (
          <span className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner label="Updating" />
            Updating...
          </span>
        )}
      </div>
      {data.rows.length === 0 ? (
        <Card>
          <CardContent className="p-8 text-center text-muted-foreground">{leaderboardTexts.empty}</CardContent>
        </Card>
      ) : (
        <div className={cn('grid gap-4 transition-opacity', updating && 'opacity-60')}>
          <LeaderboardTable ranked={ranked} unranked={unranked} scales={scales} label={`Leaderboard, ${label}`} />
          <LeaderboardCards ranked={ranked} unranked={unranked} scales={scales} />
          <p className="text-xs text-muted-foreground">
            With each figure: its 95% interval and how many claims, questions or answers it comes from. Where two
            models&apos; intervals overlap, the difference between them may be chance.
          </p>
        </div>
      )}
    </section>
  );
}

export function LeaderboardPage() {
  const [params, setParams] = useSearchParams();
  const period = asPeriod(params.get('period'));
  const leaderboard = useQuery(leaderboardOptions(period));
  const { data, isPlaceholderData } = leaderboard;

  const choose = (next: LeaderboardPeriod) => {
    const search = new URLSearchParams(params);
    search.set('period', next);
    // Replaced, not pushed: Back leaves the page instead of stepping through every period tried.
    void setParams(search, { replace: true, preventScrollReset: true });
  };

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-8 sm:py-12">
      <header className="grid max-w-3xl gap-3">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{leaderboardTexts.title}</h1>
        <p className="text-muted-foreground">
          For each model and version: the share of its checked factual claims that another model contradicted (lower is
          better), how often it alone came first in the confidence ranking, and its median time to the first word of its
          answer. {leaderboardTexts.firstPlaceRule} Each figure comes with the number of questions behind it and a 95%
          interval (Wilson intervals for the shares); only models with at least {MIN_RANKED_QUESTIONS} compared
          questions are ranked, by the upper end of their contradicted-claims interval, so a small sample cannot top the
          table on luck.
        </p>
        <p className="text-sm text-muted-foreground">
          The figures are totals over everyone&apos;s questions and never show who asked.
        </p>
      </header>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <PeriodPicker value={period} onChange={choose} />
        <Button asChild variant="outline" className="self-start sm:self-auto">
          <a href={leaderboardCsvPath(period)} download>
            <Download aria-hidden />
            Download CSV
          </a>
        </Button>
      </div>

      {leaderboard.isError ? (
        <LeaderboardError
          error={leaderboard.error}
          onRetry={() => void leaderboard.refetch()}
          retrying={leaderboard.isFetching}
        />
      ) : data ? (
        <>
          <Results data={data} updating={isPlaceholderData} />
          <DisputedQuestions data={data} />
        </>
      ) : (
        <LeaderboardSkeleton />
      )}
    </div>
  );
}
