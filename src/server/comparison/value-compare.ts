// Whether two values say the same thing (DESIGN.md section 5a, step 4). 'incomparable' means they are
// not values of one kind and role, so they can neither agree nor conflict.

import { relatedNames, sameName } from './names';
import type { DateData, OrdinalData, QuantityData, ValueData } from './value-types';

export type Relation = 'incomparable' | 'same' | 'different';

interface Interval {
  lo: number;
  hi: number;
}

const overlaps = (a: Interval, b: Interval) => a.lo <= b.hi && b.lo <= a.hi;

function rolesDisjoint(a: string[], b: string[]): boolean {
  return a.length > 0 && b.length > 0 && !a.some((word) => b.includes(word));
}

// Two bounds in the same direction ('more than 300' and 'more than 500') are two claims about the
// bound itself, so they are compared as exact figures rather than as overlapping half-lines.
function intervalOf(centre: number, spread: number, bound: string, otherBound: string): Interval {
  const lo = centre - spread;
  const hi = centre + spread;
  if (bound === otherBound) return { lo, hi };
  if (bound === 'lower') return { lo, hi: Infinity };
  if (bound === 'upper') return { lo: -Infinity, hi };
  return { lo, hi };
}

// 'More than a thousand years' and 'more than 1,500 years' can both be true: two bounds in the same
// direction neither confirm nor contradict each other.
const sameDirection = (a: { bound: string }, b: { bound: string }) =>
  a.bound === b.bound && (a.bound === 'lower' || a.bound === 'upper');

function quantityRelation(a: QuantityData, b: QuantityData): Relation {
  if (a.dim !== b.dim) return 'incomparable';
  if (a.dim === 'count' && rolesDisjoint(a.role, b.role)) return 'incomparable';
  // Two ranges say the same only when both ends agree: '8–10 hours' is not 'seven to nine hours'.
  if (a.spread && b.spread) {
    const precision = Math.max(a.tolerance - a.spread, b.tolerance - b.spread, 0);
    const ends =
      Math.abs(a.amount - a.spread - (b.amount - b.spread)) + Math.abs(a.amount + a.spread - (b.amount + b.spread));
    return ends <= 2 * precision + 1e-9 ? 'same' : 'different';
  }
  const ia = intervalOf(a.amount, a.tolerance, a.bound, b.bound);
  if (sameDirection(a, b))
    return overlaps(ia, intervalOf(b.amount, b.tolerance, b.bound, a.bound)) ? 'same' : 'incomparable';
  const ib = intervalOf(b.amount, b.tolerance, b.bound, a.bound);
  return overlaps(ia, ib) ? 'same' : 'different';
}

// Days on a simple 372-day calendar: only the order of dates matters, not their distance.
const dayNumber = (year: number, month: number, day: number) => year * 372 + (month - 1) * 31 + (day - 1);

function dateInterval(d: DateData & { year: number }, other: DateData): Interval {
  let lo: number;
  let hi: number;
  if (d.decade) {
    lo = dayNumber(d.year, 1, 1);
    hi = dayNumber(d.year + 9, 12, 31);
  } else if (d.month !== undefined && d.day !== undefined) {
    lo = hi = dayNumber(d.year, d.month, d.day);
  } else if (d.month !== undefined) {
    lo = dayNumber(d.year, d.month, 1);
    hi = dayNumber(d.year, d.month, 31);
  } else {
    lo = dayNumber(d.year, 1, 1);
    hi = dayNumber(d.year, 12, 31);
  }
  if (d.bound === 'approx') {
    lo -= 2 * 372;
    hi += 2 * 372;
  }
  if (d.bound === other.bound) return { lo, hi };
  if (d.bound === 'lower') return { lo, hi: Infinity };
  if (d.bound === 'upper') return { lo: -Infinity, hi };
  return { lo, hi };
}

function dateRelation(a: DateData, b: DateData): Relation {
  if (a.year !== undefined && b.year !== undefined) {
    const ia = dateInterval(a as DateData & { year: number }, b);
    const ib = dateInterval(b as DateData & { year: number }, a);
    return overlaps(ia, ib) ? 'same' : 'different';
  }
  let shared = 0;
  for (const field of ['month', 'day'] as const) {
    const x = a[field];
    const y = b[field];
    if (x === undefined || y === undefined) continue;
    if (x !== y) return 'different';
    shared += 1;
  }
  return shared > 0 ? 'same' : 'incomparable';
}

function ordinalRelation(a: OrdinalData, b: OrdinalData): Relation {
  if (rolesDisjoint(a.role, b.role)) return 'incomparable';
  return a.n === b.n ? 'same' : 'different';
}

export function relate(a: ValueData, b: ValueData): Relation {
  if (a.kind === 'quantity' && b.kind === 'quantity') return quantityRelation(a, b);
  if (a.kind === 'date' && b.kind === 'date') return dateRelation(a, b);
  if (a.kind === 'ordinal' && b.kind === 'ordinal') return ordinalRelation(a, b);
  if (a.kind === 'name' && b.kind === 'name') {
    if (sameName(a.key, b.key)) return 'same';
    return relatedNames(a.key, b.key) ? 'incomparable' : 'different';
  }
  return 'incomparable';
}
