// Pairs of answers: which values one answer confirms in another, and which contradict (DESIGN.md section
// 5a, step 4). The rule that keeps style-only differences quiet: a value conflicts with another only if
// neither answer states the other's value anywhere in a related claim, and the two values are each
// other's best counterpart. A value the other answer never touches is 'only X mentions', not a conflict.

import type { Claim, ClaimValue } from './claims';
import { THRESHOLDS, type Findings } from './findings';
import { comparePolarity, compareVerdicts } from './polarity';
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
 * Relations of every pair. Names repeat, so each pair of distinct names is related once; and two names
 * that neither answer asserts ('Hillary, a New Zealander') can neither confirm nor contradict anything.
 */
function relationsOf(a: ClaimValue[], b: ClaimValue[]): Relation[][] {
  if (a[0]?.data.kind !== 'name') return a.map((v) => b.map((w) => relate(v.data, w.data)));
  const keyOf = (value: ClaimValue) => (value.data.kind === 'name' ? value.data.key.join(' ') : '');
  const keysB = b.map(keyOf);
  const assertedB = b.map(isAsserted);
  const distinct = new Map<string, Map<string, Relation>>();
  return a.map((v) => {
    const key = keyOf(v);
    let row = distinct.get(key);
    if (!row) {
      row = new Map();
      distinct.set(key, row);
    }
    const asserted = isAsserted(v);
    return b.map((w, j) => {
      if (!asserted && !assertedB[j]) return 'incomparable';
      const other = keysB[j] as string;
      let relation = row.get(other);
      if (relation === undefined) {
        relation = relate(v.data, w.data);
        row.set(other, relation);
      }
      return relation;
    });
  });
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
  let subjects = value.claim.values.filter((name) => name.data.kind === 'name' && name.clause === value.clause);
  if (subjects.length === 0 && value.clause === 0) subjects = value.claim.inheritedNames;
  const known = namesOf(other.claim);
  return subjects.filter((name) => !known.some((x) => relate(name.data, x.data) !== 'different'));
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
 * legs, while insects have six legs', the six does not confirm 'a spider has six legs'.
 */
function supportOf(a: ClaimValue[], b: ClaimValue[], relations: Relation[][], scores: number[][]): Support[] {
  const indexInB = new Map(b.map((value, j) => [value.id, j]));
  return a.map((v, i) => {
    const relationRow = relations[i] ?? [];
    const scoreRow = scores[i] ?? [];
    // The best-fitting different value in the claim of an equal one.
    const bestDifferentBeside = (w: ClaimValue) => {
      let best = 0;
      for (const x of w.claim.values) {
        const k = indexInB.get(x.id);
        if (k !== undefined && relationRow[k] === 'different') best = Math.max(best, scoreRow[k] ?? 0);
      }
      return best;
    };
    const lift = 1 / specificity(v);
    const baseMinimum = minimumSupport(v);
    let best = -1;
    let bestScore = 0;
    let strongest = -1;
    let strongestScore = 0;
    for (let j = 0; j < b.length; j++) {
      if (relationRow[j] !== 'same') continue;
      const raw = scoreRow[j] ?? 0;
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

/** Different names matter only where both stand in the answer's slot; other pairs need no score. */
function worthScoring(v: ClaimValue, w: ClaimValue, relation: Relation): boolean {
  if (relation === 'incomparable') return false;
  if (relation === 'same' || v.data.kind !== 'name' || w.data.kind !== 'name') return true;
  return v.data.predicative && w.data.predicative;
}

function compareValues(a: ClaimValue[], b: ClaimValue[], similarity: Similarity, findings: Findings): void {
  const relations = relationsOf(a, b);
  const scores: number[][] = a.map((v, i) =>
    b.map((w, j) => (worthScoring(v, w, relations[i]?.[j] ?? 'incomparable') ? similarity.value(v, w) : 0)),
  );
  const transpose = <T>(matrix: T[][]) => b.map((_, j) => a.map((_, i) => matrix[i]?.[j] as T));
  const supportA = supportOf(a, b, relations, scores);
  const supportB = supportOf(b, a, transpose(relations), transpose(scores));
  supportA.forEach((link, i) => link && findings.supports.push({ from: a[i] as ClaimValue, ...link }));
  supportB.forEach((link, j) => link && findings.supports.push({ from: b[j] as ClaimValue, ...link }));

  // A conflict needs a value on each side that the other answer does not confirm, each the other's best
  // counterpart among such values.
  const candidates: number[][] = a.map((v, i) =>
    b.map((w, j) => {
      if (relations[i]?.[j] !== 'different' || supportA[i] || supportB[j]) return 0;
      const score = scores[i]?.[j] ?? 0;
      return score >= THRESHOLDS.conflict && mayConflict(v, w, similarity) ? score : 0;
    }),
  );
  const bestIndex = (values: number[]) => {
    let index = -1;
    let best = 0;
    for (let k = 0; k < values.length; k++) {
      const value = values[k] ?? 0;
      if (value > best) {
        index = k;
        best = value;
      }
    }
    return index;
  };
  a.forEach((v, i) => {
    const row = candidates[i] ?? [];
    const j = bestIndex(row);
    if (j === -1) return;
    if (bestIndex(candidates.map((r) => r[j] ?? 0)) !== i) return;
    findings.valueConflicts.push({ from: v, to: b[j] as ClaimValue, score: row[j] ?? 0 });
  });
}

/** Compares every pair of answers; symmetric, so the order of the answers does not matter. */
export function compareAnswers(answers: Claim[][], similarity: Similarity): Findings {
  const findings: Findings = { supports: [], valueConflicts: [], claimConflicts: [] };
  for (let i = 0; i < answers.length; i++) {
    for (let j = i + 1; j < answers.length; j++) {
      const a = answers[i] as Claim[];
      const b = answers[j] as Claim[];
      const bucketsB = buckets(b);
      for (const [key, values] of buckets(a)) {
        const others = bucketsB.get(key);
        if (others) compareValues(values, others, similarity, findings);
      }
      comparePolarity(a, b, similarity, findings);
      compareVerdicts(a, b, findings);
    }
  }
  return findings;
}
