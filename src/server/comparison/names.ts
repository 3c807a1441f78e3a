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

const CONNECTORS = new Set([
  'of',
  'the',
  'de',
  'da',
  'di',
  'van',
  'von',
  'der',
  'den',
  'del',
  'la',
  'le',
  'du',
  'bin',
  'ibn',
  'al',
  'y',
]);
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
const SLOT_AFTER = new Set([
  'is',
  'was',
  'are',
  'were',
  'has',
  'had',
  'became',
  'remains',
  'serves',
  'wrote',
  'built',
  'made',
  'won',
  'led',
]);
const ARTICLES = new Set(['the', 'a', 'an']);
const PREPOSITIONS = new Set(['of', 'in', 'from', 'at', 'on', 'for', 'with', 'to', 'into', 'near', 'about']);

function isPredicative(tokens: Token[], start: number, end: number): boolean {
  let before = start - 1;
  while (before >= 0 && ARTICLES.has(tokens[before]?.lower ?? '')) before -= 1;
  const previous = tokens[before]?.lower ?? '';
  if (SLOT_BEFORE.has(previous)) return true;
  // 'The capital of Australia is ...': a name ending a prepositional phrase is not the one the verb is about.
  if (PREPOSITIONS.has(previous)) return false;
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
    !MONTHS.has(lower) &&
    !WEEKDAYS.has(lower) &&
    !UNITS.has(lower)
  );
}

/**
 * 'Jan Ingenhousz', 'June Carter', 'April Ryan': a month word (a date would have taken it with its day or
 * year) followed straight by a capitalised word that is no month or weekday starts a name.
 */
const MONTH_LEADS = new Set([
  'since',
  'until',
  'till',
  'during',
  'early',
  'late',
  'mid',
  'last',
  'next',
  'this',
  'every',
  'each',
]);

function isMonthNamedPerson(tokens: Token[], i: number): boolean {
  const token = tokens[i] as Token;
  const next = tokens[i + 1];
  // 'In June Britain voted': after a preposition the month is a time.
  if (PREPOSITIONS.has(tokens[i - 1]?.lower ?? '') || MONTH_LEADS.has(tokens[i - 1]?.lower ?? '')) return false;
  return (
    MONTHS.has(token.lower) &&
    isCapitalised(token) &&
    next !== undefined &&
    next.spaceBefore &&
    isCapitalised(next) &&
    canStartName(next)
  );
}

const SENTENCE_OPENERS = new Set([':', '"', '.', '!', '?']);

function isSentenceStart(tokens: Token[], i: number): boolean {
  return i === 0 || SENTENCE_OPENERS.has(tokens[i - 1]?.text ?? '');
}

