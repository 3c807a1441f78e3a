// Calendar dates in the formats answers use: '9 November 1989', 'November 9, 1989', '1989-11-09',
// '9th of November 1989', 'Nov. 9th, 1989', '9/11/1989' (only when day and month cannot be swapped),
// 'November 1989' and '9 November'. Bare years are found with the other numbers (quantities.ts).

import type { DateData, FoundValue } from './value-types';
import { MONTHS } from './units';
import type { Token } from './words';

interface Step<T> {
  value: T;
  next: number;
}

function isInteger(token: Token | undefined): token is Token {
  return token !== undefined && token.kind === 'number' && /^\d+$/.test(token.text);
}

function monthAt(tokens: Token[], i: number): Step<number> | null {
  const token = tokens[i];
  if (!token || token.kind !== 'word' || !/^[A-Z]/.test(token.text)) return null;
  const month = MONTHS.get(token.lower);
  if (month === undefined) return null;
  const dot = tokens[i + 1];
  const next = dot && dot.text === '.' && !dot.spaceBefore && token.text.length <= 4 ? i + 2 : i + 1;
  return { value: month, next };
}

function dayAt(tokens: Token[], i: number): Step<number> | null {
  const token = tokens[i];
  if (!isInteger(token) || token.text.length > 2 || !/^(?:|st|nd|rd|th)$/.test(token.suffix)) return null;
  const day = Number(token.text);
  return day >= 1 && day <= 31 ? { value: day, next: i + 1 } : null;
}

function yearAt(tokens: Token[], i: number): Step<number> | null {
  const token = tokens[i];
  if (!isInteger(token) || token.text.length !== 4 || token.suffix !== '') return null;
  return { value: Number(token.text), next: i + 1 };
}

function skip(tokens: Token[], i: number, text: string): number {
  return tokens[i]?.lower === text ? i + 1 : i;
}

function symbolAt(tokens: Token[], i: number, text: string): boolean {
  const token = tokens[i];
  return token !== undefined && token.text === text && !token.spaceBefore;
}

type Match = { data: Omit<DateData, 'kind' | 'bound'>; end: number };

function matchAt(tokens: Token[], i: number): Match | null {
  // '9 November 1989', '9th of November, 1989', '9 November'
  const day = dayAt(tokens, i);
  if (day) {
    const month = monthAt(tokens, skip(tokens, day.next, 'of'));
    if (month) {
      const year = yearAt(tokens, skip(tokens, month.next, ','));
      if (year) return { data: { year: year.value, month: month.value, day: day.value }, end: year.next };
      return { data: { month: month.value, day: day.value }, end: month.next };
    }
  }
  // 'November 9, 1989', 'Nov. 9th 1989', 'November 9', 'November 1989'
  const month = monthAt(tokens, i);
  if (month) {
    const monthDay = dayAt(tokens, month.next);
    if (monthDay) {
      const year = yearAt(tokens, skip(tokens, monthDay.next, ','));
      if (year) return { data: { year: year.value, month: month.value, day: monthDay.value }, end: year.next };
      return { data: { month: month.value, day: monthDay.value }, end: monthDay.next };
    }
    const year = yearAt(tokens, skip(tokens, month.next, ','));
    if (year) return { data: { year: year.value, month: month.value }, end: year.next };
  }
  // '1989-11-09'
  const isoYear = yearAt(tokens, i);
  if (isoYear && symbolAt(tokens, i + 1, '-') && symbolAt(tokens, i + 3, '-')) {
    const m = tokens[i + 2];
    const d = tokens[i + 4];
    if (isInteger(m) && isInteger(d) && !m.spaceBefore && !d.spaceBefore && m.text.length === 2) {
      const monthNumber = Number(m.text);
      const dayNumber = Number(d.text);
      if (monthNumber >= 1 && monthNumber <= 12 && dayNumber >= 1 && dayNumber <= 31) {
        return { data: { year: isoYear.value, month: monthNumber, day: dayNumber }, end: i + 5 };
      }
    }
  }
  // '9/11/1989': a day above 12 tells the order; otherwise only the year is certain.
  const first = tokens[i];
  if (isInteger(first) && symbolAt(tokens, i + 1, '/') && symbolAt(tokens, i + 3, '/')) {
    const second = tokens[i + 2];
    const year = yearAt(tokens, i + 4);
    if (isInteger(second) && year && !tokens[i + 4]?.spaceBefore) {
      const a = Number(first.text);
      const b = Number(second.text);
      if (a > 12 && a <= 31 && b >= 1 && b <= 12) return { data: { year: year.value, month: b, day: a }, end: i + 5 };
      if (b > 12 && b <= 31 && a >= 1 && a <= 12) return { data: { year: year.value, month: a, day: b }, end: i + 5 };
      if (a >= 1 && a <= 12 && b >= 1 && b <= 12) return { data: { year: year.value }, end: i + 5 };
    }
  }
  return null;
}

export function extractDates(
  tokens: Token[],
  taken: boolean[],
  display: (start: number, end: number) => string,
): FoundValue[] {
  const found: FoundValue[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (taken[i]) continue;
    const match = matchAt(tokens, i);
    if (!match) continue;
    const data: DateData = { kind: 'date', bound: 'exact', ...match.data };
    found.push({ data, start: i, end: match.end, display: display(i, match.end) });
    for (let j = i; j < match.end; j++) taken[j] = true;
    i = match.end - 1;
  }
  return found;
}
