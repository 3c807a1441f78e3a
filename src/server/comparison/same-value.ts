// The one notion of "the same value" (issue 33, item 6): the comparison, Settle this's verdict, the judge's
// verification, the Parallax answer and the exports all ask here whether two values as written mean the
// same. Values are read as typed values first (330 m = 330 metres = 1,083 ft within the written precision,
// 1.2 × 10^6 = 1,200,000, 9 November 1989 = 1989-11-09); what reads as no typed value is compared as a
// name: case, diacritics, punctuation, articles and a plural's s do not make two values different.

import { buildClaims } from './claims';
import { relate, relateIgnoringRoles } from './value-compare';
import { nameKey, relatedNames, sameName } from './names';
import { optionLetterOf } from './options';
import type { ValueData } from './value-types';

/** 'same': they mean one value; 'different': incompatible; 'unknown': not comparable as written. */
export type ValueVerdict = 'same' | 'different' | 'unknown';

/** Values read so far: a dispute's values are compared many times over (judge verification, marks). */
const readValues = new Map<string, ValueData | null>();
const READ_VALUES_KEPT = 2000;

/**
 * The one typed value a short text states, when it states one: '330 m (1,083 ft)' states one value twice,
 * and is that value.
 */
function typedValue(text: string): ValueData | null {
  const known = readValues.get(text);
  if (known !== undefined) return known;
  const [claims] = buildClaims([text]);
  const typed = (claims ?? []).flatMap((claim) => claim.values).filter((value) => value.data.kind !== 'name');
  const [first] = typed;
  const one = first && typed.every((value) => relate(value.data, first.data) === 'same') ? first.data : null;
  if (readValues.size >= READ_VALUES_KEPT) readValues.clear();
  readValues.set(text, one);
  return one;
}

/** A bare figure against a figure with a unit: read the bare one in the other's unit ('330' and '330 metres'). */
function inUnitOf(bare: string, withUnit: string): ValueData | null {
  const unit = withUnit.replace(/^[^\d]*[\d.,\s]+/, '').trim();
  return /^[\d.,\s-]+$/.test(bare.trim()) && unit ? typedValue(`${bare.trim()} ${unit}`) : null;
}

/** Lower case, without diacritics, punctuation and leading article, each word without a plural s. */
export function nameWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word, i) => word !== '' && !(i === 0 && /^(the|a|an)$/.test(word)))
    .map((word) => (word.length > 3 && /[^s]s$/.test(word) ? word.slice(0, -1) : word));
}

export function compareWrittenValues(a: string, b: string): ValueVerdict {
  // Options chosen in a multiple-choice question are one value when they name one letter.
  const [optionA, optionB] = [optionLetterOf(a), optionLetterOf(b)];
  if (optionA && optionB) return optionA === optionB ? 'same' : 'different';
  let x = typedValue(a);
  let y = typedValue(b);
  if (x && y && x.kind === 'quantity' && y.kind === 'quantity' && x.dim !== y.dim) {
    if (x.dim === 'count') x = inUnitOf(a, b) ?? x;
    else if (y.dim === 'count') y = inUnitOf(b, a) ?? y;
  }
  if (x && y) {
    const relation = relateIgnoringRoles(x, y);
    if (relation === 'same') return 'same';
    if (relation === 'different') return 'different';
  }
  const wordsA = nameWords(a);
  const wordsB = nameWords(b);
  if (wordsA.length === 0 || wordsB.length === 0) return 'unknown';
  if (wordsA.join(' ') === wordsB.join(' ')) return 'same';
  // One typed value against text that states none: a figure and a sentence are not two values of one fact.
  if ((x === null) !== (y === null)) return 'unknown';
  if (x && y) return 'unknown';
  const rawWords = (text: string) => text.split(/[^\p{L}\p{N}']+/u).filter(Boolean);
  const keyA = nameKey(rawWords(a));
  const keyB = nameKey(rawWords(b));
  if (keyA.join(' ') === keyB.join(' ')) return 'same';
  if (sameName(keyA, keyB)) return 'same';
  if (relatedNames(keyA, keyB)) return 'unknown';
  return 'different';
}

export const sameWrittenValue = (a: string, b: string): boolean => compareWrittenValues(a, b) === 'same';
