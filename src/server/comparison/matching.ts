// Pairs of answers: which values one answer confirms in another, and which contradict (DESIGN.md section
// 5a, step 4). The rule that keeps style-only differences quiet: a value conflicts with another only if
// neither answer states the other's value anywhere in a related claim, and the two values are each
// other's best counterpart. A value the other answer never touches is 'only X mentions', not a conflict.

import type { Claim, ClaimValue } from './claims';
import { verdictOf } from './claims';
import type { Similarity } from './similarity';
import { relate, type Relation } from './value-compare';

export const THRESHOLDS = {
  /** A same value this related counts as confirmed. */
  support: 0.25,
  /** ...or one at least this related, when it is nearly as related as any different value. */
  minSupport: 0.1,
  supportRatio: 0.7,
  /** Two different values this related, with overlapping surroundings, contradict. */
  conflict: 0.35,
  context: 0.15,
  /** Names contradict only in claims this alike. */
  nameClaim: 0.35,
  /** Claims of opposite polarity this alike contradict. */
  polarity: 0.6,
};

export interface ValueLink {
  from: ClaimValue;
  to: ClaimValue;
  score: number;
}

export interface ClaimConflict {
  kind: 'polarity' | 'verdict';
  a: Claim;
  b: Claim;
  score: number;
}

export interface Findings {
  /** Best same-value counterpart of a value in each other answer. */
  supports: ValueLink[];
  valueConflicts: ValueLink[];
  claimConflicts: ClaimConflict[];
}

interface Best {
  score: number;
  value: ClaimValue | null;
}

const valuesOf = (claims: Claim[]) => claims.flatMap((claim) => claim.values);

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

function mayConflict(v: ClaimValue, w: ClaimValue, similarity: Similarity): boolean {
  if (similarity.context(v, w) < THRESHOLDS.context) return false;
  if (v.data.kind !== 'name' || w.data.kind !== 'name') return true;
  return v.data.predicative && w.data.predicative && similarity.claim(v.claim, w.claim) >= THRESHOLDS.nameClaim;
}

function compareValues(a: ClaimValue[], b: ClaimValue[], similarity: Similarity, findings: Findings): void {
  const relations: Relation[][] = a.map((v) => b.map((w) => relate(v.data, w.data)));
  const scores: number[][] = a.map((v, i) =>
    b.map((w, j) => (relations[i]?.[j] === 'incomparable' ? 0 : similarity.value(v, w))),
  );
  // Equal values are scored against the bar of a plain value by scaling up with their specificity.
  const lift = a.map((v) => 1 / specificity(v));
  const best = (i: number, j: number, wanted: Relation) => {
    if (relations[i]?.[j] !== wanted) return 0;
    const score = scores[i]?.[j] ?? 0;
    return wanted === 'same' ? Math.min(1, score * (lift[i] ?? 1)) : score;
  };
  const supported = (bestSame: number, bestDifferent: number) =>
    bestSame >= THRESHOLDS.support ||
    (bestSame >= THRESHOLDS.minSupport && bestSame >= THRESHOLDS.supportRatio * bestDifferent);

  const sameA = a.map((_, i) => Math.max(0, ...b.map((_, j) => best(i, j, 'same'))));
  const differentA = a.map((_, i) => Math.max(0, ...b.map((_, j) => best(i, j, 'different'))));
  const sameB = b.map((_, j) => Math.max(0, ...a.map((_, i) => best(i, j, 'same'))));
  const differentB = b.map((_, j) => Math.max(0, ...a.map((_, i) => best(i, j, 'different'))));
  const supportedA = a.map((_, i) => supported(sameA[i] ?? 0, differentA[i] ?? 0));
  const supportedB = b.map((_, j) => supported(sameB[j] ?? 0, differentB[j] ?? 0));

  a.forEach((v, i) => {
    const j = b.findIndex((_, k) => best(i, k, 'same') === sameA[i]);
    const w = b[j];
    if (w && (sameA[i] ?? 0) >= THRESHOLDS.support) findings.supports.push({ from: v, to: w, score: sameA[i] ?? 0 });
  });
  b.forEach((w, j) => {
    const i = a.findIndex((_, k) => best(k, j, 'same') === sameB[j]);
    const v = a[i];
    if (v && (sameB[j] ?? 0) >= THRESHOLDS.support) findings.supports.push({ from: w, to: v, score: sameB[j] ?? 0 });
  });

  const candidate = (i: number, j: number) => {
    const score = best(i, j, 'different');
    if (score < THRESHOLDS.conflict || supportedA[i] || supportedB[j]) return 0;
    return mayConflict(a[i] as ClaimValue, b[j] as ClaimValue, similarity) ? score : 0;
  };
  const candidates = a.map((_, i) => b.map((_, j) => candidate(i, j)));
  const bestOfA = candidates.map((row) => row.indexOf(Math.max(0, ...row)));
  a.forEach((v, i) => {
    const j = bestOfA[i] ?? -1;
    const score = candidates[i]?.[j] ?? 0;
    if (score === 0) return;
    const column = candidates.map((row) => row[j] ?? 0);
    if (column.indexOf(Math.max(...column)) !== i) return;
    findings.valueConflicts.push({ from: v, to: b[j] as ClaimValue, score });
  });
}

