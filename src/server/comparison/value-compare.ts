// Whether two values say the same thing (docs/architecture.md, "The local analyser", step 4). 'incomparable' means
// they are not values of one kind and role, so they can neither agree nor conflict.

import { relatedNames, sameName } from './names';
import type { DateData, OrdinalData, QuantityData, ValueData } from './value-types';

export type Relation = 'incomparable' | 'same' | 'different';

function rolesDisjoint(a: string[], b: string[]): boolean {
  return a.length > 0 && b.length > 0 && !a.some((word) => b.includes(word));
}

/**
 * Whether two values overlap, each given as its lowest and highest reading and its bound. A lower bound
 * ('more than 300', 'after 1950') reaches forever upwards and an upper one downwards, but two bounds in
 * the same direction are two claims about the bound itself, so each is then read as its exact span.
 */
function overlaps(aLow: number, aHigh: number, aBound: string, bLow: number, bHigh: number, bBound: string): boolean {
  const differ = aBound !== bBound;
  const lowA = differ && aBound === 'upper' ? -Infinity : aLow;
  const highA = differ && aBound === 'lower' ? Infinity : aHigh;
  const lowB = differ && bBound === 'upper' ? -Infinity : bLow;
  const highB = differ && bBound === 'lower' ? Infinity : bHigh;
  return lowA <= highB && lowB <= highA;
}

// 'More than a thousand years' and 'more than 1,500 years' can both be true: two bounds in the same
// direction neither confirm nor contradict each other.
const isBound = (v: { bound: string }) => v.bound === 'lower' || v.bound === 'upper';
const sameDirection = (a: { bound: string }, b: { bound: string }) => a.bound === b.bound && isBound(a);

/** How far past its figure a bound still describes an exact one: a tenth. */
const BOUND_REACH = 0.1;
const nearBound = (a: QuantityData, b: QuantityData) =>
  Math.abs(a.amount - b.amount) <=
  Math.max(a.tolerance, b.tolerance, BOUND_REACH * Math.abs(isBound(a) ? a.amount : b.amount));

function quantityRelation(a: QuantityData, b: QuantityData): Relation {
  if (a.dim !== b.dim) return 'incomparable';
  if (a.dim === 'count' && rolesDisjoint(a.role, b.role)) return 'incomparable';
  // Two ranges say the same only when both ends agree: '8–10 hours' is not 'seven to nine hours'. An order
  // of magnitude in words is not a range anyone measured: it is compared by overlap alone, below.
  if (a.spread && b.spread && !a.vague && !b.vague) {
    const precision = Math.max(a.tolerance - a.spread, b.tolerance - b.spread, 0);
    const ends =
      Math.abs(a.amount - a.spread - (b.amount - b.spread)) + Math.abs(a.amount + a.spread - (b.amount + b.spread));
    return ends <= 2 * precision + 1e-9 ? 'same' : 'different';
  }
  const overlap = overlaps(
    a.amount - a.tolerance,
    a.amount + a.tolerance,
    a.bound,
    b.amount - b.tolerance,
    b.amount + b.tolerance,
    b.bound,
  );
  if (sameDirection(a, b)) return overlap ? 'same' : 'incomparable';
  // 'More than 1,500' is said of 1,517, and 'at least 270' of 270; 'over 3.8 billion years' only leaves room
  // for '4.5 billion years' without stating it.
  if (overlap && isBound(a) !== isBound(b) && !nearBound(a, b)) return 'incomparable';
  // 'Billions of years' is no confirmation of '3.8 billion years', only room for it.
  if (overlap && Boolean(a.vague) !== Boolean(b.vague)) return 'incomparable';
  return overlap ? 'same' : 'different';
}

// Days on a simple 372-day calendar: only the order of dates matters, not their distance.
const dayNumber = (year: number, month: number, day: number) => year * 372 + (month - 1) * 31 + (day - 1);

/** First and last day a date can mean, ignoring its bound: a year is every day of it. */
function firstDay(d: DateData & { year: number }): number {
  const day = d.decade
    ? dayNumber(d.year, 1, 1)
    : dayNumber(d.year, d.month ?? 1, d.month !== undefined ? (d.day ?? 1) : 1);
  return d.bound === 'approx' ? day - 2 * 372 : day;
}
function lastDay(d: DateData & { year: number }): number {
  const day = d.decade
    ? dayNumber(d.year + 9, 12, 31)
    : d.month === undefined
      ? dayNumber(d.year, 12, 31)
      : dayNumber(d.year, d.month, d.day ?? 31);
  return d.bound === 'approx' ? day + 2 * 372 : day;
}

function dateRelation(a: DateData, b: DateData): Relation {
  if (a.year !== undefined && b.year !== undefined) {
    const [x, y] = [a as DateData & { year: number }, b as DateData & { year: number }];
    return overlaps(firstDay(x), lastDay(x), x.bound, firstDay(y), lastDay(y), y.bound) ? 'same' : 'different';
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

/**
 * relate() for values compared whatever they count or rank ('six legs' and 'six' are one figure): the
 * question-aware and twin comparisons already know the two values fill one slot.
 */
export function relateIgnoringRoles(a: ValueData, b: ValueData): Relation {
  const withoutRole = (data: ValueData): ValueData =>
    data.kind === 'quantity' || data.kind === 'ordinal' ? { ...data, role: [] } : data;
  return relate(withoutRole(a), withoutRole(b));
}

/** Two names are one place when both are countries (or their adjectives) and the same; otherwise by their words. */
export function sameNameOrPlace(
  a: { key: string[]; place: string | null },
  b: { key: string[]; place: string | null },
) {
  return a.place && b.place ? a.place === b.place : sameName(a.key, b.key);
}
