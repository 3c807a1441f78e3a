import { describe, expect, it } from 'vitest';
import { timeAgo } from './format';

describe('timeAgo', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const before = (seconds: number) => new Date(now.getTime() - seconds * 1000);

  it('reads from just now through seconds, minutes, hours, days and months to years', () => {
    expect(timeAgo(before(0), now)).toBe('just now');
    expect(timeAgo(before(9), now)).toBe('just now');
    expect(timeAgo(before(10), now)).toBe('10 seconds ago');
    expect(timeAgo(before(60), now)).toBe('1 minute ago');
    expect(timeAgo(before(5 * 60 + 30), now)).toBe('5 minutes ago');
    expect(timeAgo(before(3600), now)).toBe('1 hour ago');
    expect(timeAgo(before(26 * 3600), now)).toBe('1 day ago');
    expect(timeAgo(before(3 * 86400), now)).toBe('3 days ago');
    expect(timeAgo(before(45 * 86400), now)).toBe('1 month ago');
    expect(timeAgo(before(200 * 86400), now)).toBe('6 months ago');
    expect(timeAgo(before(365 * 86400), now)).toBe('1 year ago');
    expect(timeAgo(before(800 * 86400), now)).toBe('2 years ago');
  });

  it('accepts ISO strings and treats a time in the future as just now', () => {
    expect(timeAgo('2026-11-22T11:58:00Z', now)).toBe('2 minutes ago');
    expect(timeAgo(new Date(now.getTime() + 60_000), now)).toBe('just now');
  });
});