/** Claims alike enough to be one statement need the same names and no differing values. */
function sameValues(a: Claim, b: Claim): boolean {
  const covered = (x: Claim, y: Claim) =>
    x.values.every((v) => {
      const relations = y.values.map((w) => relate(v.data, w.data));
      if (relations.includes('same')) return true;
      return v.data.kind !== 'name' && !relations.includes('different');
    });
  return covered(a, b) && covered(b, a);
}

function comparePolarity(a: Claim[], b: Claim[], similarity: Similarity, findings: Findings): void {
  const eligible = (claim: Claim) => !claim.heading && claim.stems.length >= 2;
  const pairs: Array<{ x: Claim; y: Claim; score: number }> = [];
  for (const x of a.filter(eligible)) {
    for (const y of b.filter(eligible)) {
      if (x.negated === y.negated) continue;
      const score = similarity.claim(x, y);
      if (score >= THRESHOLDS.polarity && sameValues(x, y)) pairs.push({ x, y, score });
    }
  }
  // An answer that also states the other answer's polarity elsewhere has not contradicted it.
  const restated = (claims: Claim[], target: Claim, negated: boolean, score: number) =>
    claims.some((claim) => claim.negated === negated && similarity.claim(claim, target) >= 0.85 * score);
  for (const pair of pairs) {
    if (restated(a, pair.y, pair.y.negated, pair.score) || restated(b, pair.x, pair.x.negated, pair.score)) continue;
    const beaten = pairs.some(
      (other) => other !== pair && (other.x === pair.x || other.y === pair.y) && other.score > pair.score,
    );
    if (!beaten) findings.claimConflicts.push({ kind: 'polarity', a: pair.x, b: pair.y, score: pair.score });
  }
}

function compareVerdicts(a: Claim[], b: Claim[], findings: Findings): void {
  const x = a[0];
  const y = b[0];
  if (!x || !y) return;
  const verdictA = verdictOf(x);
  const verdictB = verdictOf(y);
  if (verdictA && verdictB && verdictA !== verdictB) findings.claimConflicts.push({ kind: 'verdict', a: x, b: y, score: 1 });
}

/** Compares every pair of answers; symmetric, so the order of the answers does not matter. */
export function compareAnswers(answers: Claim[][], similarity: Similarity): Findings {
  const findings: Findings = { supports: [], valueConflicts: [], claimConflicts: [] };
  for (let i = 0; i < answers.length; i++) {
    for (let j = i + 1; j < answers.length; j++) {
      const a = answers[i] as Claim[];
      const b = answers[j] as Claim[];
      compareValues(valuesOf(a), valuesOf(b), similarity, findings);
      comparePolarity(a, b, similarity, findings);
      compareVerdicts(a, b, findings);
    }
  }
  return findings;
}
