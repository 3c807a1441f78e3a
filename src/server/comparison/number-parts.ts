// The pieces of a number in a claim: units (with 'square', '²', 'per'), scales, number words, hedges and
// bounds before it, and the noun it counts after it. quantities.ts puts them together.

import { MAX_UNIT_TOKENS, NUMBER_WORDS, QUALIFIERS, SCALES, UNITS, YEAR_QUALIFIERS, type Qualifier } from './units';
import type { Bound } from './value-types';
import { isContentWord, scientificParts, stem, type Token } from './words';

export interface ReadUnit {
  dim: string;
  toBase: (amount: number) => number;
  next: number;
}

const SCALE_WORDS = new Set(['thousand', 'million', 'billion', 'trillion']);
const ONE_IDIOM_NEXT = new Set(['of', 'another', 'such', 'or', 'way', 'day', 'thing', 'time', 'hand', 'side', 'point']);
const ONE_IDIOM_PREVIOUS = new Set(['no', 'any', 'each', 'every', 'the', 'this', 'that', 'which', 'only', 'one']);

function lookupUnit(parts: string[]): { unit: ReturnType<typeof UNITS.get>; length: number } | null {
  for (let length = Math.min(MAX_UNIT_TOKENS, parts.length); length >= 1; length--) {
    const unit = UNITS.get(parts.slice(0, length).join(' '));
    if (unit) return { unit, length };
  }
  return null;
}

/** Reads a unit at `i` (optionally starting with letters glued to the number), with 'square', '²', 'per'. */
export function readUnit(tokens: Token[], i: number, glued = ''): ReadUnit | null {
  let j = i;
  // '8-ounce cup', '3.6-metre wall'
  if (!glued && tokens[j]?.text === '-' && !tokens[j]?.spaceBefore && tokens[j + 1]?.kind === 'word') j += 1;
  let power = 1;
  const head = tokens[j];
  if (!glued && head && (head.lower === 'square' || head.lower === 'sq' || head.lower === 'cubic')) {
    power = head.lower === 'cubic' ? 3 : 2;
    j += tokens[j + 1]?.text === '.' ? 2 : 1;
  }
  const parts: string[] = glued ? [glued.toLowerCase()] : [];
  for (let k = j; k < tokens.length && parts.length < MAX_UNIT_TOKENS; k++) {
    const token = tokens[k];
    if (!token || token.kind === 'number') break;
    parts.push(token.lower);
  }
  // A lone capital C or F right after a number is a temperature ('100 C'); lower case is not.
  const first = tokens[j];
  if (!glued && first && (first.text === 'C' || first.text === 'F') && parts.length > 0) {
    parts[0] = `° ${first.lower}`;
  }
  // A capital K after a spaced number is kelvin ('77 K'); a lower-case or glued one is thousands ('5k').
  if (first && first.text === 'K' && (glued === 'K' || (!glued && first.spaceBefore))) parts[0] = 'kelvin';
  const found = lookupUnit(parts);
  if (!found || !found.unit) return null;
  if (found.unit.dim === 'time-per' && tokens[i - 1]?.text !== '/' && tokens[i - 1]?.lower !== 'per') return null;
  let next = j + found.length - (glued ? 1 : 0);
  let { dim, toBase } = found.unit;
  if (dim === 'length') {
    const after = tokens[next];
    const superscript = after && !after.spaceBefore ? after.text : '';
    if (superscript === '²' || superscript === '2') power = 2;
    if (superscript === '³' || superscript === '3') power = 3;
    if (superscript === '²' || superscript === '2' || superscript === '³' || superscript === '3') next += 1;
    const per = tokens[next];
    if (power === 1 && per && (per.text === '/' || per.lower === 'per' || per.lower === 'an' || per.lower === 'a')) {
      const time = readUnit(tokens, next + 1);
      if (time && (time.dim === 'time' || time.dim === 'time-per')) {
        const metres = toBase;
        return { dim: 'speed', toBase: (amount) => metres(amount) / time.toBase(1), next: time.next };
      }
    }
  }
  if (power > 1) {
    if (dim !== 'length') return null;
    const metres = toBase(1);
    const factor = power === 2 ? metres * metres : metres * metres * metres * 1000;
    dim = power === 2 ? 'area' : 'volume';
    toBase = (amount) => amount * factor;
  }
  return { dim, toBase, next };
}

export type Phrases = ReadonlyArray<readonly [string[], Qualifier]>;
const split = (list: ReadonlyArray<readonly [string, Qualifier]>): Phrases =>
  list.map(([phrase, qualifier]) => [phrase.split(' '), qualifier] as const);
export const QUALIFIER_PHRASES = split(QUALIFIERS);
export const YEAR_QUALIFIER_PHRASES = split(YEAR_QUALIFIERS);

export function qualifierBefore(tokens: Token[], start: number, phrases: Phrases): Bound {
  if (tokens[start - 1]?.text === '.' && ['c', 'ca', 'approx'].includes(tokens[start - 2]?.lower ?? '')) {
    return 'approx';
  }
  const last = tokens[start - 1]?.lower;
  for (const [words, qualifier] of phrases) {
    if (words[words.length - 1] !== last || start - words.length < 0) continue;
    if (words.every((word, k) => tokens[start - words.length + k]?.lower === word)) return qualifier;
  }
  return 'exact';
}

