// Each answer's candidates for the value one part of the question asks for (main-values.ts compares
// them): values of the right kind, and lower-case things after a linking verb, each scored by the
// question's own words in its claim, bold and a first-sentence answer.

import type { Claim, ClaimValue } from './claims';
import { countryOf } from './place-names';
import { givenCount, type AnswerKind, type Expectation } from './question';
import type { ValueData } from './value-types';
import type { ValueSpans } from './value-spans';
import { isContentWord, stem, type Token } from './words';

/** One answer's answer to one part of the question. */
export interface MainValue {
  answer: number;
  claim: Claim;
  /** The value as the answer writes it. */
  display: string;
  /** The claim value it came from; absent for things and verdicts read from the words. */
  value?: ClaimValue;
  comparable: Comparable;
  score: number;
}

export type Comparable =
  | { kind: 'data'; data: ValueData }
  | { kind: 'name'; key: string[]; place: string | null }
  | { kind: 'thing'; stems: string[] }
  | { kind: 'verdict'; verdict: 'yes' | 'no' };

const WORKING_NOUNS = new Set([
  'part',
  'step',
  'way',
  'type',
  'kind',
  'factor',
  'reason',
  'method',
  'stag',
  'phas',
  'case',
  'option',
  'approach',
]);
const countsWorking = (role: string[], asked: Set<string>) =>
  role.length > 0 && WORKING_NOUNS.has(role[0]!) && !asked.has(role[0]!);

function dataFits(kind: AnswerKind, data: ValueData): boolean {
  if (data.kind === 'date') return kind === 'time' && data.year !== undefined;
  if (data.kind !== 'quantity') return false;
  const money = data.dim.startsWith('money');
  if (kind === 'money') return money;
  if (kind === 'proportion') return data.dim === 'percent';
  // 'How many times ...' is answered in times ('6.6 million times').
  if (kind === 'count') return data.dim === 'count' || data.dim === 'times';
  if (kind === 'quantity') return !money && data.dim !== 'percent';
  return false;
}

