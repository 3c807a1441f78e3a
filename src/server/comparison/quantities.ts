// Numbers in a claim: digits and number words, with scales, units, hedges and ranges; bare years and
// decades; ordinals. Calendar dates are taken first (dates.ts), names last (names.ts).

import {
  QUALIFIER_PHRASES,
  qualifierBefore,
  readNumberWords,
  readScale,
  readUnit,
  roleAfter,
  roleBefore,
  roundingOf,
  YEAR_QUALIFIER_PHRASES,
  type Parsed,
  type ReadUnit,
} from './number-parts';
import { CURRENCY_SUFFIX_SCALES, CURRENCY_SYMBOLS, NUMBER_WORDS, ORDINAL_WORDS, SCALES, UNITS } from './units';
import type { Bound, FoundValue, ValueData } from './value-types';
import { isContentWord, numberOf, STOP_WORDS, type Token } from './words';

type Display = (start: number, end: number) => string;

const RANGE_WORDS = new Set(['-', '–', '—', 'to']);
const YEAR_PREPOSITIONS = new Set(
  'in since by until till from of during circa around before after year early late mid between and to c ca the'.split(
    ' ',
  ),
);

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
  // Small counts are exact ('six legs' is not 'seven legs'). Other figures allow what the precision
  // written hides (half the last digit: 9.58 s and 9.63 s differ, 384,400 km and 238,900 miles agree),
  // at most a percent for round integers ('100 V' is not '120 V'), and a tenth of a percent for conversions.
  const small = dim === 'count' && magnitude < 1000;
  // Money is exact to what it writes: $19.99 is not $20.00 (issue 33, item 2).
  const money = dim.startsWith('money');
  const relative = small || money ? 0 : 0.001 * magnitude;
  const written = small ? 0 : money ? rounding : Math.min(rounding, 0.01 * magnitude);
  const floor = dim === 'temperature' ? 0.3 : 0;
  // 'About 300 m' is a figure to one significant digit: 324 m is within it, 400 m is not.
  const hedged =
    bound === 'approx' ? Math.min(rounding, 0.1 * magnitude) : rounded ? Math.min(rounding, 0.05 * magnitude) : 0;
  return Math.max(relative, written, floor, hedged);
}

const DENOMINATORS: ReadonlyMap<string, number> = new Map(
  Object.entries({
    half: 2,
    halves: 2,
    third: 3,
    thirds: 3,
    quarter: 4,
    quarters: 4,
    fourth: 4,
    fourths: 4,
    fifth: 5,
    fifths: 5,
    sixth: 6,
    sixths: 6,
    seventh: 7,
    sevenths: 7,
    eighth: 8,
    eighths: 8,
    ninth: 9,
    ninths: 9,
    tenth: 10,
    tenths: 10,
  }),
);
/** Fractions in words are rough by nature: 'two-thirds' agrees with 68.7% but not with 'three-fifths'. */
const FRACTION_TOLERANCE = 3;

/** 'two-thirds', 'a third', 'one in five' as a percentage; the index after it, or null. */
function readFraction(tokens: Token[], i: number, push: Push): number | null {
  const first = tokens[i] as Token;
  const numerator = ['a', 'an', 'one'].includes(first.lower) ? 1 : (NUMBER_WORDS.get(first.lower) ?? NaN);
  if (!(numerator >= 1 && numerator < 10)) return null;
  let j = i + 1;
  if (tokens[j]?.text === '-' && !tokens[j]?.spaceBefore) j += 1;
  const word = tokens[j]?.lower ?? '';
  let denominator = DENOMINATORS.get(word);
  // 'one in five', 'one out of four'
  if (denominator === undefined && (word === 'in' || (word === 'out' && tokens[j + 1]?.lower === 'of'))) {
    const k = word === 'in' ? j + 1 : j + 2;
    const d =
      NUMBER_WORDS.get(tokens[k]?.lower ?? '') ?? (tokens[k]?.kind === 'number' ? numberOf(tokens[k] as Token) : NaN);
    if (!(d > numerator && d <= 1000)) return null;
    denominator = d;
    j = k;
  }
  // A plural denominator needs a numerator above one, a singular one 'a'/'one' ('two third' is not English).
  if (denominator === undefined || (word.endsWith('s') && numerator === 1) || (word === 'half' && numerator !== 1))
    return null;
  if (word === 'second' || (first.lower === 'one' && word === 'half' && tokens[j + 1]?.lower !== 'of')) return null;
  const bound = qualifierBefore(tokens, i, QUALIFIER_PHRASES);
  const tolerance = FRACTION_TOLERANCE + (bound === 'approx' ? 2 : 0);
  push(
    { kind: 'quantity', dim: 'percent', amount: (100 * numerator) / denominator, tolerance, bound, role: [] },
    i,
    j + 1,
  );
  return j + 1;
}

