// Facts beyond the question (comparison issue, item 1, long answers): two answers often state the same
// fact in nearly the same sentence ('Franz Ferdinand was assassinated in Sarajevo by Gavrilo Princip').
// Claims of different answers whose distinctive words mostly coincide are twins; a twin pair in which
// each side holds exactly one value of a kind the other lacks, and neither answer states the other's
// value in a twin of its own, is a conflict. Cost: one pass over claim pairs sharing a word.

import type { Claim, ClaimValue } from './claims';
import { countryOf } from './place-names';
import { relate, relateIgnoringRoles, sameNameOrPlace } from './value-compare';
import { isContentWord, stem } from './words';

const COMMON_SHARE = 0.15;
const MIN_COMMON = 12;
/** Weighted share of distinctive words two claims must have in common to state the same fact. */
const TWIN_SIMILARITY = 0.3;
/** ...of which words alone (values aside) must make this much: a shared date or name does not make two sentences one fact. */
const TWIN_WORDS = 0.3;
const TWIN_NAME_SIMILARITY = 0.4;
/** A twin this much less alike than the best still counts when it states the other answer's value. */
const TWIN_MARGIN = 0.15;

export interface TwinConflict {
  sides: ClaimValue[][];
}

function sortOf(value: ClaimValue): string | null {
  const data = value.data;
  if (data.kind === 'date') return data.year !== undefined ? 'date' : null;
  if (data.kind === 'quantity') return data.dim === 'count' && data.role.length === 0 ? null : `q:${data.dim}`;
  if (data.kind === 'name') return 'name';
  return null;
}

const countries = new WeakMap<ClaimValue, string | null>();
/** The country a name stands for, looked up once per value. */
function countryOfValue(value: ClaimValue): string | null {
  let country = countries.get(value);
  if (country === undefined) {
    country = value.data.kind === 'name' ? countryOf(value.data.key.join(' ')) : null;
    countries.set(value, country);
  }
  return country;
}

