import { format, parseISO } from 'date-fns';
import { LineChart } from 'lucide-react';
import { Component, lazy, Suspense, useId, useMemo, useState, type ReactNode } from 'react';
import { leaderboardPeriodDays, leaderboardPeriodLabels, type LeaderboardDaily } from '../../../common/leaderboard';
import { useLeaderboardDaily } from '../../api/admin/leaderboard-daily';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { NativeSelect } from '../../components/ui/native-select';
import { Spinner } from '../../components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { cn } from '../../lib/cn';
import type { ChartLine } from './leaderboard-chart';
import { DASH } from './shared/admin-format';
import { LoadError } from './shared/table-states';

// The public leaderboard's figures per day, for administrators (issue 14, item 3). uPlot is loaded with the chart
// only once there is something to draw, never with the console.
const LeaderboardChart = lazy(() => import('./leaderboard-chart'));

type DailyPoint = NonNullable<LeaderboardDaily['series'][number]['points'][number]>;

const percent = (share: number) => share.toLocaleString('en-US', { style: 'percent', maximumFractionDigits: 1 });
const milliseconds = (ms: number) => `${Math.round(ms).toLocaleString('en-US')} ms`;

const METRICS = {
  contradicted: {
    label: 'Contradicted claims %',
    pick: (point: DailyPoint) => point.contradictedShare,
    format: percent,
    share: true,
  },
  // Won alone (a strict win); the questions where the top score was shared are the next figure (decision 0062).
  firstPlace: {
    label: 'Ranked first %',
    pick: (point: DailyPoint) => point.firstPlaceShare,
    format: percent,
    share: true,
  },
  tiedFirst: {
    label: 'Tied first %',
    pick: (point: DailyPoint) => point.tiedFirstShare,
    format: percent,
    share: true,
  },
  firstToken: {
    label: 'Median first token (ms)',
    pick: (point: DailyPoint) => point.medianFirstTokenMs,
    format: milliseconds,
    share: false,
  },
} satisfies Record<
  string,
  { label: string; pick: (point: DailyPoint) => number | null; format: (value: number) => string; share: boolean }
>;
type MetricKey = keyof typeof METRICS;
const METRIC_KEYS = Object.keys(METRICS) as MetricKey[];

const RANGES = ['7d', '30d', '90d'] as const;
type Range = (typeof RANGES)[number];

const seriesLabel = (series: LeaderboardDaily['series'][number]) =>
  series.modelVersion ? `${series.displayName} (${series.modelVersion})` : series.displayName;
