import { useEffect, useState } from 'react';

// Relative times ('just now', '5 minutes ago', 'in 3 hours') are worded by one formatter and redrawn by one
// clock, so two on the same screen never disagree (issue 16, item 11): every component that shows one reads
// `useNow()`, which all share a single timer and so all see the same instant.

/** How often shown relative times are redrawn while the page is open. */
export const RELATIVE_TIME_TICK_MS = 10_000;

/** Closer than this to now, either way, reads 'just now'. */
const JUST_NOW_SECONDS = 10;

const UNITS = [
  { unit: 'year', seconds: 365 * 24 * 60 * 60 },
  { unit: 'month', seconds: 30 * 24 * 60 * 60 },
  { unit: 'day', seconds: 24 * 60 * 60 },
  { unit: 'hour', seconds: 60 * 60 },
  { unit: 'minute', seconds: 60 },
  { unit: 'second', seconds: 1 },
] as const;

const words = new Intl.RelativeTimeFormat('en', { numeric: 'always' });

/**
 * `date` seen from `now` in words: 'just now' within 10 s, then whole seconds, minutes, hours, days, months or
 * years ('5 minutes ago', 'in 3 hours'). An unreadable date reads 'just now' rather than 'NaN'.
 */
export function formatRelativeTime(date: Date | string | number, now: Date | number = Date.now()): string {
  const elapsed = (new Date(now).getTime() - new Date(date).getTime()) / 1000;
  if (!Number.isFinite(elapsed) || Math.abs(elapsed) < JUST_NOW_SECONDS) return 'just now';
  const distance = Math.abs(elapsed);
  // Past 'just now' the distance is at least 10 s, so some unit (at worst seconds) always fits.
  const { unit, seconds } = UNITS.find((candidate) => distance >= candidate.seconds) ?? UNITS[5];
  // A time past is counted down ('2 hours ago' until 3 hours have passed), a time to come to the nearest unit, so
  // an expiry 19 h 59 min away reads 'in 20 hours' rather than 'in 19 hours'.
  const count = elapsed > 0 ? Math.floor(distance / seconds) : Math.round(distance / seconds);
  return words.format(elapsed > 0 ? -count : count, unit);
}

// The one clock: started by the first component that shows a relative time, stopped when the last one goes.
let current = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<(now: number) => void>();

function tick() {
  current = Date.now();
  for (const listener of listeners) listener(current);
}

/** The shared current time in ms, redrawn every RELATIVE_TIME_TICK_MS while anything shows it. */
export function useNow(): number {
  // A component that joins a running clock takes its instant, so it agrees with those already on screen.
  const [now, setNow] = useState(() => (listeners.size > 0 ? current : (current = Date.now())));
  useEffect(() => {
    listeners.add(setNow);
    // The clock may have ticked between this component's render and now.
    setNow(current);
    timer ??= setInterval(tick, RELATIVE_TIME_TICK_MS);
    return () => {
      listeners.delete(setNow);
      if (listeners.size === 0 && timer !== undefined) {
        clearInterval(timer);
        timer = undefined;
      }
    };
  }, []);
  return now;
}
