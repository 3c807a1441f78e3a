// Pairs of answers: which values one answer confirms in another, and which contradict
// (docs/architecture.md, "The local analyser", step 4). The rule that keeps style-only differences quiet: a value
// conflicts with another only if neither answer states the other's value anywhere in a related claim, and the two
// values are each other's best counterpart. A value the other answer never touches is 'only X mentions', not a conflict.

import { CLAUSE_BREAKS, type Claim, type ClaimValue } from './claims';
import { THRESHOLDS, type Findings } from './findings';
import { compareVerdicts } from './polarity';
import type { Similarity } from './similarity';
import { relate, type Relation } from './value-compare';

const isAsserted = (value: ClaimValue) => value.data.kind === 'name' && value.data.predicative;

/** Values that can be compared at all share a bucket: names, dates, ordinals, quantities of one dimension. */
function bucketOf(value: ClaimValue): string {
  const data = value.data;
  return data.kind === 'quantity' ? `quantity:${data.dim}` : data.kind;
}

function buckets(claims: Claim[]): Map<string, ClaimValue[]> {
  const byBucket = new Map<string, ClaimValue[]>();
  for (const claim of claims) {
    for (const value of claim.values) {
      const key = bucketOf(value);
      const list = byBucket.get(key);
      if (list) list.push(value);
      else byBucket.set(key, [value]);
    }
  }
  return byBucket;
}

/**
 * The pairs of one bucket that can confirm or contradict each other, with their relation and how well
 * they fit, ordered by `i`, then `j`.
 */
interface Pair {
  i: number;
  j: number;
  relation: Relation;
  /**
   * How well the two fit (Similarity.value). Left out (NaN) for different values whose surroundings are
   * too unlike for a conflict (THRESHOLDS.context): most pairs, and only a confirmation beside one may
   * ask for it (scoreOf).
   */
  score: number;
  v: ClaimValue;
  w: ClaimValue;
}

function pairOf(i: number, j: number, v: ClaimValue, w: ClaimValue, relation: Relation, similarity: Similarity): Pair {
  const score =
    relation === 'different' && similarity.context(v, w) < THRESHOLDS.context ? NaN : similarity.value(v, w);
  return { i, j, relation, score, v, w };
}

function scoreOf(pair: Pair, similarity: Similarity): number {
  if (Number.isNaN(pair.score)) pair.score = similarity.value(pair.v, pair.w);
  return pair.score;
}

/**
 * How many counterparts each value keeps when two answers state too many values of one kind to pair all
 * against all. A value's conflict and confirmation come from its few best-fitting counterparts (the best
 * one, an equal one in a related claim, the different ones beside it); sixteen leaves room for the
 * runners-up on both sides while bounding the pairs by 16 for each value compared (issue 32, H2;
 * decision 0058).
 */
export const CANDIDATES_PER_VALUE = 16;
/**
 * A word (or a value) stated beside more than this many values of a bucket, on both sides together,
 * tells none of them apart ('item' in a numbered list): it is not used to find counterparts, which keeps
 * each value's look-ups bounded by its own words times this.
 */
const MAX_POSTINGS = 64;

/** Buckets small enough for all their pairs: no more pairs than the candidates would give. */
const allPairsFit = (a: ClaimValue[], b: ClaimValue[]) =>
  a.length * b.length <= CANDIDATES_PER_VALUE * (a.length + b.length);

const valueKeys = new WeakMap<ClaimValue, Set<string>>();

/**
 * What two values must share to be each other's candidates: a content word, a name's word, or the value
 * itself. Read once per value, however many answers it is compared with.
 */
function keysOf(value: ClaimValue): Set<string> {
  const known = valueKeys.get(value);
  if (known) return known;
  const keys = new Set<string>();
  valueKeys.set(value, keys);
  for (const word of value.context) keys.add(`w:${word.stem}`);
  for (const word of value.claim.stems) keys.add(`w:${word}`);
  for (const word of value.claim.inherited) keys.add(`w:${word}`);
  const data = value.data;
  if (data.kind === 'name') for (const word of data.key) keys.add(`n:${word}`);
  else if (data.kind === 'quantity') keys.add(`q:${data.amount}`);
  else if (data.kind === 'date') keys.add(`d:${data.year ?? ''}:${data.month ?? ''}:${data.day ?? ''}`);
  else if (data.kind === 'ordinal') keys.add(`o:${data.n}`);
  return keys;
}