/** Stems of the noun after a number or ordinal: 'legs' in 'eight legs', 'large city' in 'second-largest city'. */
export function roleAfter(tokens: Token[], j: number): string[] {
  const role: string[] = [];
  for (let k = j; k < tokens.length && role.length < 2; k++) {
    const token = tokens[k];
    if (!token) break;
    if (token.text === '-' && !token.spaceBefore) continue;
    if (token.kind !== 'word') break;
    if (role.length === 0 && ['to', 'ever', 'most'].includes(token.lower)) continue;
    if (!isContentWord(token.lower) || UNITS.has(token.lower)) break;
    role.push(stem(token.lower));
  }
  return role;
}

/** Words that name a result without saying what is counted ('the answer is 10'). */
const GENERIC_COUNTED = new Set(['answer', 'result', 'total', 'value', 'number', 'sum', 'count', 'amount', 'solution']);
const COUNT_LINKS = new Set(['is', 'are', 'was', 'were', 'equals', '=', ':']);

/**
 * What a count is of when it is named before it: 'the number of dimes is 20', 'dimes: 20'. Only a count
 * that ends its clause, so 'dimes is 20 more than' is not read as the number of dimes.
 */
export function roleBefore(tokens: Token[], start: number, end: number): string[] {
  const next = tokens[end];
  if (next && next.kind === 'word') return [];
  const link = tokens[start - 1];
  const noun = tokens[start - 2];
  if (!link || !noun || !COUNT_LINKS.has(link.lower) || noun.kind !== 'word') return [];
  if (!isContentWord(noun.lower) || UNITS.has(noun.lower) || GENERIC_COUNTED.has(noun.lower)) return [];
  return [stem(noun.lower)];
}

export interface Parsed {
  amount: number;
  /** Half a unit of the last digit written: how much rounding the figure may hide. */
  rounding: number;
  next: number;
  scaled: boolean;
}

export function roundingOf(text: string): number {
  const scientific = scientificParts(text);
  if (scientific) return roundingOf(scientific.mantissa) * 10 ** scientific.exponent;
  // European thousands as the tokeniser reads them (words.ts): two or more groups, or '.000'; '4.543' is a decimal.
  if (/^\d{1,3}(?:\.\d{3}){2,}$|^\d{1,3}\.000$/.test(text)) return roundingOf(text.replace(/\./g, ''));
  const decimals = /\.(\d+)$/.exec(text)?.[1]?.length ?? 0;
  if (decimals > 0) return 0.5 * 10 ** -decimals;
  const trailingZeros = /[1-9](0*)$/.exec(text.replace(/[, ]/g, ''))?.[1]?.length ?? 0;
  return 0.5 * 10 ** trailingZeros;
}

export function readScale(tokens: Token[], parsed: Parsed): Parsed {
  const scale = SCALES.get(tokens[parsed.next]?.lower ?? '');
  if (scale === undefined || tokens[parsed.next]?.lower === 'k') return parsed;
  return { amount: parsed.amount * scale, rounding: parsed.rounding * scale, next: parsed.next + 1, scaled: true };
}

/** 'four', 'twenty-five', 'one hundred and twenty', 'two million', 'a dozen'. */
export function readNumberWords(tokens: Token[], i: number): Parsed | null {
  let j = i;
  let total = 0;
  let current = 0;
  let words = 0;
  let scaled = false;
  let lastScale = 1;
  const startsWithA = tokens[j]?.lower === 'a';
  if (startsWithA) {
    const after = tokens[j + 1]?.lower ?? '';
    if (!SCALE_WORDS.has(after) && after !== 'hundred' && after !== 'dozen') return null;
    current = 1;
    j += 1;
  }
  const isWord = (token: Token | undefined) => token?.kind === 'word' && NUMBER_WORDS.has(token.lower);
  while (j < tokens.length) {
    const token = tokens[j] as Token;
    const value = NUMBER_WORDS.get(token.lower);
    if (token.kind === 'word' && value !== undefined) {
      if (token.lower === 'hundred') current = (current || 1) * 100;
      else if (token.lower === 'dozen') current = (current || 1) * 12;
      else current += value;
      words += 1;
      j += 1;
    } else if (token.kind === 'word' && SCALE_WORDS.has(token.lower) && (words > 0 || startsWithA)) {
      lastScale = SCALES.get(token.lower) ?? 1;
      total += (current || 1) * lastScale;
      current = 0;
      scaled = true;
      words += 1;
      j += 1;
    } else if (
      words > 0 &&
      isWord(tokens[j + 1]) &&
      // 'one hundred and twenty' is one number; 'seven and nine' is two ('between seven and nine hours').
      (token.text === '-' ||
        (token.lower === 'and' && (tokens[j - 1]?.lower === 'hundred' || SCALE_WORDS.has(tokens[j - 1]?.lower ?? ''))))
    ) {
      j += 1;
    } else {
      break;
    }
  }
  if (words === 0) return null;
  const first = tokens[i] as Token;
  if (!startsWithA && (first.lower === 'hundred' || first.lower === 'dozen')) return null;
  if (words === 1 && first.lower === 'one') {
    if (ONE_IDIOM_NEXT.has(tokens[j]?.lower ?? '') || ONE_IDIOM_PREVIOUS.has(tokens[i - 1]?.lower ?? '')) return null;
    if (j >= tokens.length || tokens[j]?.kind !== 'word') return null;
  }
  const amount = total + current;
  return { amount, rounding: current > 0 ? 0.5 : 0.5 * lastScale, next: j, scaled };
}
