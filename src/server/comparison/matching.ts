// Pairs of answers: which values one answer confirms in another, and which contradict (DESIGN.md section
// 5a, step 4). The rule that keeps style-only differences quiet: a value conflicts with another only if
// neither answer states the other's value anywhere in a related claim, and the two values are each
// other's best counterpart. A value the other answer never touches is 'only X mentions', not a conflict.

import type { Claim, ClaimValue, Statement } from './claims';
import { verdictOf } from './claims';
import type { Similarity } from './similarity';
import { relate, type Relation } from './value-compare';

export const THRESHOLDS = {
  /** A same value this related confirms a value whatever else the other answer says... */
  strongSupport: 0.55,
  /** ...and one at least this related does when it is nearly as related as any different value. */
  minSupport: 0.1,
  /** Years, dates and measurements: any claim sharing a word will do. */
  anySupport: 0.02,
  supportRatio: 0.7,
  /** Two different values this related, with overlapping surroundings, contradict. */
  conflict: 0.3,
  context: 0.15,
  /** Names contradict only in claims this alike, or with surroundings this alike. */
  nameClaim: 0.35,
  nameContext: 0.6,
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
  /** Best same-value counterpart of a value in each other answer, scored with its specificity. */
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

/** Names in the value's own clause that the other claim does not mention: whom the value is about. */
function ownSubjects(value: ClaimValue, other: ClaimValue): ClaimValue[] {
  return value.claim.values.filter(
    (name) =>
      name.data.kind === 'name' &&
      name.clause === value.clause &&
      !other.claim.values.some((x) => x.data.kind === 'name' && relate(name.data, x.data) !== 'different'),
  );
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
  if (data.kind === 'name') return THRESHOLDS.minSupport * 2 * specificity(value);
  if (data.kind === 'ordinal') return THRESHOLDS.minSupport * 1.5;
  if (data.kind === 'quantity' && data.dim === 'count' && Math.abs(data.amount) < 100) return THRESHOLDS.minSupport * 1.5;
  return THRESHOLDS.anySupport;
}

interface Side {
  values: ClaimValue[];
  /** Per value: the best confirming counterpart in the other answer, if any. */
  support: Array<{ to: ClaimValue; score: number } | null>;
}

/**
 * Which values of `a` the answer `b` confirms. An equal value confirms when its claim is related at all,
 * unless its own claim holds a different value of the kind that fits much better: in 'a spider has eight
 * legs, while insects have six legs', the six does not confirm 'a spider has six legs'.
 */
function supportOf(a: ClaimValue[], b: ClaimValue[], relations: Relation[][], scores: number[][]): Side['support'] {
  return a.map((v, i) => {
    let best: { to: ClaimValue; score: number } | null = null;
    let strong = 0;
    const lift = 1 / specificity(v);
    const minimum = minimumSupport(v);
    b.forEach((w, j) => {
      if (relations[i]?.[j] !== 'same') return;
      const raw = scores[i]?.[j] ?? 0;
      const score = Math.min(1, raw * lift);
      strong = Math.max(strong, score);
      const outfitted = b.some(
        (x, k) => x.claim === w.claim && relations[i]?.[k] === 'different' && THRESHOLDS.supportRatio * (scores[i]?.[k] ?? 0) > raw,
      );
      if (raw >= minimum && !outfitted && (!best || score > best.score)) best = { to: w, score };
    });
    if (!best && strong >= THRESHOLDS.strongSupport) {
      const j = b.findIndex((_, k) => relations[i]?.[k] === 'same' && Math.min(1, (scores[i]?.[k] ?? 0) * lift) === strong);
      best = { to: b[j] as ClaimValue, score: strong };
    }
    return best;
  });
}

function compareValues(a: ClaimValue[], b: ClaimValue[], similarity: Similarity, findings: Findings): void {
  const relations: Relation[][] = a.map((v) => b.map((w) => relate(v.data, w.data)));
  const scores: number[][] = a.map((v, i) =>
    b.map((w, j) => (relations[i]?.[j] === 'incomparable' ? 0 : similarity.value(v, w))),
  );
  const transpose = <T>(matrix: T[][]) => b.map((_, j) => a.map((_, i) => matrix[i]?.[j] as T));
  const supportA = supportOf(a, b, relations, scores);
  const supportB = supportOf(b, a, transpose(relations), transpose(scores));
  supportA.forEach((link, i) => link && findings.supports.push({ from: a[i] as ClaimValue, ...link }));
  supportB.forEach((link, j) => link && findings.supports.push({ from: b[j] as ClaimValue, ...link }));

  // A conflict needs a value on each side that the other answer does not confirm, each the other's best
  // counterpart among such values.
  const candidate = (i: number, j: number) => {
    if (relations[i]?.[j] !== 'different' || supportA[i] || supportB[j]) return 0;
    const score = scores[i]?.[j] ?? 0;
    if (score < THRESHOLDS.conflict) return 0;
    return mayConflict(a[i] as ClaimValue, b[j] as ClaimValue, similarity) ? score : 0;
  };
  const candidates = a.map((_, i) => b.map((_, j) => candidate(i, j)));
  a.forEach((v, i) => {
    const row = candidates[i] ?? [];
    const score = Math.max(0, ...row);
    if (score === 0) return;
    const j = row.indexOf(score);
    const column = candidates.map((r) => r[j] ?? 0);
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

/** The negated statement must deny something the other asserts, not a detail it adds ('not insects'). */
function deniesWhatOtherSays(negated: Statement, other: Statement): boolean {
  return negated.denied.length > 0 && negated.denied.every((word) => other.stems.includes(word));
}

interface Polar {
  claim: Claim;
  statement: Statement;
}

const polarStatements = (claims: Claim[]): Polar[] =>
  claims
    .filter((claim) => !claim.heading)
    .flatMap((claim) => claim.statements.filter((s) => s.stems.length >= 2).map((statement) => ({ claim, statement })));

/** Statements of opposite polarity that say the same thing otherwise: 'X is visible' against 'X is not visible'. */
function comparePolarity(a: Claim[], b: Claim[], similarity: Similarity, findings: Findings): void {
  const polarA = polarStatements(a);
  const polarB = polarStatements(b);
  const pairs: Array<{ x: Polar; y: Polar; score: number }> = [];
  for (const x of polarA) {
    for (const y of polarB) {
      if (x.statement.negated === y.statement.negated) continue;
      const score = similarity.statement(x.statement, y.statement);
      if (score < THRESHOLDS.polarity) continue;
      const denial = x.statement.negated
        ? deniesWhatOtherSays(x.statement, y.statement)
        : deniesWhatOtherSays(y.statement, x.statement);
      if (denial && sameValues(x.claim, y.claim)) pairs.push({ x, y, score });
    }
  }
  // An answer that also states the other answer's polarity elsewhere has not contradicted it.
  const restated = (own: Polar[], target: Statement, score: number) =>
    own.some((p) => p.statement.negated === target.negated && similarity.statement(p.statement, target) >= 0.85 * score);
  for (const pair of pairs) {
    if (restated(polarA, pair.y.statement, pair.score) || restated(polarB, pair.x.statement, pair.score)) continue;
    const beaten = pairs.some(
      (other) => other !== pair && (other.x.claim === pair.x.claim || other.y.claim === pair.y.claim) && other.score > pair.score,
    );
    if (!beaten) findings.claimConflicts.push({ kind: 'polarity', a: pair.x.claim, b: pair.y.claim, score: pair.score });
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
