import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time';

describe('formatRelativeTime', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const before = (seconds: number) => new Date(now.getTime() - seconds * 1000);
  const after = (seconds: number) => new Date(now.getTime() + seconds * 1000);

  it('reads from just now through seconds, minutes, hours, days and months to years', () => {
    expect(formatRelativeTime(before(0), now)).toBe('just now');
    expect(formatRelativeTime(before(9), now)).toBe('just now');
    expect(formatRelativeTime(before(10), now)).toBe('10 seconds ago');
    expect(formatRelativeTime(before(59), now)).toBe('59 seconds ago');
    expect(formatRelativeTime(before(60), now)).toBe('1 minute ago');
    expect(formatRelativeTime(before(5 * 60 + 30), now)).toBe('5 minutes ago');
    expect(formatRelativeTime(before(3600), now)).toBe('1 hour ago');
    expect(formatRelativeTime(before(26 * 3600), now)).toBe('1 day ago');
    expect(formatRelativeTime(before(3 * 86400), now)).toBe('3 days ago');
    expect(formatRelativeTime(before(45 * 86400), now)).toBe('1 month ago');
    expect(formatRelativeTime(before(200 * 86400), now)).toBe('6 months ago');
    expect(formatRelativeTime(before(365 * 86400), now)).toBe('1 year ago');
    expect(formatRelativeTime(before(800 * 86400), now)).toBe('2 years ago');
  });

  it('words a time to come the same way', () => {
    expect(formatRelativeTime(after(5), now)).toBe('just now');
    expect(formatRelativeTime(after(80), now)).toBe('in 1 minute');
    expect(formatRelativeTime(after(21 * 3600 + 59 * 60), now)).toBe('in 22 hours');
    expect(formatRelativeTime(after(21 * 3600 + 10 * 60), now)).toBe('in 21 hours');
    expect(formatRelativeTime(after(2 * 86400), now)).toBe('in 2 days');
  });

  it('accepts ISO strings and numbers, and reads an unreadable date as just now', () => {
    expect(formatRelativeTime('2026-11-22T11:58:00Z', now)).toBe('2 minutes ago');
    expect(formatRelativeTime(before(120).getTime(), now.getTime())).toBe('2 minutes ago');
    expect(formatRelativeTime('not a date', now)).toBe('just now');
  });
});
