import type { ConfidenceEntry } from '../../common/comparison';

// Who came first in a question's confidence ranking, as the leaderboard counts it (issue 33, item 6; decision
// 0062). First place is a strict win: one answer's score above every other scored answer's. Answers that
// share the top score are tied first, each of them, and none is first. Scores are compared as the card shows
// them, in whole percents (components/answers/confidence-ranking.tsx ranks 88% and 88% as tied too).

export type FirstPlace = 'first' | 'tied-first';

/** A score as the card shows it. */
const shownPercent = (score: number) => Math.round(score * 100);

/**
 * Each model that came first or tied first among `scored`, the models whose answers can hold a place: they
 * answered in full (a failed or stopped answer has no score). An entry that checked nothing holds the neutral
 * default score, not a verdict, so it holds no place; with fewer than two scored answers nobody does.
 */
export function firstPlacesOf(
  ranking: readonly Pick<ConfidenceEntry, 'model' | 'score' | 'checked'>[],
  scored: ReadonlySet<string>,
): Map<string, FirstPlace> {
  const contenders = new Map<string, number>();
  for (const entry of ranking) {
    if (!scored.has(entry.model) || contenders.has(entry.model) || entry.checked === 0) continue;
    contenders.set(entry.model, shownPercent(entry.score));
  }
  const places = new Map<string, FirstPlace>();
  if (contenders.size < 2) return places;
  const top = Math.max(...contenders.values());
  const leaders = [...contenders].filter(([, percent]) => percent === top).map(([model]) => model);
  for (const model of leaders) places.set(model, leaders.length === 1 ? 'first' : 'tied-first');
  return places;
}