function same(a: ClaimValue, b: ClaimValue): boolean {
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

/** The one value of a sort in `claim` that `other` does not state, when there is exactly one. */
function precision(value: ClaimValue): number {
  const data = value.data;
  return data.kind === 'date' ? (data.day !== undefined ? 3 : data.month !== undefined ? 2 : 1) : 1;
}

function unmatched(claim: Claim, other: Claim, sort: string): ClaimValue[] {
  // '9 January 2009' is not stated by a bare '2009' beside it: only values as precise count.
  return claim.values.filter(
    (v) =>
      sortOf(v) === sort &&
      !other.values.some((w) => precision(w) >= precision(v) && v.data.kind === w.data.kind && same(v, w)),
  );
}

const ARTICLES = new Set(['the', 'a', 'an']);
const PREPOSITIONS = new Set(['in', 'at', 'from', 'to', 'by', 'on', 'near', 'into', 'with', 'for']);
/** The word before a value, which says what slot it fills ('assassinated in _', 'died in _'); articles say nothing. */
const wordBefore = (value: ClaimValue) => {
  const word = value.claim.tokens[value.start - 1]?.lower ?? '';
  return ARTICLES.has(word) || !/^[a-z]/.test(word) ? '' : word;
};

/**
 * The pair of values of one sort that the two claims state differently: the only unmatched value on
 * each side, or, among several, the one pair that follows the same word in both claims.
 */
export function differingPair(a: Claim, b: Claim, sort: string): [ClaimValue, ClaimValue] | null {
  const ours = unmatched(a, b, sort);
  const theirs = unmatched(b, a, sort);
  if (ours.length === 0 || theirs.length === 0) return null;
  const slotted = ours.flatMap((v) =>
    theirs
      .filter((w) => wordBefore(v) !== '' && wordBefore(v) === wordBefore(w))
      .filter((w) => sort !== 'name' || PREPOSITIONS.has(wordBefore(w)))
      .map((w) => [v, w] as [ClaimValue, ClaimValue]),
  );
  if (slotted.length === 1) return slotted[0]!;
  // Names recur in every role; without the same preposition before them two names are not one slot.
  if (sort === 'name' || ours.length !== 1 || theirs.length !== 1) return null;
  return [ours[0]!, theirs[0]!];
}

export function differingSorts(a: Claim, b: Claim): number {
  // Names are left out: asides name different people and places without telling a different fact.
  const sorts = new Set(
    [...a.values, ...b.values].map(sortOf).filter((sort): sort is string => sort !== null && sort !== 'name'),
  );
  return [...sorts].filter((sort) => unmatched(a, b, sort).length > 0 && unmatched(b, a, sort).length > 0).length;
}

/** A shared date or figure ('28 June 1914') ties two sentences to one event; a shared name ('the Dow') does not. */
export const sharesValue = (a: Claim, b: Claim) =>
  a.values.some(
    (v) =>
      v.data.kind !== 'name' && sortOf(v) !== null && b.values.some((w) => v.data.kind === w.data.kind && same(v, w)),
  );

/** Words of a label line's label ('Halving interval: every 210,000 blocks'), or null for a sentence. */
/** A label line's value is short: a figure, a name, a few words of detail. */
const LABEL_VALUE_WORDS = 10;

function labelOf(claim: Claim): Set<string> | null {
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

export function findTwinConflicts(answers: Claim[][], settledClaims: Set<number>): TwinConflict[] {
  const weights = new Weights(answers.flat());
  const byWord = new Map<string, Claim[]>();
  for (const claim of answers.flat()) {
    if (claim.heading || claim.values.length === 0) continue;
    for (const word of claim.stems) {
      const list = byWord.get(word);
      if (list) list.push(claim);
      else byWord.set(word, [claim]);
    }
  }
  const twins = new Map<number, { claim: Claim; score: number }[]>();
  const all = answers.flat();
  // A word in many claims pairs everything with everything and says little: pairs are found through rarer words.
  const common = Math.max(MIN_COMMON, COMMON_SHARE * all.length);
  // Which claim last looked at each claim (by id): each pair is weighed once.
  const lastSeenBy = new Int32Array(all.reduce((max, claim) => Math.max(max, claim.id + 1), 0)).fill(-1);
  for (const a of all) {
    if (a.heading || a.values.length === 0) continue;
    for (const word of a.stems) {
      const claims = byWord.get(word)!;
      if (claims.length > common) continue;
      for (const b of claims) {
        if (a.answer >= b.answer || lastSeenBy[b.id] === a.id) continue;
        lastSeenBy[b.id] = a.id;
        // Words alone first: cheap, and a pair needs them anyway (TWIN_WORDS).
        if (weights.similarity(a, b, false) < TWIN_WORDS - TWIN_MARGIN) continue;
        const score = weights.similarity(a, b);
        if (score < TWIN_SIMILARITY - TWIN_MARGIN) continue;
        for (const [x, y] of [
          [a, b],
          [b, a],
        ] as const) {
          const list = twins.get(x.id);
          if (list) list.push({ claim: y, score });
          else twins.set(x.id, [{ claim: y, score }]);
        }
      }
    }
  }
  /**
   * Whether answer `answer` states `value` in a claim nearly as like `claim` in words as `twin` is (words
   * only: the shared value itself would make any claim stating it look alike).
   */
  const states = (claim: Claim, twin: Claim, answer: number, value: ClaimValue) => {
    const best = weights.similarity(claim, twin, false);
    return (twins.get(claim.id) ?? []).some(
      (t) =>
        t.claim.answer === answer &&
        t.claim !== twin &&
        weights.similarity(claim, t.claim, false) >= best - TWIN_MARGIN &&
        t.claim.values.some((w) => sortOf(w) === sortOf(value) && same(value, w)),
    );
  };

  const claimById = new Map(answers.flat().map((claim) => [claim.id, claim]));
  const conflicts: TwinConflict[] = [];
  const used = new Set<number>();
  for (const [id, list] of twins) {
    for (const { claim: b, score } of list) {
      const a = claimById.get(id);
      if (!a || a.answer >= b.answer || score < TWIN_SIMILARITY) continue;
      if (settledClaims.has(a.id) || settledClaims.has(b.id) || a.negated !== b.negated) continue;
      if (differentLabels(a, b)) continue;
      // Only the best twin of each claim in the other answer speaks for it.
      const bestForA = Math.max(...list.filter((t) => t.claim.answer === b.answer).map((t) => t.score));
      if (score < bestForA) continue;
      for (const sort of new Set(a.values.map(sortOf).filter((s): s is string => s !== null))) {
        // Two sentences that differ in every figure they give ('two days … a quarter', 'three years … 89%')
        // are about different stretches of the story, not one fact told two ways.
        if (differingSorts(a, b) > 1 && !sharesValue(a, b)) continue;
        const pair = differingPair(a, b, sort);
        if (!pair) continue;
        const [va, vb] = pair;
        if (used.has(va.id) || used.has(vb.id)) continue;
        // Names differ by coincidence more than figures do: two lone names must stand in closely alike claims.
        if (va.data.kind === 'name' && score < TWIN_NAME_SIMILARITY) continue;
        const words = weights.similarity(a, b, false);
        if (words < TWIN_WORDS) continue;
        if (relate(va.data, vb.data) === 'incomparable' && va.data.kind !== 'name') continue;
        if (states(b, a, a.answer, vb) || states(a, b, b.answer, va)) continue;
        used.add(va.id);
        used.add(vb.id);
        conflicts.push({ sides: [[va], [vb]] });
      }
    }
  }
  return [
    ...conflicts,
    ...listConflicts(answers, settledClaims, weights, used),
    ...recordConflicts(answers, settledClaims, used),
    ...slotConflicts(answers, settledClaims, used),
  ];
}

const LIST_JOINERS = new Set([',', 'and', 'or', '&']);
/** Two lists in claims this alike in words (values aside) may name one set of things. */
const LIST_WORDS = 0.15;

/** Runs of two or more names joined only by commas, 'and' or 'or' ('Maine and Nebraska'). */
function namedLists(claim: Claim): ClaimValue[][] {
  const lists: ClaimValue[][] = [];
  let run: ClaimValue[] = [];
  const names = claim.values.filter((value) => value.data.kind === 'name');
  names.forEach((name, k) => {
    const previous = names[k - 1];
    const joined =
      previous !== undefined &&
      name.start > previous.end &&
      claim.tokens.slice(previous.end, name.start).every((token) => LIST_JOINERS.has(token.lower));
    if (joined) run.push(name);
    else {
      if (run.length >= 2) lists.push(run);
      run = [name];
    }
  });
  if (run.length >= 2) lists.push(run);
  return lists;
}

const mentions = (claims: Claim[], name: ClaimValue) =>
  claims.some((claim) => claim.values.some((value) => value.data.kind === 'name' && same(value, name)));

/**
 * Two answers list the same number of things in related claims, all alike but one ('Maine and Nevada',
 * 'Maine and Nebraska'), and neither answer names the other's odd one anywhere: the lists conflict on
 * that member. A third answer listing the same members as one side stands on that side.
 */
function listConflicts(
  answers: Claim[][],
  settledClaims: Set<number>,
  weights: Weights,
  used: Set<number>,
): TwinConflict[] {
  const listsOf = answers.map((claims) =>
    claims.filter((claim) => !claim.heading && !settledClaims.has(claim.id)).flatMap(namedLists),
  );
  const oddOnes = (list: ClaimValue[], other: ClaimValue[]) => list.filter((v) => !other.some((w) => same(v, w)));
  const conflicts: TwinConflict[] = [];
  for (let i = 0; i < answers.length; i++) {
    for (let j = i + 1; j < answers.length; j++) {
      for (const a of listsOf[i]!) {
        for (const b of listsOf[j]!) {
          if (a.length !== b.length) continue;
          const [oddA, oddB] = [oddOnes(a, b), oddOnes(b, a)];
          if (oddA.length !== 1 || oddB.length !== 1) continue;
          const [va, vb] = [oddA[0]!, oddB[0]!];
          if (used.has(va.id) || used.has(vb.id)) continue;
          if (weights.similarity(va.claim, vb.claim, false) < LIST_WORDS) continue;
          if (mentions(answers[j]!, va) || mentions(answers[i]!, vb)) continue;
          const sides: ClaimValue[][] = [[va], [vb]];
          // The other answers take the side whose whole list they give.
          answers.forEach((_, k) => {
            if (k === i || k === j) return;
            for (const [side, list] of [
              [sides[0]!, a],
              [sides[1]!, b],
            ] as const) {
              const match = listsOf[k]!.find((c) => c.length === list.length && oddOnes(c, list).length === 0);
              const member = match?.find((v) => same(v, side[0]!));
              if (member && !sides.flat().some((v) => v.claim.answer === k)) side.push(member);
            }
          });
          for (const value of sides.flat()) used.add(value.id);
          conflicts.push({ sides });
        }
      }
    }
  }
  return conflicts;
}

/** Short lines keyed by a date: table rows and label lines ('Summer 2032: Brisbane'). */
const RECORD_WORDS = 12;

function isRecord(claim: Claim): boolean {
  return (
    !claim.heading &&
    claim.tokens.filter((token) => token.kind === 'word').length <= RECORD_WORDS &&
    claim.values.some((value) => value.data.kind === 'date')
  );
}

/** The names of a record that say what it records: countries are where, not which ('Brisbane, Australia'). */
const recordNames = (claim: Claim) =>
  claim.values.filter((value) => value.data.kind === 'name' && countryOfValue(value) === null);

/**
 * Two records of one key, a date and another word they share ('Summer 2032'), that name one thing each
 * the other does not ('Melbourne', 'Brisbane'), where neither answer names the other's anywhere: they
 * conflict on it. A third answer's record of the same key naming one side's thing stands on that side.
 */
function recordConflicts(answers: Claim[][], settledClaims: Set<number>, used: Set<number>): TwinConflict[] {
  const recordsOf = answers.map((claims) => claims.filter((claim) => isRecord(claim) && !settledClaims.has(claim.id)));
  const sameKey = (a: Claim, b: Claim) =>
    a.values.some(
      (v) =>
        v.data.kind === 'date' &&
        b.values.some((w) => w.data.kind === 'date' && precision(v) === precision(w) && same(v, w)),
    ) &&
    (a.stems.some((word) => b.stems.includes(word)) ||
      recordNames(a).some((v) => recordNames(b).some((w) => same(v, w))));
  // Naming the other's thing under another date ('Melbourne in 1956') does not state it for this key.
  const mentionsUnder = (claims: Claim[], name: ClaimValue) =>
    claims.some(
      (claim) =>
        claim.values.some((v) => v.data.kind === 'name' && same(v, name)) &&
        claim.values.some(
          (v) => v.data.kind === 'date' && name.claim.values.some((w) => w.data.kind === 'date' && same(v, w)),
        ),
    );
  const odd = (a: Claim, b: Claim) => recordNames(a).filter((v) => !recordNames(b).some((w) => same(v, w)));
  const conflicts: TwinConflict[] = [];
  for (let i = 0; i < answers.length; i++) {
    for (let j = i + 1; j < answers.length; j++) {
      for (const a of recordsOf[i]!) {
        for (const b of recordsOf[j]!) {
          if (!sameKey(a, b)) continue;
          const [oddA, oddB] = [odd(a, b), odd(b, a)];
          if (oddA.length !== 1 || oddB.length !== 1) continue;
          const [va, vb] = [oddA[0]!, oddB[0]!];
          if (used.has(va.id) || used.has(vb.id)) continue;
          if (mentionsUnder(answers[j]!, va) || mentionsUnder(answers[i]!, vb)) continue;
          const sides: ClaimValue[][] = [[va], [vb]];
          answers.forEach((_, k) => {
            if (k === i || k === j) return;
            for (const side of sides) {
              const record = recordsOf[k]!.find((c) => sameKey(c, side[0]!.claim));
              const member = record?.values.find((v) => v.data.kind === 'name' && same(v, side[0]!));
              if (member && !sides.flat().some((v) => v.claim.answer === k)) side.push(member);
            }
          });
          for (const value of sides.flat()) used.add(value.id);
          conflicts.push({ sides });
        }
      }
    }
  }
  return conflicts;
}

/** Words between a verb and the date it governs ('completed in 1887', 'opened on 31 March'). */
const SLOT_LINKS = new Set(['in', 'on', 'at', 'by', 'around', 'about', 'during', 'the', 'early', 'late', 'mid']);
/** Irregular participles that take a date as -ed verbs do. */
const PARTICIPLES = new Set([
  'built',
  'born',
  'begun',
  'won',
  'held',
  'made',
  'laid',
  'sold',
  'shot',
  'struck',
  'sunk',
]);

/** The verb a date is the date of: 'completed' in 'was completed in 1887' and in a label 'Completed: March 1889'. */
function slotOf(value: ClaimValue): string | null {
  const tokens = value.claim.tokens;
  let k = value.start - 1;
  while (k >= 0 && SLOT_LINKS.has(tokens[k]!.lower)) k -= 1;
  let verb = tokens[k];
  if (verb?.text === ':' && k === 1) verb = tokens[0];
  if (!verb || verb.kind !== 'word' || !isContentWord(verb.lower)) return null;
  if (!verb.lower.endsWith('ed') && !PARTICIPLES.has(verb.lower)) return null;
  return stem(verb.lower);
}

/** Words that make an answer's topic: in this share of its claims ('tower' in an answer about the Eiffel Tower). */
const TOPIC_SHARE = 0.15;

/**
 * A verb that each answer dates exactly once, with dates that differ ('was completed in 1887',
 * 'Completed: March 1889'): the answers disagree on when it happened. The two sentences must share a
 * word beyond the verb, unless one is a label line, whose subject is the answer's own; then the other
 * sentence's subject must be a topic word of both answers.
 */
function slotConflicts(answers: Claim[][], settledClaims: Set<number>, used: Set<number>): TwinConflict[] {
  const slots = answers.map((claims) => {
    const bySlot = new Map<string, ClaimValue[]>();
    for (const claim of claims) {
      if (claim.heading || settledClaims.has(claim.id)) continue;
      for (const value of claim.values) {
        if (value.data.kind !== 'date' || value.data.year === undefined) continue;
        const slot = slotOf(value);
        if (slot) bySlot.set(slot, [...(bySlot.get(slot) ?? []), value]);
      }
    }
    return bySlot;
  });
  // A claim's words and the words of the names it gives ('Eiffel Tower').
  const wordsOf = (claim: Claim) => [
    ...new Set([
      ...claim.stems,
      ...claim.values.flatMap((value) => (value.data.kind === 'name' ? value.data.key : [])),
    ]),
  ];
  const topics = answers.map((claims) => {
    const counts = new Map<string, number>();
    for (const claim of claims) for (const word of wordsOf(claim)) counts.set(word, (counts.get(word) ?? 0) + 1);
    return new Set([...counts].filter(([, n]) => n >= TOPIC_SHARE * claims.length).map(([word]) => word));
  });
  const conflicts: TwinConflict[] = [];
  for (let i = 0; i < answers.length; i++) {
    for (let j = i + 1; j < answers.length; j++) {
      for (const [slot, ours] of slots[i]!) {
        const theirs = slots[j]!.get(slot);
        if (!theirs || ours.length !== 1 || theirs.length !== 1) continue;
        const [va, vb] = [ours[0]!, theirs[0]!];
        if (used.has(va.id) || used.has(vb.id) || relate(va.data, vb.data) !== 'different') continue;
        const [a, b] = [va.claim, vb.claim];
        // 'Python 2.0 followed in 2000 … and Python 3.0 arrived in 2008' also states the other's 2008.
        if (a.values.some((v) => same(v, vb)) || b.values.some((w) => same(w, va))) continue;
        const shared = a.stems.filter((word) => word !== slot && b.stems.includes(word));
        const labelled = labelOf(a) !== null ? b : labelOf(b) !== null ? a : null;
        const aboutTopic =
          labelled !== null && wordsOf(labelled).some((word) => topics[i]!.has(word) && topics[j]!.has(word));
        if (shared.length === 0 && !aboutTopic) continue;
        const sides: ClaimValue[][] = [[va], [vb]];
        // Another answer that dates the verb once stands with the date it gives.
        slots.forEach((other, k) => {
          const only = other.get(slot);
          if (k === i || k === j || only?.length !== 1) return;
          sides.find((side) => same(side[0]!, only[0]!))?.push(only[0]!);
        });
        for (const value of sides.flat()) used.add(value.id);
        conflicts.push({ sides });
      }
    }
  }
  return conflicts;
}

/** 'Assassinated Franz Ferdinand': the distinctive words both claims share, for the card's topic. */
export function topicOfTwin(twin: TwinConflict): string {
  const [a, b] = [twin.sides[0]?.[0]?.claim, twin.sides[1]?.[0]?.claim];
  if (!a || !b) return 'Conflicting figures';
  const shared = a.tokens.filter(
    (t) =>
      t.kind === 'word' &&
      /^[A-Za-z]/.test(t.text) &&
      t.text.length > 3 &&
      b.stems.length > 0 &&
      b.tokens.some((u) => u.lower === t.lower) &&
      !/^(?:that|this|with|from|which|were|when|their|have|been|into|they)$/i.test(t.text),
  );
  const words = [...new Set(shared.map((t) => t.text))].slice(0, 5).join(' ');
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Conflicting figures';
}