export function addToLexicon(tokens: Token[], lexicon: NameLexicon): void {
  tokens.forEach((token, i) => {
    if (token.kind !== 'word') return;
    const lower = token.lower.replace(/'s$/, '');
    if (/^[a-z]/.test(token.text)) lexicon.lowerCase.add(lower);
    else if (!isSentenceStart(tokens, i) && canStartName(token)) lexicon.midSentence.add(lower);
  });
}

/**
 * Common second names of one thing: an alias is not a contradiction (issue 33, item 2). Each list's first
 * entry is the name the others stand for; entries are name keys (see nameKey) joined by spaces.
 */
const ALIASES: ReadonlyArray<readonly string[]> = [
  ['united states', 'us', 'usa', 'united states america', 'america'],
  ['united kingdom', 'uk', 'britain', 'great britain', 'united kingdom great britain northern ireland'],
  ['soviet union', 'ussr', 'union soviet socialist republics'],
  ['united nations', 'un'],
  ['european union', 'eu'],
  ['united arab emirates', 'uae'],
  ['china', 'prc', "people's republic china", 'peoples republic china'],
  ['world health organization', 'who'],
  ['new york city', 'nyc', 'new york'],
  ['netherlands', 'holland'],
  ['czech republic', 'czechia'],
  ['myanmar', 'burma'],
  ['eswatini', 'swaziland'],
  ['türkiye', 'turkey', 'turkiye'],
];
const CANONICAL_NAME = new Map(ALIASES.flatMap((names) => names.map((name) => [name, names[0]!.split(' ')] as const)));

/** Lower case without diacritics: 'Zürich' and 'Zurich' are one word. */
const folded = (word: string) => word.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/** The words that identify a name: lower case, without possessive, titles, connectors and initials. */
export function nameKey(words: string[]): string[] {
  // 'Vitamin C', 'Plan B': a last capital letter is what tells the name from its siblings, not an initial.
  const last = words.at(-1) ?? '';
  if (words.length > 1 && /^[A-Z]$/.test(last) && words[words.length - 2]!.length > 1) {
    words = [...words.slice(0, -2), `${words[words.length - 2]}-${last}`];
  }
  // 'U.S.' arrives as single letters: keep them as one word.
  const key =
    words.length > 1 && words.every((word) => word.length === 1)
      ? [folded(words.join(''))]
      : words
          .map((word) => folded(word).replace(/'s?$/, ''))
          .filter((word) => !CONNECTORS.has(word) && !TITLES.has(word) && word.length > 1);
  return CANONICAL_NAME.get(key.join(' ')) ?? key;
}

/** Two names refer to the same thing when one's words are all in the other ('Newton' ~ 'Isaac Newton'). */
export function sameName(a: string[], b: string[]): boolean {
  const shorter = a.length <= b.length ? a : b;
  const longer = a.length <= b.length ? b : a;
  if (shorter.length === 0) return false;
  let generic = true;
  for (const word of shorter) {
    if (!longer.includes(word)) return false;
    if (!GENERIC.has(word)) generic = false;
  }
  // 'United' is in 'United States' and 'United Kingdom': names made of generic words must match whole.
  return !generic || shorter.length === longer.length;
}

function initials(key: string[]): string {
  let result = '';
  for (const word of key) result += word[0];
  return result;
}

/**
 * Names that may be two spellings of one thing: a shared word stem ('East Germany', 'German Democratic
 * Republic') or an acronym ('GDR'). They neither agree nor conflict: aliases are not contradictions.
 */
export function relatedNames(a: string[], b: string[]): boolean {
  for (const x of a) {
    if (x.length < 5 || GENERIC.has(x)) continue;
    for (const y of b) {
      if (y.length >= 5 && !GENERIC.has(y) && x.slice(0, 5) === y.slice(0, 5)) return true;
    }
  }
  if (a.length === 1 && b.length > 1) return a[0] === initials(b);
  if (b.length === 1 && a.length > 1) return b[0] === initials(a);
  return false;
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
    if (taken[i] || !(canStartName(token) || isMonthNamedPerson(tokens, i))) continue;
    const words = [token.text];
    let end = i + 1;
    while (end < tokens.length && !/'s$/.test(tokens[end - 1]?.text ?? '')) {
      const next = tokens[end] as Token;
      if (taken[end]) break;
      if (isCapitalised(next) && !STOP_WORDS.has(next.lower) && !MONTHS.has(next.lower)) {
        words.push(next.text);
        end += 1;
      } else if (CONNECTORS.has(next.text) && tokens[end + 1] && canStartName(tokens[end + 1] as Token)) {
        words.push(next.text);
        end += 1;
      } else if (
        (next.text === '-' || next.text === '.') &&
        !next.spaceBefore &&
        tokens[end + 1] &&
        isCapitalised(tokens[end + 1] as Token)
      ) {
        end += 1;
      } else if (
        next.kind === 'number' &&
        /^\d{1,3}(?:\.\d{1,2})?$/.test(next.text) &&
        !next.suffix &&
        next.spaceBefore
      ) {
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
      // 'Valentina Tereshkova, a Soviet cosmonaut, ...': two capitalised words before a comma are a name;
      // before a colon they label a line ('Key facts:').
      const known = lexicon.midSentence.has(first) || (words.length > 1 && tokens[end]?.text !== ':');
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
