import { describe, expect, it } from 'vitest';
import { groupByDate, groupOf } from './history-groups';
import { savedQuery } from './test-fixtures';

describe('groupOf', () => {
  // Wednesday 11 March 2026, 09:30 local time.
  const now = new Date(2026, 2, 11, 9, 30);
  const at = (day: number, hour = 12) => new Date(2026, 2, day, hour);

  it('counts calendar days in local time, not periods of 24 hours', () => {
    expect(groupOf(at(11, 0), now)).toBe('today');
    expect(groupOf(at(10, 23), now)).toBe('yesterday');
    expect(groupOf(at(10, 0), now)).toBe('yesterday');
    expect(groupOf(at(9, 23), now)).toBe('week');
    expect(groupOf(at(4, 0), now)).toBe('week');
    expect(groupOf(at(3, 23), now)).toBe('older');
    expect(groupOf(new Date(2025, 0, 1), now)).toBe('older');
  });

  it('puts a time ahead of the clock, or none, in Today', () => {
    expect(groupOf(at(12), now)).toBe('today');
    expect(groupOf(new Date('not a date'), now)).toBe('today');
  });
});

describe('groupByDate', () => {
  it('keeps the order given and leaves out empty groups', () => {
    const now = new Date(2026, 2, 11, 9, 30);
    const items = [
      savedQuery({ id: 3, createdAt: new Date(2026, 2, 11, 8).toISOString() }),
      savedQuery({ id: 2, createdAt: new Date(2026, 2, 11, 7).toISOString() }),
      savedQuery({ id: 1, createdAt: new Date(2026, 0, 1).toISOString() }),
    ];
    expect(groupByDate(items, now).map((g) => [g.key, g.items.map((q) => q.id)])).toEqual([
      ['today', [3, 2]],
      ['older', [1]],
    ]);
  });
});
