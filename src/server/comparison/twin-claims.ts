// Facts beyond the question (comparison issue, item 1, long answers): two answers often state the same
// fact in nearly the same sentence ('Franz Ferdinand was assassinated in Sarajevo by Gavrilo Princip').
// Claims of different answers whose distinctive words mostly coincide are twins; a twin pair in which
// each side holds exactly one value of a kind the other lacks, and neither answer states the other's
// value in a twin of its own, is a conflict. Cost: one pass over claim pairs sharing a word.

import type { Claim, ClaimValue } from './claims';
import { differentLabels, precision, same, sortOf, type TwinConflict, type Weights } from './claim-pairs';
import { relate } from './value-compare';

const COMMON_SHARE = 0.15;
const MIN_COMMON = 12;
/**
 * ...and never more claims than this, however long the answers: a share of the claims would let each
 * claim meet a share of all the others, which grows with their square (issue 32, H2; decision 0058).
 */
const MAX_COMMON = 64;
/** Weighted share of distinctive words two claims must have in common to state the same fact. */
const TWIN_SIMILARITY = 0.3;
/** ...of which words alone (values aside) must make this much: a shared date or name does not make two sentences one fact. */
const TWIN_WORDS = 0.3;
const TWIN_NAME_SIMILARITY = 0.4;
/** A twin this much less alike than the best still counts when it states the other answer's value. */
const TWIN_MARGIN = 0.15;

/** The values of a sort in `claim` that `other` does not state. */
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
function differingPair(a: Claim, b: Claim, sort: string): [ClaimValue, ClaimValue] | null {
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

export function findTwinConflicts(answers: Claim[][], settledClaims: Set<number>, weights: Weights): TwinConflict[] {
  const all = answers.flat();
  const byWord = new Map<string, Claim[]>();
  for (const claim of all) {
    if (claim.heading || claim.values.length === 0) continue;
    for (const word of claim.stems) {
      const list = byWord.get(word);
      if (list) list.push(claim);
      else byWord.set(word, [claim]);
    }
  }
  const twins = new Map<number, { claim: Claim; score: number }[]>();
  // A word in many claims pairs everything with everything and says little: pairs are found through rarer words.
  const common = Math.min(MAX_COMMON, Math.max(MIN_COMMON, COMMON_SHARE * all.length));
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

  const claimById = new Map(all.map((claim) => [claim.id, claim]));
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
      // Two sentences that differ in every figure they give ('two days … a quarter', 'three years … 89%')
      // are about different stretches of the story, not one fact told two ways.
      if (differingSorts(a, b) > 1 && !sharesValue(a, b)) continue;
      for (const sort of new Set(a.values.map(sortOf).filter((s): s is string => s !== null))) {
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