/**
 * The pairs (i, j) worth relating, in `i`, then `j` order, as i * b.length + j. Small buckets give all
 * pairs, as before any cap. Larger ones find each value's counterparts through what they share (an
 * inverted index of rare words and of the values themselves) and keep the CANDIDATES_PER_VALUE that fit
 * best from each side; the union of both sides' choices makes the set independent of which answer is `a`.
 */
function candidatePairs(a: ClaimValue[], b: ClaimValue[], similarity: Similarity): number[] {
  const width = b.length;
  if (allPairsFit(a, b)) return Array.from({ length: a.length * width }, (_, k) => k);
  const keysA = a.map(keysOf);
  const keysB = b.map(keysOf);
  const index = (keys: Set<string>[]) => {
    const postings = new Map<string, number[]>();
    keys.forEach((set, k) => {
      for (const key of set) {
        const list = postings.get(key);
        if (list) list.push(k);
        else postings.set(key, [k]);
      }
    });
    return postings;
  };
  const postingsA = index(keysA);
  const postingsB = index(keysB);
  // Each value's postings, with the keys too common to tell anything dropped, looked up once per key.
  const rarePostings = (postings: Map<string, number[]>, others: Map<string, number[]>) => {
    const kept = new Map<string, number[]>();
    for (const [key, list] of postings) {
      if (list.length + (others.get(key)?.length ?? 0) <= MAX_POSTINGS) kept.set(key, list);
    }
    return kept;
  };
  const chosen = new Set<number>();
  const choose = (
    keys: Set<string>[],
    own: ClaimValue[],
    other: ClaimValue[],
    postings: Map<string, number[]>,
    flip: boolean,
  ) => {
    // Which of `other` this value has already met: a stamp per value instead of a set per value.
    const seenBy = new Int32Array(other.length).fill(-1);
    const found: number[] = [];
    keys.forEach((set, x) => {
      found.length = 0;
      for (const key of set) {
        const list = postings.get(key);
        if (!list) continue;
        for (const y of list) {
          if (seenBy[y] === x) continue;
          seenBy[y] = x;
          found.push(y);
        }
      }
      // The best CANDIDATES_PER_VALUE by score, then by position, kept as they come: no sort of them all.
      const best: Array<{ y: number; score: number }> = [];
      for (const y of found) {
        const score = similarity.value(own[x]!, other[y]!);
        const worst = best[best.length - 1];
        if (
          best.length === CANDIDATES_PER_VALUE &&
          worst &&
          (score < worst.score || (score === worst.score && y > worst.y))
        ) {
          continue;
        }
        let at = best.length;
        while (at > 0 && (best[at - 1]!.score < score || (best[at - 1]!.score === score && best[at - 1]!.y > y)))
          at -= 1;
        best.splice(at, 0, { y, score });
        if (best.length > CANDIDATES_PER_VALUE) best.pop();
      }
      for (const { y } of best) chosen.add(flip ? y * width + x : x * width + y);
    });
  };
  choose(keysA, a, b, rarePostings(postingsB, postingsA), false);
  choose(keysB, b, a, rarePostings(postingsA, postingsB), true);
  return [...chosen].sort((p, q) => p - q);
}

/** The related pairs, and how many pairs were looked at to find them. */
const differentLabels = (v: ClaimValue, w: ClaimValue) => v.label !== null && w.label !== null && v.label !== w.label;

function pairsOf(a: ClaimValue[], b: ClaimValue[], similarity: Similarity): { pairs: Pair[]; considered: number } {
  if (allPairsFit(a, b) && a[0]?.data.kind === 'name') {
    return { pairs: namePairs(a, b, similarity), considered: a.length * b.length };
  }
  const candidates = candidatePairs(a, b, similarity);
  if (a[0]?.data.kind === 'name') {
    return { pairs: selectedNamePairs(a, b, candidates, similarity), considered: candidates.length };
  }
  const pairs: Pair[] = [];
  const width = b.length;
  for (const k of candidates) {
    const i = Math.floor(k / width);
    const j = k - i * width;
    // 'Plan A lasts 0.9 hours' and 'Plan B lasts 0.75 hours' are values of two things.
    if (differentLabels(a[i]!, b[j]!)) continue;
    const relation = relate(a[i]!.data, b[j]!.data);
    if (relation !== 'incomparable') pairs.push(pairOf(i, j, a[i]!, b[j]!, relation, similarity));
  }
  return { pairs, considered: candidates.length };
}

