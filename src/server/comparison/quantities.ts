// Numbers in a claim: digits and number words, with scales, units, hedges and ranges; bare years and
// decades; ordinals. Calendar dates are taken first (dates.ts), names last (names.ts).

import {
  CURRENCY_SUFFIX_SCALES,
  CURRENCY_SYMBOLS,
  MAX_UNIT_TOKENS,
  NUMBER_WORDS,
  ORDINAL_WORDS,
  QUALIFIERS,
  SCALES,
  UNITS,
  YEAR_QUALIFIERS,
  type Qualifier,
} from './units';
import type { Bound, FoundValue, ValueData } from './value-types';
import { isContentWord, numberOf, stem, STOP_WORDS, type Token } from './words';

interface ReadUnit {
  dim: string;
  toBase: (amount: number) => number;
  next: number;
}

type Display = (start: number, end: number) => string;

const SCALE_WORDS = new Set(['thousand', 'million', 'billion', 'trillion']);
const RANGE_WORDS = new Set(['-', '–', '—', 'to']);
const YEAR_PREPOSITIONS = new Set(
  'in since by until till from of during circa around before after year early late mid between and to c ca the'.split(' '),
);
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
function readUnit(tokens: Token[], i: number, glued = ''): ReadUnit | null {
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

function qualifierBefore(tokens: Token[], start: number, list: ReadonlyArray<readonly [string, Qualifier]>): Bound {
  if (tokens[start - 1]?.text === '.' && ['c', 'ca', 'approx'].includes(tokens[start - 2]?.lower ?? '')) {
    return 'approx';
  }
  for (const [phrase, qualifier] of list) {
    const words = phrase.split(' ');
    if (start - words.length < 0) continue;
    if (words.every((word, k) => tokens[start - words.length + k]?.lower === word)) return qualifier;
  }
  return 'exact';
}

/** Stems of the noun after a number or ordinal: 'legs' in 'eight legs', 'large city' in 'second-largest city'. */
function roleAfter(tokens: Token[], j: number): string[] {
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

interface Parsed {
  amount: number;
  /** Half a unit of the last digit written: how much rounding the figure may hide. */
  rounding: number;
  next: number;
  scaled: boolean;
}

function roundingOf(text: string): number {
  const decimals = /\.(\d+)$/.exec(text)?.[1]?.length ?? 0;
  if (decimals > 0) return 0.5 * 10 ** -decimals;
  const trailingZeros = /[1-9](0*)$/.exec(text.replace(/[, ]/g, ''))?.[1]?.length ?? 0;
  return 0.5 * 10 ** trailingZeros;
}

function readScale(tokens: Token[], parsed: Parsed): Parsed {
  const scale = SCALES[tokens[parsed.next]?.lower ?? ''];
  if (scale === undefined || tokens[parsed.next]?.lower === 'k') return parsed;
  return { amount: parsed.amount * scale, rounding: parsed.rounding * scale, next: parsed.next + 1, scaled: true };
}

/** 'four', 'twenty-five', 'one hundred and twenty', 'two million', 'a dozen'. */
function readNumberWords(tokens: Token[], i: number): Parsed | null {
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
  const isWord = (token: Token | undefined) => token?.kind === 'word' && NUMBER_WORDS[token.lower] !== undefined;
  while (j < tokens.length) {
    const token = tokens[j] as Token;
    const value = NUMBER_WORDS[token.lower];
    if (token.kind === 'word' && value !== undefined) {
      if (token.lower === 'hundred') current = (current || 1) * 100;
      else if (token.lower === 'dozen') current = (current || 1) * 12;
      else current += value;
      words += 1;
      j += 1;
    } else if (token.kind === 'word' && SCALE_WORDS.has(token.lower) && (words > 0 || startsWithA)) {
      lastScale = SCALES[token.lower] ?? 1;
      total += (current || 1) * lastScale;
      current = 0;
      scaled = true;
      words += 1;
      j += 1;
    } else if ((token.text === '-' || token.lower === 'and') && words > 0 && isWord(tokens[j + 1])) {
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

/** A number glued to a name is part of the name ('Apollo 11', 'Windows 10'). */
function isNameNumber(tokens: Token[], i: number): boolean {
  const token = tokens[i] as Token;
  const prev = tokens[i - 1];
  if (!prev || prev.kind !== 'word' || !/^\d{1,3}(?:\.\d{1,2})?$/.test(token.text) || token.suffix) return false;
  if (!/[A-Z]/.test(prev.text) || STOP_WORDS.has(prev.lower)) return false;
  return !UNITS.has(prev.lower) && readUnit(tokens, i + 1) === null;
}

function toleranceOf(dim: string, amount: number, bound: Bound, rounding: number, rounded: boolean): number {
  const magnitude = Math.abs(amount);
  // Small counts are exact ('six legs' is not 'seven legs'); measurements allow half a percent each way.
  const relative = dim === 'count' && magnitude < 1000 ? 0 : 0.005 * magnitude;
  const floor = dim === 'temperature' ? 0.3 : 0;
  const hedged = bound === 'approx' || rounded ? Math.min(rounding, 0.05 * magnitude) : 0;
  return Math.max(relative, floor, hedged);
}

function looksLikeCount(tokens: Token[], i: number): boolean {
  const next = tokens[i + 1];
  if (!next || next.kind !== 'word' || /^[A-Z]/.test(next.text)) return false;
  if (YEAR_PREPOSITIONS.has(tokens[i - 1]?.lower ?? '')) return false;
  return ['people', 'men', 'women', 'children'].includes(next.lower) || (next.lower.endsWith('s') && isContentWord(next.lower));
}

interface Start {
  start: number;
  currency: string | undefined;
}

function prefixOf(tokens: Token[], i: number): Start & { sign: number } {
  let start = i;
  let sign = 1;
  const prev = tokens[i - 1];
  if (prev?.text === '-' && !(tokens[i] as Token).spaceBefore && prev.spaceBefore && tokens[i - 2]?.kind !== 'number') {
    sign = -1;
    start = i - 1;
  } else if (prev?.lower === 'minus') {
    sign = -1;
    start = i - 1;
  }
  let currency: string | undefined;
  const symbol = tokens[start - 1];
  if (symbol && CURRENCY_SYMBOLS[symbol.text] !== undefined) {
    currency = CURRENCY_SYMBOLS[symbol.text];
    start -= tokens[start - 2]?.text === 'US' ? 2 : 1;
  }
  return { start, currency, sign };
}

type Push = (data: ValueData, start: number, end: number) => void;

/** Scale, range, unit, hedge and role after the first number has been read. */
function finishQuantity(tokens: Token[], first: Parsed, prefix: Start, gluedUnit: ReadUnit | null, push: Push): number {
  let parsed = gluedUnit ? first : readScale(tokens, first);
  let hi: Parsed | null = null;
  let unit = gluedUnit;
  const link = tokens[parsed.next];
  const between = tokens[prefix.start - 1]?.lower === 'between';
  const second = tokens[parsed.next + 1];
  if (!unit && link && (RANGE_WORDS.has(link.lower) || (between && link.lower === 'and')) && second?.kind === 'number') {
    hi = readScale(tokens, { amount: numberOf(second), rounding: 0, next: parsed.next + 2, scaled: false });
    if (hi.scaled && !parsed.scaled) {
      const factor = hi.amount / numberOf(second);
      parsed = { ...parsed, amount: parsed.amount * factor, rounding: parsed.rounding * factor, scaled: true };
    }
    unit = second.suffix ? readUnit(tokens, parsed.next + 2, second.suffix) : null;
    if (second.suffix && !unit) return parsed.next + 2;
  }
  const afterNumbers = hi ? (unit ? unit.next : hi.next) : parsed.next;
  unit ??= readUnit(tokens, afterNumbers);
  const end = unit ? unit.next : afterNumbers;
  const dim = unit?.dim ?? prefix.currency ?? 'count';
  const toBase = unit?.toBase ?? ((amount: number) => amount);
  const slope = Math.abs(toBase(1) - toBase(0));
  const lo = toBase(parsed.amount);
  const top = hi ? toBase(hi.amount) : lo;
  const amount = (lo + top) / 2;
  const bound = qualifierBefore(tokens, prefix.start, QUALIFIERS);
  const spread = Math.abs(top - lo) / 2;
  const tolerance = spread + toleranceOf(dim, amount, bound, parsed.rounding * slope, parsed.scaled);
  const role = dim === 'count' ? roleAfter(tokens, end) : [];
  push({ kind: 'quantity', dim, amount, tolerance, bound, role }, prefix.start, end);
  return end;
}

function readDigits(tokens: Token[], i: number, push: Push): number {
  const token = tokens[i] as Token;
  const next = tokens[i + 1];
  const prev = tokens[i - 1];
  // Identifiers, versions, clock times and ratios are not quantities: 'Apollo 11', '3.5.1', '10:30', '24/7'.
  if (isNameNumber(tokens, i)) return i + 1;
  const glue = next && !next.spaceBefore && [':', '/', '.'].includes(next.text);
  if (glue && tokens[i + 2]?.kind === 'number' && !tokens[i + 2]?.spaceBefore) return i + 3;
  if (prev && !token.spaceBefore && (prev.text === ':' || prev.text === '/')) return i + 1;
  const value = numberOf(token);
  const integer = /^\d+$/.test(token.text);
  const suffix = token.suffix;
  if (integer && /^(?:st|nd|rd|th)$/i.test(suffix)) {
    push({ kind: 'ordinal', n: value, role: roleAfter(tokens, i + 1) }, i, i + 1);
    return i + 1;
  }
  const prefix = prefixOf(tokens, i);
  const yearBound = () => qualifierBefore(tokens, prefix.start, YEAR_QUALIFIERS);
  if (integer && suffix === 's' && token.text.length === 4 && value % 10 === 0 && !prefix.currency) {
    push({ kind: 'date', year: value, decade: true, bound: yearBound() }, prefix.start, i + 1);
    return i + 1;
  }
  const era = next?.lower ?? '';
  if (integer && !suffix && token.text.length <= 4 && ['bc', 'bce', 'ad', 'ce'].includes(era)) {
    const year = era.startsWith('b') ? -value : value;
    push({ kind: 'date', year, bound: yearBound() }, prefix.start, i + 2);
    return i + 2;
  }
  const isYear =
    integer &&
    !suffix &&
    token.text.length === 4 &&
    value >= 1000 &&
    value <= 2100 &&
    !prefix.currency &&
    prefix.sign === 1 &&
    SCALES[next?.lower ?? ''] === undefined &&
    readUnit(tokens, i + 1) === null &&
    !looksLikeCount(tokens, i);
  if (isYear) {
    push({ kind: 'date', year: value, bound: yearBound() }, prefix.start, i + 1);
    return i + 1;
  }
  let first: Parsed = { amount: prefix.sign * value, rounding: roundingOf(token.text), next: i + 1, scaled: false };
  let gluedUnit: ReadUnit | null = null;
  if (suffix) {
    const lower = suffix.toLowerCase();
    const scale = prefix.currency ? CURRENCY_SUFFIX_SCALES[lower] : ['k', 'bn', 'mn'].includes(lower) ? SCALES[lower] : undefined;
    if (scale !== undefined) {
      first = { ...first, amount: first.amount * scale, rounding: first.rounding * scale, scaled: true };
    } else {
      // '5G', '3D', '4K' name things; they are not amounts.
      if (suffix.length === 1 && /[A-Z]/.test(suffix) && suffix !== 'L') return i + 1;
      gluedUnit = readUnit(tokens, i + 1, suffix);
      if (!gluedUnit) return i + 1;
    }
  }
  return finishQuantity(tokens, first, prefix, gluedUnit, push);
}

function readWordValue(tokens: Token[], i: number, push: Push): number {
  const token = tokens[i] as Token;
  const ordinal = ORDINAL_WORDS[token.lower];
  if (ordinal !== undefined) {
    const prev = tokens[i - 1]?.lower ?? '';
    const next = tokens[i + 1]?.lower ?? '';
    // Discourse markers ('First, ...', 'at first', 'first of all') and 'a second' are not ordinals.
    if ((i === 0 && next === ',') || prev === 'at' || (next === 'of' && tokens[i + 2]?.lower === 'all')) return i + 1;
    if (next === 'and' && tokens[i + 2]?.lower === 'foremost') return i + 1;
    if (token.lower === 'second' && ['a', 'per', 'one', 'every', 'each', 'split'].includes(prev)) return i + 1;
    push({ kind: 'ordinal', n: ordinal, role: roleAfter(tokens, i + 1) }, i, i + 1);
    return i + 1;
  }
  if (NUMBER_WORDS[token.lower] === undefined && token.lower !== 'a') return i + 1;
  const parsed = readNumberWords(tokens, i);
  if (!parsed) return i + 1;
  const prefix = prefixOf(tokens, i);
  return finishQuantity(tokens, parsed, { start: prefix.start, currency: prefix.currency }, null, push);
}

export function extractNumbers(tokens: Token[], taken: boolean[], display: Display): FoundValue[] {
  const found: FoundValue[] = [];
  const push: Push = (data, start, end) => {
    found.push({ data, start, end, display: display(start, end) });
    for (let k = start; k < end; k++) taken[k] = true;
  };
  for (let i = 0; i < tokens.length; i++) {
    if (taken[i]) continue;
    const token = tokens[i] as Token;
    let end = i + 1;
    if (token.kind === 'number') end = readDigits(tokens, i, push);
    else if (token.kind === 'word') end = readWordValue(tokens, i, push);
    i = Math.max(i, end - 1);
  }
  return found;
}