/**
 * A proper fraction in figures: '1/64', '31/1024', '3/4 cup'. With a unit it is that much of the unit; alone
 * it is a share, compared with shares however written ('1/4' is '25%' and 'a quarter'). Dates ('3/4/2020'),
 * ratios of equals ('50/50') and improper pairs ('24/7') are left alone.
 */
function readDigitFraction(tokens: Token[], i: number, push: Push): number | null {
  const [top, slash, bottom, after] = [tokens[i]!, tokens[i + 1], tokens[i + 2], tokens[i + 3]];
  if (!slash || !bottom || bottom.kind !== 'number' || bottom.spaceBefore || slash.spaceBefore) return null;
  if (!/^\d+$/.test(top.text) || !/^\d+$/.test(bottom.text) || top.suffix || bottom.suffix) return null;
  if (after && !after.spaceBefore && (after.text === '/' || after.text === '.') && tokens[i + 4]?.kind === 'number') {
    return null;
  }
  if (['/', ':', '.'].includes(tokens[i - 1]?.text ?? '') && !top.spaceBefore) return null;
  const [numerator, denominator] = [Number(top.text), Number(bottom.text)];
  if (!(numerator >= 1 && numerator < denominator && denominator <= 100_000)) return null;
  const prefix = prefixOf(tokens, i);
  const bound = qualifierBefore(tokens, prefix.start, QUALIFIER_PHRASES);
  const share = (prefix.sign * numerator) / denominator;
  const unit = readUnit(tokens, i + 3);
  const amount = unit ? unit.toBase(share) : 100 * share;
  const tolerance = Math.abs(amount) * (bound === 'approx' ? 0.1 : 0.001);
  const end = unit ? unit.next : i + 3;
  push({ kind: 'quantity', dim: unit?.dim ?? 'percent', amount, tolerance, bound, role: [] }, prefix.start, end);
  return end;
}

function looksLikeCount(tokens: Token[], i: number): boolean {
  const next = tokens[i + 1];
  if (!next || next.kind !== 'word' || /^[A-Z]/.test(next.text)) return false;
  if (YEAR_PREPOSITIONS.has(tokens[i - 1]?.lower ?? '')) return false;
  const plural = (token: Token | undefined) =>
    token !== undefined &&
    token.kind === 'word' &&
    !/^[A-Z]/.test(token.text) &&
    (['people', 'men', 'women', 'children'].includes(token.lower) ||
      (token.lower.endsWith('s') && isContentWord(token.lower)));
  // '2000 strikes', and through one word of a compound noun: '2000 lightning strikes'.
  return plural(next) || (isContentWord(next.lower) && !next.lower.endsWith('s') && plural(tokens[i + 2]));
}

interface Start {
  start: number;
  currency: string | undefined;
}