/**
 * namePairs' rule applied to the candidate pairs only, for names too many to group all against all:
 * a pair is related when its names share a word or both names are asserted somewhere in their answer,
 * and, if the names differ, both values are asserted (a different name in passing conflicts with nothing).
 */
function selectedNamePairs(a: ClaimValue[], b: ClaimValue[], candidates: number[], similarity: Similarity): Pair[] {
  const assertedKeys = (values: ClaimValue[]) => {
    const keys = new Set<string>();
    for (const value of values) if (value.data.kind === 'name' && isAsserted(value)) keys.add(value.data.key.join(' '));
    return keys;
  };
  const [assertedA, assertedB] = [assertedKeys(a), assertedKeys(b)];
  const keyOf = (value: ClaimValue) => (value.data.kind === 'name' ? value.data.key : []);
  const pairs: Pair[] = [];
  const width = b.length;
  for (const k of candidates) {
    const i = Math.floor(k / width);
    const j = k - i * width;
    const [v, w] = [a[i]!, b[j]!];
    const [keyV, keyW] = [keyOf(v), keyOf(w)];
    const sharing = keyV.some((word) => keyW.includes(word));
    if (!sharing && !(assertedA.has(keyV.join(' ')) && assertedB.has(keyW.join(' ')))) continue;
    const relation = relate(v.data, w.data);
    if (relation === 'incomparable') continue;
    if (relation === 'different' ? !isAsserted(v) || !isAsserted(w) : !isAsserted(v) && !isAsserted(w)) continue;
    pairs.push(pairOf(i, j, v, w, relation, similarity));
  }
  return pairs;
}

interface NameGroup {
  key: string[];
  all: number[];
  asserted: number[];
}

/** Values by name ('Eiffel' three times is one name), each with the indices that state and assert it. */
function nameGroups(values: ClaimValue[]): NameGroup[] {
  const groups = new Map<string, NameGroup>();
  values.forEach((value, index) => {
    if (value.data.kind !== 'name') return;
    const id = value.data.key.join(' ');
    let group = groups.get(id);
    if (!group) {
      group = { key: value.data.key, all: [], asserted: [] };
      groups.set(id, group);
    }
    group.all.push(index);
    if (isAsserted(value)) group.asserted.push(index);
  });
  return [...groups.values()];
}

/**
 * Names are many in long answers and most pairs say nothing, so only two kinds of pair are related:
 * names that share a word (the only ones that can be the same: 'Eiffel', 'Gustave Eiffel') with one of
 * them asserted, and names that both answers assert ('the capital is Sydney', '... is Canberra'), which
 * may conflict. A name mentioned in passing ('Hillary, a New Zealander') conflicts with nothing.
 */
function namePairs(a: ClaimValue[], b: ClaimValue[], similarity: Similarity): Pair[] {
  const groupsA = nameGroups(a);
  const groupsB = nameGroups(b);
  const byWord = new Map<string, number[]>();
  groupsB.forEach((group, g) => {
    for (const word of group.key) {
      const list = byWord.get(word);
      if (list) list.push(g);
      else byWord.set(word, [g]);
    }
  });
  const assertedB = groupsB.flatMap((group, g) => (group.asserted.length > 0 ? [g] : []));
  const pairs: Pair[] = [];
  for (const groupA of groupsA) {
    const sharing = new Set(groupA.key.flatMap((word) => byWord.get(word) ?? []));
    const candidates = new Set([...sharing, ...(groupA.asserted.length > 0 ? assertedB : [])]);
    for (const g of candidates) {
      const groupB = groupsB[g]!;
      const relation = relate(a[groupA.all[0]!]!.data, b[groupB.all[0]!]!.data);
      if (relation === 'incomparable') continue;
      const bothAsserted = relation === 'different';
      for (const i of bothAsserted ? groupA.asserted : groupA.all) {
        for (const j of bothAsserted ? groupB.asserted : groupB.all) {
          if (!isAsserted(a[i]!) && !isAsserted(b[j]!)) continue;
          pairs.push(pairOf(i, j, a[i]!, b[j]!, relation, similarity));
        }
      }
    }
  }
  return pairs.sort((x, y) => x.i - y.i || x.j - y.j);
}

/**
 * How much to lower the bar for taking two equal values as one fact: a full date or a four-digit
 * measurement rarely matches by coincidence, a year or a small count often does.
 */
