import { describe, expect, it } from 'vitest';
import { savedQuery } from './query-test-data';
import { neighboursOf, parseQueryId } from './use-query-detail';

describe('parseQueryId', () => {
  it('accepts positive whole numbers only', () => {
    expect(parseQueryId('42')).toBe(42);
    for (const raw of [undefined, '', '0', '-1', '1.5', '01', 'abc', '12abc', '9007199254740993']) {
      expect(parseQueryId(raw)).toBeNull();
    }
  });
});

describe('neighboursOf', () => {
  const newestFirst = [savedQuery(30), savedQuery(20), savedQuery(10)];

  it('takes Previous from the older side and Next from the newer side', () => {
    expect(neighboursOf(newestFirst, 20)).toEqual({ previousId: 10, nextId: 30 });
    expect(neighboursOf(newestFirst, 30)).toEqual({ previousId: 20, nextId: null });
    expect(neighboursOf(newestFirst, 10)).toEqual({ previousId: null, nextId: 20 });
  });

  it('reads them from the three questions the server answers around the question', () => {
    expect(neighboursOf([savedQuery(30), savedQuery(20), savedQuery(10)], 20)).toEqual({ previousId: 10, nextId: 30 });
    expect(neighboursOf([savedQuery(20), savedQuery(10)], 20)).toEqual({ previousId: 10, nextId: null });
    expect(neighboursOf([], 20)).toEqual({ previousId: null, nextId: null });
  });

  it('has no neighbours for a query outside the history, or without one', () => {
    expect(neighboursOf(newestFirst, 99)).toEqual({ previousId: null, nextId: null });
    expect(neighboursOf(undefined, 20)).toEqual({ previousId: null, nextId: null });
  });
});