/** A year, number or name the question itself states is what the answers talk about, not their answer. */
function inQuestion(value: ClaimValue, asked: Set<string>): boolean {
  // 'World Wide Web Consortium' is about the question's subject, not an answer to 'who invented the World Wide Web'.
  if (value.data.kind === 'name')
    return 2 * value.data.key.filter((word) => asked.has(stem(word))).length >= value.data.key.length;
  // '50 rolls' where the question rolls 50 dice restates what it gives; '9 sheep' where it says 'all but 9 die' does not.
  const { data } = value;
  if (data.kind === 'quantity' && data.dim === 'count' && data.role.length > 0) {
    if (asked.has(givenCount(data.amount, data.role[0]!))) return true;
  }
  const digits = value.display.replace(/[^0-9]/g, '');
  if (digits.length >= 3 && asked.has(digits)) return true;
  // A figure in words the question writes too ('four out of five' games) restates the question.
  const words = value.display
    .toLowerCase()
    .split(/[^a-z0-9']+/)
    .filter(Boolean);
  return words.length >= 2 && /[a-z]/.test(value.display.toLowerCase()) && words.every((word) => asked.has(stem(word)));
}

const THING_TRIGGERS = new Set(
  'is are was were be becomes became causes cause caused called named known use used uses using leads lead led'.split(
    ' ',
  ),
);
const PHRASE_STOPS = new Set(
  `of in at for from with which that who whose until before after when since by on and or but as because while than
  to into during about like its their his her it is are was were has have had can will would`.split(/\s+/),
);
/** Openings that only point at the answer: 'It's the tiger', 'That is scurvy'. */
const POINTERS = new Set(["it's", 'it', "that's", 'that', 'this', 'is', 'was', 'the', 'a', 'an']);
const ARTICLES = new Set(['a', 'an', 'the']);
const MAX_THING_WORDS = 3;

/** The words of a lower-case answer after its verb ('causes scurvy', 'used the markka'), from token `i`. */
export function phraseAt(tokens: Token[], i: number): { start: number; end: number } | null {
  let j = i;
  while (ARTICLES.has(tokens[j]?.lower ?? '')) j += 1;
  const start = j;
  while (j < tokens.length && j - start < MAX_THING_WORDS) {
    const token = tokens[j] as Token;
    if (token.kind !== 'word' || PHRASE_STOPS.has(token.lower)) break;
    j += 1;
  }
  const words = tokens.slice(start, j);
  if (words.length === 0 || !words.some((token) => isContentWord(token.lower))) return null;
  return { start, end: j };
}

const PARTICLES = new Set(['in', 'up', 'out', 'on', 'to', 'as', 'from', 'off']);

/** A first sentence that is nothing but the answer ('It's the tiger.', '6 June 1944.') is the answer. */
const FRAGMENT_BONUS = 1;

interface ThingPhrase {
  display: string;
  stems: string[];
  at: number;
  fragment: boolean;
}

const CLASS_NOUNS = new Set(
  `method methods type types kind kinds way ways technique techniques tool tools process processes approach
  approaches system systems form forms part parts example examples set sets function functions step steps
  thing things option options journey task tasks concept concepts field fields term terms`.split(/\s+/),
);

function thingPhrases(claim: Claim, asked: Set<string>, expectation: Expectation): ThingPhrase[] {
  const head = expectation.head;
  const tokens = claim.tokens;
  const found: ThingPhrase[] = [];
  const consider = (span: { start: number; end: number } | null) => {
    if (!span) return;
    const words = tokens.slice(span.start, span.end);
    const stems = words.filter((token) => isContentWord(token.lower)).map((token) => stem(token.lower));
    const fresh = stems.filter((word) => !asked.has(word) && word !== (head && stem(head)));
    if (fresh.length === 0) return;
    // 'a widely used method', 'a specific type': a description by its class, not the name of a thing.
    if (CLASS_NOUNS.has(words.at(-1)?.lower ?? '')) return;
    const fragment = claim.index === 0 && tokens.slice(span.end).every((token) => token.kind === 'symbol');
    found.push({ display: words.map((token) => token.text).join(' '), stems: fresh, at: span.start, fragment });
  };
  // A fragment answer ('scurvy — common among sailors') or a sentence that opens with its answer ('Oxygen is').
  if (claim.index === 0) {
    let start = 0;
    while (start < tokens.length - 1 && POINTERS.has(tokens[start]!.lower)) start += 1;
    consider(phraseAt(tokens, start));
  }
  tokens.forEach((token, i) => {
    // After a linking verb ('causes scurvy') or after the question's own verb ('plants take in carbon dioxide').
    const next = tokens[i + 1]?.lower ?? '';
    // A question word used as a verb takes a particle or an article ('take in', 'use the'); 'largest lions' does not.
    const questionVerb =
      token.kind === 'word' &&
      expectation.focus.includes(stem(token.lower)) &&
      (PARTICLES.has(next) || ARTICLES.has(next));
    if (!THING_TRIGGERS.has(token.lower) && !questionVerb) return;
    consider(phraseAt(tokens, PARTICLES.has(next) ? i + 2 : i + 1));
  });
  return found;
}

/** Words a claim borrows from the sentence before ('His rival ...') say less about what it states. */
const INHERITED_FOCUS = 0.5;

/** Every word of a claim, stemmed: its content stems leave out ordinals ('first'), which questions use. */
const wordsOfClaim = new WeakMap<Claim, Set<string>>();
function claimWords(claim: Claim): Set<string> {
  let words = wordsOfClaim.get(claim);
  if (!words) {
    words = new Set(claim.tokens.filter((token) => token.kind === 'word').map((token) => stem(token.lower)));
    wordsOfClaim.set(claim, words);
  }
  return words;
}

function focusScore(claim: Claim, focus: string[]): number {
  let hits = 0;
  for (const word of focus) {
    if (claim.stems.includes(word) || claimWords(claim).has(word)) hits += 1;
    else if (claim.inherited.includes(word)) hits += INHERITED_FOCUS;
  }
  return hits;
}

/** A first sentence this short is the answer itself ('6 June 1944.', 'About 71%.'). */
const FRAGMENT_TOKENS = 8;

/** Early claims carry the answer; bold marks it; headings only label. */
function placeScore(claim: Claim, bold: boolean, introduced = false): number {
  const fragment = claim.index === 0 && claim.tokens.length <= FRAGMENT_TOKENS ? FRAGMENT_BONUS : 0;
  // A conclusion after working ('Therefore, there are 23 chickens') marks the answer as bold does.
  const concluded = claim.index > 0 && (introduced || isConclusion(claim)) ? 1 : 0;
  return (
    (claim.index === 0 ? 1 : 0) +
    fragment +
    Math.max(bold ? 1 : 0, concluded) +
    (claim.heading ? -2 : 0) -
    claim.index * 0.002
  );
}

/** A share of another whole ('1.2% of fresh water' when asked what share of Earth's water is fresh) is not the answer. */
const OTHER_WHOLE_PENALTY = 2;
const WHOLE_WORDS = 4;

function shareOfOther(claim: Claim, value: ClaimValue, expectation: Expectation): boolean {
  if (!expectation.of || claim.tokens[value.end]?.lower !== 'of') return false;
  const whole: string[] = [];
  for (let i = value.end + 1; i < claim.tokens.length && whole.length < WHOLE_WORDS; i++) {
    const token = claim.tokens[i] as Token;
    if (token.kind !== 'word' || ['is', 'are', 'was', 'were', 'that', 'which', 'and'].includes(token.lower)) break;
    if (isContentWord(token.lower)) whole.push(stem(token.lower.replace(/'s$/, '')));
  }
  const wanted = new Set(expectation.of);
  return whole.length > 0 && (whole.length !== wanted.size || !whole.every((word) => wanted.has(word)));
}

/** Sentences that give an answer's result after its working ('Therefore, ...', 'The answer is 42.'). */
const CONCLUSION =
  /^(?:therefore|thus|hence|so|in (?:conclusion|summary|total|short|the end)|overall|finally|as a result|this means|that means|the (?:final |correct |short )?answer|answer\b|the result|result\b|in all|altogether|all in all)\b|\b(?:the (?:final |correct )?answer is|final answer)\b/i;
/** An answer this short gives its answer anywhere; a longer one gives it first, in bold or as a conclusion. */
const SHORT_ANSWER_CLAIMS = 4;

/** Where an answer states its own answer rather than working, background or an aside (issue 33, item 1). */
function isAnswerPlace(claim: Claim, claims: Claim[], bold: boolean): boolean {
  if (claims.length <= SHORT_ANSWER_CLAIMS || claim.index === 0 || bold) return true;
  return isConclusion(claim) || isIntroducedResult(claims[claim.index - 1]);
}

/**
 * Whether the claim before announces a result line: 'So the total would be:' over '500,000,000 x 320 = 160
 * billion pages'.
 */
function isIntroducedResult(previous: Claim | undefined): previous is Claim {
  if (!previous || !/:\s*$/.test(previous.text)) return false;
  return /\b(?:total|answer|result|would be|comes to|works out)\b/i.test(previous.text);
}

/** How much of what is asked a sentence must restate to be taken as giving the answer ('The largest prime smaller than 72 is 71'). */
const RESTATED_SHARE = 0.5;
const MIN_RESTATED = 3;
const COPULAS = new Set(['is', 'are', 'was', 'were', 'equals', '=']);
const CLAUSE_EDGES = new Set([
  ',',
  ';',
  ':',
  '(',
  ')',
  'while',
  'whereas',
  'but',
  'although',
  'because',
  'and',
  'which',
  'so',
]);

/**
 * A clause that restates the question's own words for what is asked, then gives its value after 'is': 'The
 * largest prime number smaller than 72 is 71'. Returns where that subject starts, and the span after the copula
 * up to the clause's end; values in the subject (72) belong to the restated question, the one after answers it.
 */
function restatedAnswer(claim: Claim, focus: string[]): { subject: number; from: number; to: number } | null {
  if (focus.length === 0) return null;
  const needed = Math.max(MIN_RESTATED, Math.ceil(RESTATED_SHARE * focus.length));
  const { tokens } = claim;
  let subject = 0;
  for (let at = 0; at < tokens.length; at++) {
    const word = tokens[at]!.lower;
    if (CLAUSE_EDGES.has(word)) subject = at + 1;
    if (!COPULAS.has(word) || at === subject) continue;
    const stems = new Set(tokens.slice(subject, at).map((token) => stem(token.lower)));
    if (focus.filter((stemmed) => stems.has(stemmed)).length < needed) continue;
    // 'whose square is below 50 is 7': the clause's last copula gives the answer.
    let copula = at;
    let to = at + 1;
    for (; to < tokens.length && !CLAUSE_EDGES.has(tokens[to]!.lower); to++) {
      if (COPULAS.has(tokens[to]!.lower)) copula = to;
    }
    return { subject, from: copula + 1, to };
  }
  return null;
}

const conclusions = new WeakMap<Claim, boolean>();
/** Whether a claim concludes ('Therefore, ...'), read once per claim however many values it holds. */
function isConclusion(claim: Claim): boolean {
  let concludes = conclusions.get(claim);
  if (concludes === undefined) {
    concludes = CONCLUSION.test(claim.text.trim());
    conclusions.set(claim, concludes);
  }
  return concludes;
}

const RATE_PERIOD = /^(?:second|minute|hour|day|night|week|month|year|decade|century)s?$/;

function rateNotAsked(claim: Claim, value: ClaimValue, expectation: Expectation): boolean {
  // Only for counts: 'eight hours a night' answers 'how many hours of sleep', which means a night.
  if (expectation.kind !== 'count') return false;
  // After the figure and what it counts ('3 kernels per filter'), a rate's 'per', 'each' or 'a'.
  let at = value.end;
  while (
    at < value.end + 2 &&
    claim.tokens[at]?.kind === 'word' &&
    !/^(?:per|a|an|each|every)$/.test(claim.tokens[at]!.lower)
  )
    at += 1;
  const [per, period] = [claim.tokens[at], claim.tokens[at + 1]];
  if (!per || !period || period.kind !== 'word') return false;
  // 'per filter' makes a rate of anything; 'a' only of time ('20 times a minute').
  const rate =
    /^(?:per|each|every|\/)$/.test(per.lower) || (/^(?:a|an)$/.test(per.lower) && RATE_PERIOD.test(period.lower));
  if (!rate) return false;
  const unit = period.lower.replace(/s$/, '');
  return !new RegExp(`\\b(?:per|a|an|each|every) ${unit}\\b`).test(expectation.part ?? '');
}

function echoesBound(bound: string, expectation: Expectation): boolean {
  const part = expectation.part ?? '';
  if (bound === 'lower') return /\b(?:at least|minimum|fewest|least number|no less than|no fewer than)\b/.test(part);
  if (bound === 'upper') return /\b(?:at most|maximum|most number|no more than)\b/.test(part);
  return false;
}

/** Nouns that count whatever the question counts ('433 items' of clothing, '434 pieces'). */
const ANY_COUNTED = new Set(['item', 'piec', 'unit', 'thing', 'object', 'one']);

function countsSomethingElse(data: ValueData, expectation: Expectation, asked: Set<string>): boolean {
  if (data.kind !== 'quantity' || data.dim !== 'count' || data.role.length === 0) return false;
  if (ANY_COUNTED.has(data.role[0]!)) return false;
  // 'How many pages': '500 million books' counts something else, though the question names books too.
  if (expectation.counted && !data.role.some((word) => expectation.counted!.includes(word))) return true;
  return data.role.some((word) => asked.has(word)) && !data.role.some((word) => expectation.focus.includes(word));
}

export function candidatesOf(
  answer: number,
  claims: Claim[],
  expectation: Expectation,
  asked: Set<string>,
  spans: ValueSpans,
): MainValue[] {
  const found: MainValue[] = [];
  for (const claim of claims) {
    // An announced result line says what it is in the sentence that announces it.
    const previous = claims[claim.index - 1];
    const introduced = isIntroducedResult(previous);
    const focus = Math.max(
      focusScore(claim, expectation.focus),
      introduced ? focusScore(previous, expectation.focus) : 0,
    );
    if (expectation.kind === 'thing') {
      for (const phrase of thingPhrases(claim, asked, expectation)) {
        const bold = spans.boldWords(answer, phrase.display);
        // A lower-case phrase is a thing's name only where the answer opens with it or sets it in bold;
        // anywhere else it is as likely a description (issue 33, item 1).
        if (claim.index !== 0 && !bold) continue;
        found.push({
          answer,
          claim,
          display: phrase.display,
          comparable: { kind: 'thing', stems: phrase.stems },
          score:
            focus +
            placeScore(claim, bold) +
            (phrase.fragment && claim.tokens.length > FRAGMENT_TOKENS ? FRAGMENT_BONUS : 0) -
            phrase.at * 0.01,
        });
      }
      continue;
    }
    const restated = claim.values.length > 0 ? restatedAnswer(claim, expectation.focus) : null;
    for (const value of claim.values) {
      if (inQuestion(value, asked)) continue;
      const bold = spans.isBold(value);
      if (restated && value.start >= restated.subject && value.start < restated.from) continue;
      const restatedValue = restated !== null && value.start >= restated.from && value.start < restated.to;
      if (!restatedValue && !isAnswerPlace(claim, claims, bold)) continue;
      if (value.data.kind === 'name') {
        if (expectation.kind !== 'person' && expectation.kind !== 'place' && expectation.kind !== 'list') continue;
        // 'Medium:' in 'Artist: Leonardo da Vinci … Medium: oil on panel' labels a field; it names nothing.
        // In a list, 'France: 1945' is a member with its detail, not a label.
        const label = claim.tokens[value.end]?.text === ':' && expectation.kind !== 'list';
        if (/'s?$/.test(value.display) || label) continue;
        const place = countryOf(value.data.key.join(' '));
        const comparable: Comparable = { kind: 'name', key: value.data.key, place };
        const predicative = value.data.predicative ? 0.25 : 0;
        // 'Soviet' in 'Valentina Tereshkova, a Soviet cosmonaut' describes the person; a team can still be a
        // country, and a person is usually named in full at least once.
        const nationality = expectation.kind === 'person' && (place || value.data.key.length < 2) ? -1 : 0;
        found.push({
          answer,
          claim,
          display: value.display,
          value,
          comparable,
          score: focus + placeScore(claim, bold, introduced) + predicative + nationality,
        });
        continue;
      }
      if (!dataFits(expectation.kind, value.data)) continue;
      // 'Two parts', 'three steps' count the answer's own working, unless the question counts them too.
      if (value.data.kind === 'quantity' && value.data.dim === 'count' && countsWorking(value.data.role, asked))
        continue;
      // '20 times per minute' is a rate: it answers 'how many times a minute', not 'how many in a lifetime'.
      if (rateNotAsked(claim, value, expectation)) continue;
      // A count of something the question names but does not ask to count ('two endpoints', '35 heads') restates it.
      if (countsSomethingElse(value.data, expectation, asked)) continue;
      // 'At least 434' answers 'how many must they sell at least': the bound is the question's, the figure exact.
      const data = value.data;
      const echoed = data.kind === 'quantity' && echoesBound(data.bound, expectation);
      const comparable: Comparable = { kind: 'data', data: echoed ? { ...data, bound: 'exact' } : data };
      const share = shareOfOther(claim, value, expectation) ? -OTHER_WHOLE_PENALTY : 0;
      found.push({
        answer,
        claim,
        display: value.display,
        value,
        comparable,
        score: focus + placeScore(claim, bold, introduced) + share,
      });
    }
  }
  return found;
}