export function specificity(value: ClaimValue): number {
  const data = value.data;
  if (data.kind === 'date') {
    if (data.day !== undefined && data.month !== undefined) return data.year !== undefined ? 0.4 : 0.7;
    return data.month !== undefined ? 0.7 : 1;
  }
  if (data.kind === 'quantity') {
    const digits = value.display.replace(/\D/g, '').replace(/^0+|0+$/g, '');
    return digits.length >= 3 ? 0.5 : 1;
  }
  if (data.kind === 'name') return data.key.length > 1 ? 0.8 : 1;
  return 1;
}

const namesOf = (claim: Claim) => [...claim.values, ...claim.inheritedNames].filter((v) => v.data.kind === 'name');

/**
 * Names in the value's own clause (or, in the clause of a leading pronoun, the names it stands for) that
 * the other claim does not mention: whom the value is about.
 */
function ownSubjects(value: ClaimValue, other: ClaimValue): ClaimValue[] {
  const inClause = (clause: number) =>
    value.claim.values.filter((name) => name.data.kind === 'name' && name.clause === clause);
  let subjects = inClause(value.clause);
  if (subjects.length === 0 && value.clause === 0) subjects = value.claim.inheritedNames;
  // '..., the prime minister is Yoshihide Suga, who was born on 6 December 1948': a clause opened by 'who'
  // is about the names of the clause before.
  if (subjects.length === 0 && value.clause > 0 && opensWithWho(value)) subjects = inClause(value.clause - 1);
  const known = namesOf(other.claim);
  return subjects.filter((name) => !known.some((x) => relate(name.data, x.data) !== 'different'));
}

/** Whether the value's clause is opened by 'who': the clause of a person named before it. */
function opensWithWho(value: ClaimValue): boolean {
  const { tokens } = value.claim;
  for (let at = value.start - 1; at >= 0; at--) {
    if (CLAUSE_BREAKS.has(tokens[at]!.lower)) return tokens[at]!.lower === 'who';
  }
  return false;
}

function mayConflict(v: ClaimValue, w: ClaimValue, similarity: Similarity): boolean {
  const context = similarity.context(v, w);
  if (context < THRESHOLDS.context) return false;
  // 'Hillary and Norgay reached the top in 1953' and 'Mallory vanished near the top in 1924' are about
  // different people: values whose clauses name different subjects are different facts.
  if (v.data.kind !== 'name' && w.data.kind !== 'name') {
    return ownSubjects(v, w).length === 0 || ownSubjects(w, v).length === 0;
  }
  if (v.data.kind !== 'name' || w.data.kind !== 'name') return false;
  if (!v.data.predicative || !w.data.predicative) return false;
  return context >= THRESHOLDS.nameContext || similarity.claim(v.claim, w.claim) >= THRESHOLDS.nameClaim;
}

/**
 * How related the claim of an equal value must be for it to count as the same fact. A year, a date or a
 * measurement stated in any claim of the other answer that shares a word with it is that answer's own
 * statement of it; names, ordinals and small counts recur by coincidence, so they must stand in a
 * related claim.
 */
function minimumSupport(value: ClaimValue): number {
  const data = value.data;
  if (data.kind === 'name') return THRESHOLDS.nameSupport * specificity(value);
  if (data.kind === 'ordinal') return THRESHOLDS.smallValueSupport;
  if (data.kind === 'quantity' && data.dim === 'count' && Math.abs(data.amount) < 100) {
    return THRESHOLDS.smallValueSupport;
  }
  return THRESHOLDS.anySupport;
}

/** The best confirming counterpart of a value in the other answer, if any. */
type Support = { to: ClaimValue; score: number } | null;

/**
 * Which values of `a` the answer `b` confirms. An equal value confirms when its claim is related at all,
 * unless its own claim holds a different value of the kind that fits much better: in 'a spider has eight
 * legs, while insects have six legs', the six does not confirm 'a spider has six legs'. `pairs` are
 * ordered by `i`, then by `j`; `flip` reads them from `b`'s side.
 */
