// What comparing two answers finds, and the thresholds that decide it
// (docs/architecture.md, "The local analyser", step 4).
// The numbers were set on the development corpus (tests/fixtures/comparison/analyser-corpus-*.ts) and
// checked on the held-out one; bench/local-analyser.bench.ts measures them.

import type { Claim, ClaimValue, Statement } from './claims';

/** Scores are similarities between 0 and 1 (similarity.ts). */
export const THRESHOLDS = {
  /** An equal value in a claim this related confirms a value whatever else that claim says. */
  strongSupport: 0.55,
  /**
   * Below that, an equal value confirms when its claim is at least this related: names and small
   * numbers recur by coincidence, years, dates and measurements hardly do...
   */
  nameSupport: 0.2,
  smallValueSupport: 0.15,
  anySupport: 0.02,
  /** ...and when no different value in its claim fits more than this much better (ratio of scores). */
  supportRatio: 0.7,
  /** A name one answer asserts needs a related claim this close to be confirmed by a mere mention. */
  mentionSupport: 0.35,
  /** Two different values this related, with surroundings at least this alike, contradict. */
  conflict: 0.3,
  context: 0.15,
  /** Names contradict only in claims this alike, or with surroundings this alike. */
  nameClaim: 0.35,
  nameContext: 0.6,
  /** A third answer's equal value this related takes that side in a disagreement. */
  joinSide: 0.2,
};

export interface ValueLink {
  from: ClaimValue;
  to: ClaimValue;
  score: number;
}

export interface ClaimConflict {
  kind: 'verdict';
  a: Claim;
  b: Claim;
  /** What each claim says: 'yes' / 'no', or 'negated' / 'affirmed'. */
  sideA: string;
  sideB: string;
  /** For polarity conflicts, the statements that contradict. */
  statements: Statement[];
  score: number;
}

export interface Findings {
  /** Best same-value counterpart of a value in each other answer, scored with its specificity. */
  supports: ValueLink[];
  valueConflicts: ValueLink[];
  claimConflicts: ClaimConflict[];
}