function prefixOf(tokens: Token[], i: number): Start & { sign: number } {
  let start = i;
  let sign = 1;
  const prev = tokens[i - 1];
  // A minus opens the figure after a space or a bracket ('(-454 °F)'); glued to a word or figure it is a hyphen.
  const opens = prev !== undefined && (prev.spaceBefore || /^[([{"'“‘]$/.test(tokens[i - 2]?.text ?? ''));
  if (prev?.text === '-' && !(tokens[i] as Token).spaceBefore && opens && tokens[i - 2]?.kind !== 'number') {
    sign = -1;
    start = i - 1;
  } else if (prev?.lower === 'minus') {
    sign = -1;
    start = i - 1;
  }
  let currency: string | undefined;
  const symbol = tokens[start - 1];
  if (symbol && CURRENCY_SYMBOLS.has(symbol.text)) {
    currency = CURRENCY_SYMBOLS.get(symbol.text);
    start -= tokens[start - 2]?.text === 'US' ? 2 : 1;
  }
  return { start, currency, sign };
}

type Push = (data: ValueData, start: number, end: number) => void;

/** An interval in brackets ('a range of [346.66, 353.34]', 'the interval is (316.5, 383.5)'), not a pair of coordinates. */
function isBracketInterval(tokens: Token[], start: number, next: number): boolean {
  const [open, comma, second, close] = [tokens[start - 1], tokens[next], tokens[next + 1], tokens[next + 2]];
  if (!open || !['(', '['].includes(open.text) || comma?.text !== ',' || second?.kind !== 'number') return false;
  if (second.suffix || !close || ![')', ']'].includes(close.text)) return false;
  return tokens.slice(Math.max(0, start - 8), start).some((t) => /^(?:intervals?|ranges?)$/.test(t.lower));
}

function isCompoundModifier(tokens: Token[], end: number): boolean {
  const [dash, word] = [tokens[end], tokens[end + 1]];
  return dash?.text === '-' && !dash.spaceBefore && word?.kind === 'word' && !word.spaceBefore;
}

/** How many tokens the plus-minus sign at `i` takes ('±' one, '+/-' three), or 0 where there is none. */
function plusMinusLength(tokens: Token[], i: number): number {
  if (tokens[i]?.text === '±') return 1;
  return tokens[i]?.text === '+' && tokens[i + 1]?.text === '/' && tokens[i + 2]?.text === '-' ? 3 : 0;
}

/**
 * The margin a plus-minus sign gives a figure ('350 ± 33.5', '5 +/- 2 m'), read from the token after the sign:
 * the figure is then the middle of a range, not a point in it. Null for a margin still to be worked out
 * ('350 ± 1.96 * 17.1').
 */
function marginAt(tokens: Token[], at: number): Parsed | null {
  const figure = tokens[at];
  if (figure?.kind !== 'number' || figure.suffix) return null;
  const after = tokens[at + 1];
  if (after && (after.kind === 'number' || ['*', '×', '·', 'x', '/'].includes(after.text))) return null;
  return readScale(tokens, { amount: numberOf(figure), rounding: 0, next: at + 1, scaled: false });
}

/** Scale, range, unit, hedge and role after the first number has been read. */
function finishQuantity(tokens: Token[], first: Parsed, prefix: Start, gluedUnit: ReadUnit | null, push: Push): number {
  let parsed = gluedUnit ? first : readScale(tokens, first);
  let hi: Parsed | null = null;
  let unit = gluedUnit;
  const link = tokens[parsed.next];
  const between = tokens[prefix.start - 1]?.lower === 'between';
  const second = tokens[parsed.next + 1];
  if (
    !unit &&
    link &&
    (RANGE_WORDS.has(link.lower) || (between && link.lower === 'and')) &&
    second &&
    (second.kind === 'number' || (NUMBER_WORDS.has(second.lower) && second.lower !== 'one'))
  ) {
    const worded = second.kind === 'word' ? readNumberWords(tokens, parsed.next + 1) : null;
    hi = worded
      ? readScale(tokens, { ...worded, rounding: 0, scaled: false })
      : readScale(tokens, { amount: numberOf(second), rounding: 0, next: parsed.next + 2, scaled: false });
    if (hi.scaled && !parsed.scaled) {
      const factor = hi.amount / (worded ? worded.amount : numberOf(second));
      parsed = { ...parsed, amount: parsed.amount * factor, rounding: parsed.rounding * factor, scaled: true };
    }
    unit = second.suffix ? readUnit(tokens, hi.next, second.suffix) : null;
    if (second.suffix && !unit) return parsed.next + 2;
  }
  const plusMinus = !unit && !hi ? plusMinusLength(tokens, parsed.next) : 0;
  if (plusMinus > 0) {
    const margin = marginAt(tokens, parsed.next + plusMinus);
    // A middle and a margin still to be worked out ('350 ± 1.96 × 17.1') are no value yet.
    if (!margin) return parsed.next + plusMinus + 1;
    hi = { ...margin, amount: parsed.amount + margin.amount };
    parsed = { ...parsed, amount: parsed.amount - margin.amount };
  }
  if (!unit && !hi && isBracketInterval(tokens, prefix.start, parsed.next)) {
    hi = { amount: numberOf(tokens[parsed.next + 1] as Token), rounding: 0, next: parsed.next + 2, scaled: false };
  }
  const afterNumbers = hi ? (unit ? unit.next : hi.next) : parsed.next;
  unit ??= readUnit(tokens, afterNumbers);
  const end = unit ? unit.next : afterNumbers;
  const dim = unit?.dim ?? prefix.currency ?? 'count';
  // 'Six-sided', '3-door': a number joined to a word describes the thing; it counts nothing on its own.
  if (dim === 'count' && isCompoundModifier(tokens, end)) return end;
  const toBase = unit?.toBase ?? ((amount: number) => amount);
  const slope = Math.abs(toBase(1) - toBase(0));
  const lo = toBase(parsed.amount);
  const top = hi ? toBase(hi.amount) : lo;
  const amount = (lo + top) / 2;
  const bound = qualifierBefore(tokens, prefix.start, QUALIFIER_PHRASES);
  const spread = Math.abs(top - lo) / 2;
  const tolerance = spread + toleranceOf(dim, amount, bound, parsed.rounding * slope, parsed.scaled);
  const after = dim === 'count' ? roleAfter(tokens, end) : [];
  const role = dim === 'count' && after.length === 0 ? roleBefore(tokens, prefix.start, end) : after;
  push({ kind: 'quantity', dim, amount, tolerance, bound, role, ...(spread > 0 ? { spread } : {}) }, prefix.start, end);
  return end;
}

function readDigits(tokens: Token[], i: number, push: Push): number {
  const token = tokens[i] as Token;
  const next = tokens[i + 1];
  const prev = tokens[i - 1];
  if (next?.text === '/') {
    const fraction = readDigitFraction(tokens, i, push);
    if (fraction !== null) return fraction;
  }
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
  const yearBound = () => qualifierBefore(tokens, prefix.start, YEAR_QUALIFIER_PHRASES);
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
    !SCALES.has(next?.lower ?? '') &&
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
    // '$5m' is money in millions but '5m' is five metres; a capital 'M' is millions either way ('2.5M users').
    const scale = prefix.currency
      ? CURRENCY_SUFFIX_SCALES.get(lower)
      : suffix === 'M' || ['k', 'bn', 'mn'].includes(suffix)
        ? SCALES.get(suffix === 'M' ? 'mn' : suffix)
        : undefined;
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

/** Plural scale words and the first power of ten each one starts at ('hundreds' of years: 100 to 1,000). */
const MAGNITUDES: ReadonlyMap<string, number> = new Map([
  ['dozens', 12],
  ['hundreds', 100],
  ['thousands', 1e3],
  ['millions', 1e6],
  ['billions', 1e9],
  ['trillions', 1e12],
]);
const SINGULAR_MAGNITUDES: ReadonlyMap<string, number> = new Map([
  ['hundred', 100],
  ['thousand', 1e3],
  ['million', 1e6],
  ['billion', 1e9],
]);

/**
 * An order of magnitude in words: 'hundreds of years' (100 to 1,000 years), 'tens of thousands', 'hundreds of
 * millions', 'several hundred thousand' (200,000 to 1,000,000). 'Thousands of years' and 'hundreds of years'
 * contradict each other; a figure inside one neither contradicts it nor is confirmed by it (value-compare.ts).
 */
function readMagnitude(tokens: Token[], i: number, push: Push): number | null {
  const word = tokens[i]!.lower;
  let start = i;
  let low: number;
  let next = i + 1;
  if (word === 'several' || word === 'a' || word === 'few') {
    // 'several hundred thousand', 'a few thousand'
    let j = i + 1;
    if (word === 'a' && tokens[j]?.lower === 'few') j += 1;
    const first = SINGULAR_MAGNITUDES.get(tokens[j]?.lower ?? '');
    if (first === undefined || (word === 'a' && j === i + 1)) return null;
    low = 2 * first;
    next = j + 1;
    const times = SINGULAR_MAGNITUDES.get(tokens[next]?.lower ?? '');
    if (times !== undefined && times > first) {
      low *= times;
      next += 1;
    }
    const top = (low / 2) * 10;
    return pushMagnitude(tokens, start, next, low, top, push);
  }
  const base = MAGNITUDES.get(word);
  if (base === undefined) return null;
  low = base;
  // 'tens of thousands', 'hundreds of millions'
  const prev = tokens[i - 1]?.lower;
  const before = tokens[i - 2]?.lower;
  if (prev === 'of' && (before === 'tens' || before === 'hundreds') && tokens[i - 3]?.lower !== 'of') {
    start = i - 2;
    low *= before === 'tens' ? 10 : 100;
  }
  const top = base === 12 ? 12 * 12 : low * 10;
  return pushMagnitude(tokens, start, next, low, top, push);
}

function pushMagnitude(tokens: Token[], start: number, next: number, low: number, top: number, push: Push): number {
  // 'hundreds of years' has a unit; 'thousands of species' counts species; 'hundreds of them' says nothing.
  const ofAt = tokens[next]?.lower === 'of' ? next + 1 : next;
  if (MAGNITUDES.has(tokens[ofAt]?.lower ?? '')) return next;
  const unit = readUnit(tokens, ofAt);
  const role = unit ? [] : roleAfter(tokens, ofAt);
  if (!unit && role.length === 0) return next;
  const end = unit ? unit.next : ofAt + 1;
  const toBase = unit?.toBase ?? ((amount: number) => amount);
  // 'Hundreds' stops short of a thousand, where 'thousands' begins.
  const [lo, hi] = [toBase(low), toBase(top * 0.999)];
  const spread = (hi - lo) / 2;
  push(
    {
      kind: 'quantity',
      dim: unit?.dim ?? 'count',
      amount: (lo + hi) / 2,
      tolerance: spread,
      bound: 'approx',
      role,
      spread,
      vague: true,
    },
    start,
    end,
  );
  return end;
}

function readWordValue(tokens: Token[], i: number, push: Push): number {
  const token = tokens[i] as Token;
  const magnitude = readMagnitude(tokens, i, push);
  if (magnitude !== null) return magnitude;
  const ordinal = ORDINAL_WORDS.get(token.lower);
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
  if (!NUMBER_WORDS.has(token.lower) && token.lower !== 'a' && token.lower !== 'an') return i + 1;
  const fraction = readFraction(tokens, i, push);
  if (fraction !== null) return fraction;
  if (token.lower === 'an') return i + 1;
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
  return joinCompoundDurations(found, tokens, display);
}

const DURATION_JOINS = new Set(['and', ',']);

/**
 * '5 hours and 53 minutes', '2 h 30 min': one duration, not two figures; it is compared whole, to the
 * precision of its last part.
 */
function joinCompoundDurations(found: FoundValue[], tokens: Token[], display: Display): FoundValue[] {
  const joined: FoundValue[] = [];
  for (const value of found) {
    const last = joined[joined.length - 1];
    const gap = last ? tokens.slice(last.end, value.start) : [];
    if (
      last &&
      last.data.kind === 'quantity' &&
      value.data.kind === 'quantity' &&
      last.data.dim === 'time' &&
      value.data.dim === 'time' &&
      last.data.amount > value.data.amount &&
      !last.data.spread &&
      !value.data.spread &&
      gap.length <= 1 &&
      gap.every((token) => DURATION_JOINS.has(token.lower))
    ) {
      joined[joined.length - 1] = {
        ...last,
        end: value.end,
        display: display(last.start, value.end),
        data: { ...last.data, amount: last.data.amount + value.data.amount, tolerance: value.data.tolerance },
      };
      continue;
    }
    joined.push(value);
  }
  return joined;
}