function supportOf(a: ClaimValue[], b: ClaimValue[], pairs: Pair[], flip: boolean, similarity: Similarity): Support[] {
  const indexInB = new Map(b.map((value, j) => [value.id, j]));
  const rows: Pair[][] = a.map(() => []);
  for (const pair of pairs) rows[flip ? pair.j : pair.i]!.push(pair);
  const other = (pair: Pair) => (flip ? pair.i : pair.j);
  return a.map((v, i) => {
    const row = rows[i]!;
    let differentScore: Map<number, Pair> | null = null;
    // The best-fitting different value in the claim of an equal one.
    const bestDifferentBeside = (w: ClaimValue) => {
      if (!differentScore) {
        differentScore = new Map();
        for (const pair of row) if (pair.relation === 'different') differentScore.set(other(pair), pair);
      }
      let best = 0;
      for (const x of w.claim.values) {
        const k = indexInB.get(x.id);
        const pair = k === undefined ? undefined : differentScore.get(k);
        if (pair) best = Math.max(best, scoreOf(pair, similarity));
      }
      return best;
    };
    const lift = 1 / specificity(v);
    const baseMinimum = minimumSupport(v);
    let best = -1;
    let bestScore = 0;
    let strongest = -1;
    let strongestScore = 0;
    for (const pair of row) {
      if (pair.relation !== 'same') continue;
      const j = other(pair);
      const raw = pair.score;
      const score = Math.min(1, raw * lift);
      if (strongest === -1 || score > strongestScore) {
        strongest = j;
        strongestScore = score;
      }
      const w = b[j] as ClaimValue;
      // A name the answer asserts ('the capital is Sydney') is not confirmed by a passing mention of it.
      const minimum = isAsserted(v) && !isAsserted(w) ? THRESHOLDS.mentionSupport : baseMinimum;
      if (raw < minimum || (best !== -1 && score <= bestScore)) continue;
      if (THRESHOLDS.supportRatio * bestDifferentBeside(w) > raw) continue;
      best = j;
      bestScore = score;
    }
    if (best !== -1) return { to: b[best] as ClaimValue, score: bestScore };
    if (strongest !== -1 && strongestScore >= THRESHOLDS.strongSupport) {
      return { to: b[strongest] as ClaimValue, score: strongestScore };
    }
    return null;
  });
}

/** Returns how many pairs of values it looked at. */
function compareValues(a: ClaimValue[], b: ClaimValue[], similarity: Similarity, findings: Findings): number {
  const { pairs, considered } = pairsOf(a, b, similarity);
  const supportA = supportOf(a, b, pairs, false, similarity);
  // From b's side the pairs must run in b's order, then a's.
  const supportB = supportOf(
    b,
    a,
    [...pairs].sort((x, y) => x.j - y.j || x.i - y.i),
    true,
    similarity,
  );
  supportA.forEach((link, i) => link && findings.supports.push({ from: a[i] as ClaimValue, ...link }));
  supportB.forEach((link, j) => link && findings.supports.push({ from: b[j] as ClaimValue, ...link }));

  // A conflict needs a value on each side that the other answer does not confirm, each the other's best
  // counterpart among such values (the first of equals, in answer order).
  const rowBest = new Map<number, Pair>();
  const columnBest = new Map<number, Pair>();
  for (const pair of pairs) {
    const { i, j, score } = pair;
    if (Number.isNaN(score)) continue;
    if (pair.relation !== 'different' || supportA[i] || supportB[j]) continue;
    if (score < THRESHOLDS.conflict || !mayConflict(a[i]!, b[j]!, similarity)) continue;
    // Pairs run in a's order, then b's: a strict '>' keeps the first of equals on both sides.
    if (score > (rowBest.get(i)?.score ?? 0)) rowBest.set(i, pair);
    if (score > (columnBest.get(j)?.score ?? 0)) columnBest.set(j, pair);
  }
  for (const [i, pair] of rowBest) {
    if (columnBest.get(pair.j)?.i !== i) continue;
    findings.valueConflicts.push({ from: a[i] as ClaimValue, to: b[pair.j] as ClaimValue, score: pair.score });
  }
  return considered;
}

/**
 * Compares every pair of answers; symmetric, so the order of the answers does not matter.
 * `valuePairsConsidered` counts the pairs of values looked at: at most CANDIDATES_PER_VALUE for each
 * value compared, whatever the answers' length (matching.test.ts holds it to that).
 */
export function compareAnswers(
  answers: Claim[][],
  similarity: Similarity,
): Findings & { valuePairsConsidered: number } {
  const findings: Findings = { supports: [], valueConflicts: [], claimConflicts: [] };
  let valuePairsConsidered = 0;
  for (let i = 0; i < answers.length; i++) {
    for (let j = i + 1; j < answers.length; j++) {
      const a = answers[i] as Claim[];
      const b = answers[j] as Claim[];
      const bucketsB = buckets(b);
      for (const [key, values] of buckets(a)) {
        const others = bucketsB.get(key);
        if (others) valuePairsConsidered += compareValues(values, others, similarity, findings);
      }
      compareVerdicts(a, b, findings);
    }
  }
  return { ...findings, valuePairsConsidered };
}
