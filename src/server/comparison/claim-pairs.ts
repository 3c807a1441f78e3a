// What the readers of facts beyond the question share (twin-claims.ts, shaped-conflicts.ts): the sorts
// of values they compare, when two values are the same, how rare a claim's words and values are, and
// which claims are label lines.

import type { Claim, ClaimValue } from './claims';
import { countryOf } from './place-names';
import { relateIgnoringRoles, sameNameOrPlace } from './value-compare';
import { isContentWord, stem } from './words';

export interface TwinConflict {
  sides: ClaimValue[][];
}

export function sortOf(value: ClaimValue): string | null {
  const data = value.data;
  if (data.kind === 'date') return data.year !== undefined ? 'date' : null;
  if (data.kind === 'quantity') return data.dim === 'count' && data.role.length === 0 ? null : `q:${data.dim}`;
  if (data.kind === 'name') return 'name';
  return null;
}

const countries = new WeakMap<ClaimValue, string | null>();
/** The country a name stands for, looked up once per value. */
export function countryOfValue(value: ClaimValue): string | null {
  let country = countries.get(value);
  if (country === undefined) {
    country = value.data.kind === 'name' ? countryOf(value.data.key.join(' ')) : null;
    countries.set(value, country);
  }
  return country;
}

export function same(a: ClaimValue, b: ClaimValue): boolean {
  if (a.data.kind === 'name' && b.data.kind === 'name') {
    return sameNameOrPlace(
      { key: a.data.key, place: countryOfValue(a) },
      { key: b.data.key, place: countryOfValue(b) },
    );
  }
  return relateIgnoringRoles(a.data, b.data) === 'same';
}

/** Values written alike count as one for rarity ('Bitcoin' in every other sentence weighs little). */
const valueKey = (value: ClaimValue) =>
  `${value.data.kind}:${value.display.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '')}`;

export class Weights {
  private readonly idf = new Map<string, number>();
  /** A value both claims state ('28 June 1914', 'Laszlo Hanyecz') ties them as much as a word as rare would. */
  private readonly valueIdf = new Map<string, number>();
  private readonly keys = new Map<number, string>();
  /** Each claim's distinct words and the sum of their weights, by claim id. */
  private readonly words = new Map<number, { set: Set<string>; total: number }>();

  constructor(claims: Claim[]) {
    const df = new Map<string, number>();
    for (const claim of claims) for (const word of claim.stems) df.set(word, (df.get(word) ?? 0) + 1);
    for (const [word, n] of df) this.idf.set(word, Math.log((claims.length + 1) / n));
    const valueDf = new Map<string, number>();
    for (const claim of claims) {
      for (const value of claim.values) this.keys.set(value.id, valueKey(value));
      for (const key of new Set(claim.values.map((value) => this.keys.get(value.id)!))) {
        valueDf.set(key, (valueDf.get(key) ?? 0) + 1);
      }
    }
    for (const [key, n] of valueDf) this.valueIdf.set(key, Math.log((claims.length + 1) / n));
  }

  private wordsOf(claim: Claim): { set: Set<string>; total: number } {
    let words = this.words.get(claim.id);
    if (!words) {
      const set = new Set(claim.stems);
      let total = 0;
      for (const word of set) total += this.idf.get(word) ?? 0;
      words = { set, total };
      this.words.set(claim.id, words);
    }
    return words;
  }

  similarity(a: Claim, b: Claim, withValues = true): number {
    let shared = 0;
    let union = 0;
    for (const v of withValues ? a.values : []) {
      const sort = sortOf(v);
      if (sort === null) continue;
      if (b.values.some((w) => sortOf(w) === sort && same(v, w))) {
        const weight = this.valueIdf.get(this.keys.get(v.id)!) ?? 0;
        shared += weight;
        union += weight;
      }
    }
    const aWords = this.wordsOf(a);
    const bWords = this.wordsOf(b);
    const [fewer, more] = aWords.set.size <= bWords.set.size ? [aWords, bWords] : [bWords, aWords];
    let common = 0;
    for (const word of fewer.set) if (more.set.has(word)) common += this.idf.get(word) ?? 0;
    shared += common;
    union += aWords.total + bWords.total - common;
    return union === 0 ? 0 : shared / union;
  }
}

/** How precisely a date is given: 3 to the day, 2 to the month, 1 to the year (and for other values). */
export function precision(value: ClaimValue): number {
  const data = value.data;
  return data.kind === 'date' ? (data.day !== undefined ? 3 : data.month !== undefined ? 2 : 1) : 1;
}

/** A label line's value is short: a figure, a name, a few words of detail. */
const LABEL_VALUE_WORDS = 10;

/** Words of a label line's label ('Halving interval: every 210,000 blocks'), or null for a sentence. */
export function labelOf(claim: Claim): Set<string> | null {
  const colon = claim.tokens.findIndex((token) => token.text === ':');
  if (colon < 1 || colon > 5 || claim.values.some((value) => value.start < colon && value.data.kind !== 'name')) {
    return null;
  }
  // 'Short version: the tower was completed in 1887, ...' is a sentence with a lead-in, not a label line.
  if (claim.tokens.slice(colon + 1).filter((token) => token.kind === 'word').length > LABEL_VALUE_WORDS) return null;
  return new Set(
    claim.tokens
      .slice(0, colon)
      .filter((token) => token.kind === 'word' && isContentWord(token.lower))
      .map((token) => stem(token.lower)),
  );
}

/** Two label lines are one fact only under one label: 'Halving interval' is not 'Target block interval'. */
export function differentLabels(a: Claim, b: Claim): boolean {
  const [x, y] = [labelOf(a), labelOf(b)];
  if (!x || !y) return false;
  const within = (p: Set<string>, q: Set<string>) => [...p].every((word) => q.has(word));
  return !within(x, y) && !within(y, x);
}