const dayText = (day: string) => format(parseISO(day), 'MMM d, yyyy');
const questionsText = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'question' : 'questions'}`;

// uPlot draws on a canvas and asks matchMedia for the pixel ratio as soon as it loads; without either (an old
// browser, jsdom) the chart is left out and the table is opened instead.
const canDrawCharts = () =>
  typeof window !== 'undefined' &&
  typeof window.CanvasRenderingContext2D === 'function' &&
  typeof window.matchMedia === 'function';

export function LeaderboardDailyCard() {
  const titleId = useId();
  const [metricKey, setMetricKey] = useState<MetricKey>('contradicted');
  const [range, setRange] = useState<Range>('30d');
  const days = leaderboardPeriodDays[range] ?? 30;
  const daily = useLeaderboardDaily(days);

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId} className="flex items-center gap-2 text-lg">
          <LineChart className="size-5 text-primary" aria-hidden />
          Model reliability per day
        </CardTitle>
        <CardDescription>
          The public leaderboard&apos;s figures for each day (UTC), one line per model and version. A day without a
          compared question leaves a gap.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <MetricSwitch value={metricKey} onChange={setMetricKey} />
          <NativeSelect
            aria-label="Range"
            className="w-auto min-w-0"
            value={range}
            onChange={(event) => setRange(event.target.value as Range)}
          >
            {RANGES.map((option) => (
              <option key={option} value={option}>
                {leaderboardPeriodLabels[option]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <DailyFigures query={daily} metricKey={metricKey} />
      </CardContent>
    </Card>
  );
}

function MetricSwitch({ value, onChange }: { value: MetricKey; onChange: (key: MetricKey) => void }) {
  return (
    <div role="group" aria-label="Figure" className="inline-flex flex-wrap gap-1 rounded-lg bg-muted p-1">
      {METRIC_KEYS.map((key) => (
        <button
          key={key}
          type="button"
          aria-pressed={key === value}
          onClick={() => onChange(key)}
          className={cn(
            'cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors focus-visible:outline-2 focus-visible:outline-ring',
            key === value ? 'bg-card text-foreground shadow-sm' : 'hover:text-foreground',
          )}
        >
          {METRICS[key].label}
        </button>
      ))}
    </div>
  );
}

function DailyFigures({ query, metricKey }: { query: ReturnType<typeof useLeaderboardDaily>; metricKey: MetricKey }) {
  const { data, isPending, isError, isFetching, isPlaceholderData, refetch } = query;
  const metric = METRICS[metricKey];
  const lines = useMemo<ChartLine[]>(
    () =>
      (data?.series ?? []).map((series) => ({
        label: seriesLabel(series),
        values: series.points.map((point) => (point === null ? null : metric.pick(point))),
      })),
    [data, metric],
  );
  const [canDraw] = useState(canDrawCharts);

  if (isPending) {
    return (
      <div className="flex items-center gap-2 py-6 text-sm text-muted-foreground">
        <Spinner label="Loading the figures per day..." />
        Loading the figures per day...
      </div>
    );
  }
  if (isError || data === undefined) {
    return (
      <LoadError title="Failed to load the figures per day." onRetry={() => void refetch()} retrying={isFetching} />
    );
  }
  if (data.series.every((series) => series.points.every((point) => point === null))) {
    return <p className="py-6 text-center text-sm text-muted-foreground">No compared questions in these days yet.</p>;
  }

  return (
    <div
      className={cn('grid grid-cols-1 gap-3 transition-opacity', isPlaceholderData && 'opacity-60')}
      aria-busy={isPlaceholderData}
    >
      {canDraw ? (
        <ChartBoundary fallback={<ChartMissing text="The chart could not be loaded; the figures are below." />}>
          <Suspense fallback={<ChartMissing text="Loading the chart..." />}>
            <LeaderboardChart
              days={data.days}
              lines={lines}
              formatValue={metric.format}
              share={metric.share}
              label={`${metric.label} per day, one line per model; the figures are in the table below.`}
            />
          </Suspense>
        </ChartBoundary>
      ) : (
        <ChartMissing text="This browser cannot draw the chart; the figures are below." />
      )}
      <details open={!canDraw} className="rounded-lg border">
        <summary className="cursor-pointer px-3 py-2 text-sm font-medium">Show the figures</summary>
        <FiguresTable data={data} metricKey={metricKey} />
      </details>
    </div>
  );
}

/** Newest day first: the table is where one looks up how today or yesterday went. */
function FiguresTable({ data, metricKey }: { data: LeaderboardDaily; metricKey: MetricKey }) {
  const metric = METRICS[metricKey];
  const rows = data.days.map((day, index) => ({ day, index })).reverse();
  return (
    <Table aria-label={`${metric.label} per day`}>
      <TableHeader>
        <TableRow>
          <TableHead>Day</TableHead>
          {data.series.map((series) => (
            <TableHead key={`${series.model} ${series.modelVersion ?? ''}`}>{seriesLabel(series)}</TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map(({ day, index }) => (
          <TableRow key={day}>
            <TableHead scope="row" className="font-normal text-foreground">
              {dayText(day)}
            </TableHead>
            {data.series.map((series) => {
              const point = series.points[index] ?? null;
              const value = point === null ? null : metric.pick(point);
              return (
                <TableCell key={`${series.model} ${series.modelVersion ?? ''}`} className="tabular-nums">
                  {value === null ? DASH : metric.format(value)}
                  {point !== null && (
                    <span className="block whitespace-nowrap text-xs text-muted-foreground">
                      {questionsText(point.questions)}
                    </span>
                  )}
                </TableCell>
              );
            })}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function ChartMissing({ text }: { text: string }) {
  return (
    <p className="flex h-24 items-center justify-center rounded-lg border border-dashed text-sm text-muted-foreground">
      {text}
    </p>
  );
}

/** A chart chunk that fails to load (a deploy replaced it, the network dropped) costs the chart, not the console. */
class ChartBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
