// The comparison's held-out corpus (comparison issue, item 6): answer sets written for measuring and
// never for tuning. Each case carries the question, the answers, and every factual conflict planted in
// them with the exact value each model wrote. Files under bench/corpus/held-out-*.ts are committed
// once, before any tuning, and not edited afterwards (their first-run figures are in
// docs/performance.md); a case that turns out to be wrong is fixed in a new file, with the reason.

import type { AnswerForComparison } from '../../src/common/comparison';

/** What a planted conflict is about: the value kinds the comparison issue names. */
export const VALUE_KINDS = [
  'year',
  'date',
  'place',
  'person',
  'quantity', // a number with a unit: lengths, masses, temperatures, speeds, durations
  'count', // a bare count: members, moons, bones, players
  'percentage',
  'currency', // an amount of money, or which currency
  'yes-no',
  'name', // the name of a thing: an element, a species, a disease, a book, a company
  'list', // the members of a list: one answer names another item
] as const;
export type ValueKind = (typeof VALUE_KINDS)[number];

/**
 * One planted conflict. `values` gives, for each model on a side of it, the value exactly as that
 * model's answer writes it (a substring of the answer text): detection counts the conflict as named
 * only when a disagreement quotes, for every model listed, a claim containing that model's value.
 * Models that agree with one another are listed too, with their own wording of the shared value.
 */
export interface PlantedConflict {
  kind: ValueKind;
  values: Record<string, string>;
}

export interface HeldOutCase {
  name: string;
  question: string;
  answers: AnswerForComparison[];
  /** Empty for a style-only case: the answers state the same facts in other words, order and format. */
  conflicts: PlantedConflict[];
}

export function answersOf(texts: Record<string, string>): AnswerForComparison[] {
  return Object.entries(texts).map(([model, text]) => ({ model, text, error: null }));
}
