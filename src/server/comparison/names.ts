// Proper names: runs of capitalised words ('Isaac Newton', 'Bank of England', 'Apollo 11'). A capital at
// the start of a sentence proves nothing, so a sentence-initial word counts only when the answers use it
// as a name elsewhere, it starts a multi-word name, or it never occurs in lower case.

import type { FoundValue } from './value-types';
import { MONTHS, UNITS, WEEKDAYS } from './units';
import { isNegator, STOP_WORDS, type Token } from './words';

export interface NameLexicon {
  /** Lower-cased words seen capitalised somewhere other than the start of a sentence. */
  midSentence: Set<string>;
  /** Words seen in lower case anywhere. */
  lowerCase: Set<string>;
}

const CONNECTORS = new Set(['of', 'the', 'de', 'da', 'di', 'van', 'von', 'der', 'den', 'del', 'la', 'le', 'du', 'bin', 'ibn', 'al', 'y']);
const TITLES = new Set(
  'sir dame dr mr mrs ms president king queen prince princess saint st lord lady general captain professor prof pope emperor empress'.split(
    ' ',
  ),
);
/** Words that name nothing on their own; a name made only of them must match exactly. */
const GENERIC = new Set(
  'united new north south east west mount mt river lake university great old upper lower central national royal city state states kingdom republic island islands sea ocean bay cape fort port empire war world'.split(
    ' ',
  ),
);

const SLOT_BEFORE = new Set(['is', 'was', 'are', 'were', 'by', 'became', 'become', 'named', 'called', 'as']);
const SLOT_AFTER = new Set(['is', 'was', 'are', 'were', 'has', 'had', 'became', 'remains', 'serves', 'wrote', 'built', 'made', 'won', 'led']);
const ARTICLES = new Set(['the', 'a', 'an']);

function isPredicative(tokens: Token[], start: number, end: number): boolean {
  let before = start - 1;
  while (before >= 0 && ARTICLES.has(tokens[before]?.lower ?? '')) before -= 1;
  if (SLOT_BEFORE.has(tokens[before]?.lower ?? '')) return true;
  const after = tokens[end];
  if (!after || after.kind !== 'word' || !/^[a-z]/.test(after.text)) return false;
  return SLOT_AFTER.has(after.lower) || (after.lower.endsWith('ed') && after.lower.length > 4);
}

function isCapitalised(token: Token): boolean {
  return token.kind === 'word' && (/^[A-Z]/.test(token.text) || /^[a-z]+[A-Z]/.test(token.text));
}

function canStartName(token: Token): boolean {
  const lower = token.lower.replace(/'s$/, '');
  return (
    isCapitalised(token) &&
    token.text !== 'I' &&
    !STOP_WORDS.has(lower) &&
    !isNegator(lower) &&
    MONTHS[lower] === undefined &&
    !WEEKDAYS.has(lower) &&
    !UNITS.has(lower)
  );
}

function isSentenceStart(tokens: Token[], i: number): boolean {
  const prev = tokens[i - 1];
  return i === 0 || prev?.text === ':' || prev?.text === '"';
}

export function addToLexicon(tokens: Token[], lexicon: NameLexicon): void {
  tokens.forEach((token, i) => {
    if (token.kind !== 'word') return;
    const lower = token.lower.replace(/'s$/, '');
    if (/^[a-z]/.test(token.text)) lexicon.lowerCase.add(lower);
    else if (!isSentenceStart(tokens, i) && canStartName(token)) lexicon.midSentence.add(lower);
  });
}

/** The words that identify a name: lower case, without possessive, titles, connectors and initials. */
export function nameKey(words: string[]): string[] {
  // 'U.S.' arrives as single letters: keep them as one word.
  if (words.length > 1 && words.every((word) => word.length === 1)) return [words.join('').toLowerCase()];
  return words
    .map((word) => word.toLowerCase().replace(/'s?$/, ''))
    .filter((word) => !CONNECTORS.has(word) && !TITLES.has(word) && word.length > 1);
}

/** Two names refer to the same thing when one's words are all in the other ('Newton' ~ 'Isaac Newton'). */
export function sameName(a: string[], b: string[]): boolean {
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  if (shorter.length === 0) return false;
  if (shorter.every((word) => GENERIC.has(word))) {
    return shorter.length === longer.length && shorter.every((word, k) => word === longer[k]);
  }
  return shorter.every((word) => longer.includes(word));
}

const initials = (key: string[]) => key.map((word) => word[0]).join('');

/**
 * Names that may be two spellings of one thing: a shared word stem ('East Germany', 'German Democratic
 * Republic') or an acronym ('GDR'). They neither agree nor conflict: aliases are not contradictions.
 */
export function relatedNames(a: string[], b: string[]): boolean {
  const stemsA = a.filter((word) => !GENERIC.has(word) && word.length >= 5).map((word) => word.slice(0, 5));
  if (b.some((word) => !GENERIC.has(word) && word.length >= 5 && stemsA.includes(word.slice(0, 5)))) return true;
  const acronym = (x: string[], y: string[]) => x.length === 1 && y.length > 1 && x[0] === initials(y);
  return acronym(a, b) || acronym(b, a);
}

export function extractNames(
  tokens: Token[],
  taken: boolean[],
  lexicon: NameLexicon,
  display: (start: number, end: number) => string,
): FoundValue[] {
  const found: FoundValue[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as Token;
    if (taken[i] || !canStartName(token)) continue;
    const words = [token.text];
    let end = i + 1;
    while (end < tokens.length && !/'s$/.test(tokens[end - 1]?.text ?? '')) {
      const next = tokens[end] as Token;
      if (taken[end]) break;
      if (isCapitalised(next) && !STOP_WORDS.has(next.lower) && MONTHS[next.lower] === undefined) {
        words.push(next.text);
        end += 1;
      } else if (CONNECTORS.has(next.text) && tokens[end + 1] && canStartName(tokens[end + 1] as Token)) {
        words.push(next.text);
        end += 1;
      } else if ((next.text === '-' || next.text === '.') && !next.spaceBefore && tokens[end + 1] && isCapitalised(tokens[end + 1] as Token)) {
        end += 1;
      } else if (next.kind === 'number' && /^\d{1,3}(?:\.\d{1,2})?$/.test(next.text) && !next.suffix && next.spaceBefore) {
        words.push(next.text);
        end += 1;
        break;
      } else {
        break;
      }
    }
    const first = token.lower.replace(/'s$/, '');
    if (isSentenceStart(tokens, i)) {
      const label = tokens[end]?.text === ':' || tokens[end]?.text === ',';
      const known = lexicon.midSentence.has(first) || (words.length > 1 && !label);
      const unknownWord = !lexicon.lowerCase.has(first) && !label && !/(?:ly|ed|ing)$/.test(first);
      if (!known && !unknownWord) {
        i = end - 1;
        continue;
      }
    }
    const key = nameKey(words);
    if (key.length > 0) {
      const predicative = isPredicative(tokens, i, end);
      found.push({ data: { kind: 'name', key, predicative }, start: i, end, display: display(i, end) });
      for (let k = i; k < end; k++) taken[k] = true;
    }
    i = end - 1;
  }
  return found;
}
