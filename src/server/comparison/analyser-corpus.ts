// Hand-made answer sets whose truth is known, shared by the local analyser's tests and its benchmark
// (bench/local-analyser.bench.ts). Conflict sets hold deliberate factual conflicts; style sets say the
// same facts in other words, order, length and formatting, and must produce no disagreement.

import type { AnswerForComparison, Disagreement } from '../../common/comparison';

/** One known conflict: for each model that takes part, a fragment of the claim it should be quoted with. */
export type KnownConflict = Record<string, string>;

export interface LabelledSet {
  name: string;
  answers: AnswerForComparison[];
  /** Empty for style-only sets. */
  conflicts: KnownConflict[];
}

export function answers(texts: Record<string, string>): AnswerForComparison[] {
  return Object.entries(texts).map(([model, text]) => ({ model, text, error: null }));
}

/** A reported disagreement names a known conflict when every model of it is quoted with its fragment. */
export function matchesConflict(disagreement: Disagreement, known: KnownConflict): boolean {
  return Object.entries(known).every(([model, fragment]) =>
    disagreement.positions.some((position) => position.model === model && position.claim.includes(fragment)),
  );
}
