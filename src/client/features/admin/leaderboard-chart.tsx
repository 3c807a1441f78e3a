import { format, parseISO } from 'date-fns';
import { useEffect, useRef } from 'react';
import uPlot, { type AlignedData, type Options, type Series } from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useTheme, type Theme } from '../../theme/theme';

// The dashboard's chart of the reliability figures per day (issue 14, item 3). Only leaderboard-daily.tsx loads
// this file, through React.lazy, so uPlot and its styles stay out of the console's first chunk. The card's table
// holds the same figures for screen readers and for browsers that cannot draw on a canvas.

export interface ChartLine {
  /** The legend's name: the model's display name and version. */
  label: string;
  /** One value per day; null leaves a gap in the line. */
  values: (number | null)[];
}

export interface LeaderboardChartProps {
  /** YYYY-MM-DD, oldest first. */
  days: string[];
  lines: ChartLine[];
  formatValue: (value: number) => string;
  /** Shares never go above 1, so the scale stops there. */
  share: boolean;
  /** What the chart shows, for assistive technology. */
  label: string;
}

const HEIGHT = 280;

// Tailwind's 600/700 shades keep 3:1 or more on the light card, the 300/400 ones on the dark card (WCAG 1.4.11
// for graphics). A canvas takes no CSS variables, and Tailwind only emits a palette variable some class uses, so
// the colours are written out. The order keeps neighbours apart for the common colour-vision deficiencies.
const PALETTES: Record<Theme, readonly string[]> = {
  light: ['#2563eb', '#c2410c', '#059669', '#db2777', '#7c3aed', '#0e7490', '#4d7c0f', '#a16207', '#475569'],
  dark: ['#60a5fa', '#fb923c', '#34d399', '#f472b6', '#a78bfa', '#22d3ee', '#a3e635', '#facc15', '#cbd5e1'],
};

// Axis text and grid lines follow the theme's tokens; these stand in should a token be missing from the page.
const AXIS_FALLBACK: Record<Theme, { text: string; grid: string }> = {
  light: { text: '#5a687d', grid: '#e2e8f0' },
  dark: { text: '#a3b0c2', grid: '#2a3650' },
};

/** Tick steps along the days axis: whole days, then weeks, so labels never fall between two days. */
const DAY_STEPS = [1, 2, 3, 7, 14, 28, 56];

const dayLabel = (day: string | undefined) => (day ? format(parseISO(day), 'MMM d') : '');

/**
 * With many days uPlot leaves the points out and draws only the lines, which would hide a day that has no
 * neighbour with a value: such days keep their point.
 */
function lonePoints(values: (number | null)[]): number[] | null {
  const lone = values.flatMap((value, i) =>
    value !== null && (values[i - 1] ?? null) === null && (values[i + 1] ?? null) === null ? [i] : [],
  );
  return lone.length > 0 ? lone : null;
}

function buildOptions(
  { days, lines, formatValue, share }: Omit<LeaderboardChartProps, 'label'>,
  width: number,
  theme: Theme,
  frame: HTMLElement,
): Options {
  const style = getComputedStyle(frame);
  const token = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  const text = token('--color-muted-foreground', AXIS_FALLBACK[theme].text);
  const grid = token('--color-border', AXIS_FALLBACK[theme].grid);
  const palette = PALETTES[theme];
  const colourOf = (line: number) => palette[line % palette.length]!;
  // Past the palette's length colours repeat, so the repeats are dashed.
  const repeated = (line: number) => line >= palette.length;
  const axis = { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };

  const series: Series[] = [
    // uPlot hands the legend a null index while the pointer is outside the plot.
    { label: 'Day', value: (_plot, index: number | null) => (index === null ? '—' : dayLabel(days[index])) },
    ...lines.map((line, i): Series => {
      const colour = colourOf(i);
      return {
        label: line.label,
        stroke: colour,
        width: 2,
        ...(repeated(i) ? { dash: [6, 4] } : {}),
        value: (_plot, value: number | null) => (value === null ? '—' : formatValue(value)),
        points: { size: 6, fill: colour, filter: (_plot, _index, show) => (show ? null : lonePoints(line.values)) },
      };
    }),
  ];

  return {
    width,
    height: HEIGHT,
    series,
    scales: {
      // The x values are positions in `days`, so the axis never shifts a day with the browser's time zone.
      x: { time: false, range: () => [0, Math.max(1, days.length - 1)] },
      y: {
        range: (_plot, _min, max) => {
          const top = Number.isFinite(max) && max > 0 ? max : share ? 1 : 1000;
          const nice = uPlot.rangeNum(0, top, 0.1, true)[1] ?? top;
          return [0, share ? Math.min(1, nice) : nice];
        },
      },
    },
    axes: [
      {
        ...axis,
        incrs: DAY_STEPS,
        space: 56,
        values: (_plot, splits) => splits.map((split) => (Number.isInteger(split) ? dayLabel(days[split]) : '')),
      },
      { ...axis, size: 72, values: (_plot, splits) => splits.map((split) => formatValue(split)) },
    ],
    // Dragging would zoom into a range the card's own range choice already offers.
    cursor: { drag: { x: false, y: false } },
    // In the legend the days are series 0; a repeated colour's marker is left hollow to show its dashes.
    legend: {
      markers: {
        fill: (_plot, i) => (i === 0 || repeated(i - 1) ? 'transparent' : colourOf(i - 1)),
        dash: (_plot, i) => (i > 0 && repeated(i - 1) ? 'dashed' : 'solid'),
      },
    },
  };
}

export default function LeaderboardChart(props: LeaderboardChartProps) {
  const frame = useRef<HTMLDivElement>(null);
  const { theme } = useTheme();
  const { days, lines, formatValue, share } = props;

  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const width = () => Math.max(240, Math.floor(element.clientWidth));
    const data: AlignedData = [days.map((_day, i) => i), ...lines.map((line) => line.values)];
    const plot = new uPlot(buildOptions({ days, lines, formatValue, share }, width(), theme, element), data, element);
    let drawnWidth = plot.width;
    const observer = new ResizeObserver(() => {
      const next = width();
      if (next === drawnWidth) return;
      drawnWidth = next;
      plot.setSize({ width: next, height: HEIGHT });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [days, lines, formatValue, share, theme]);

  // The legend lives inside the image: the table beneath the chart is what a screen reader reads.
  return <div ref={frame} role="img" aria-label={props.label} className="w-full min-w-0 overflow-hidden" />;
}
