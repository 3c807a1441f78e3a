import type { ComparisonJudge, ConfidenceEntry } from '../../../common/comparison';
import { cn } from '../../lib/cn';

/** A confidence score as shown: a whole percent (docs/product.md, "Display rules"). */
export function confidencePercent(score: number): string {
  return `${Math.round(score * 100)}%`;
}

const placeClass = ['border-green-200 bg-green-50 text-green-800', 'border-blue-200 bg-blue-50 text-blue-800'] as const;

/**
 * True when the analysis could check none of any answer's claims against another answer: then every
 * score is a neutral default, not a verdict (issue 'Comparison you can trust', item 5). Analyses
 * stored before `checked` existed never count as unchecked.
 */
export function nothingChecked(ranking: readonly ConfidenceEntry[]): boolean {
  return ranking.length > 0 && ranking.every((entry) => entry.checked === 0);
}

export function noConflictsMessage(judge: ComparisonJudge | undefined): string {
  return judge?.kind === 'model' ? 'No conflicts detected by the judge' : 'No conflicts detected by the local check';
}

/** Said instead of a ranking when every answer scored the same. */
export const ALL_TIED_MESSAGE = 'All answers tied: the checks found no difference in confidence';

/** One entry's place: ties share it (1, 1, 3), compared as shown, so two answers both shown at 88% tie. */
export interface Placed {
  entry: ConfidenceEntry;
  rank: number;
  tied: boolean;
}

/** Best first; entries whose shown percent is the same share a rank and are marked tied. */
export function placeRanking(ranking: readonly ConfidenceEntry[]): Placed[] {
  const ordered = [...ranking].sort((a, b) => b.score - a.score);
  const shown = ordered.map((entry) => Math.round(entry.score * 100));
  return ordered.map((entry, index) => {
    const rank = shown.indexOf(shown[index]!) + 1;
    const tied = shown.filter((percent) => percent === shown[index]).length > 1;
    return { entry, rank, tied };
  });
}

function placeLabel({ rank, tied }: Placed): string {
  return tied ? `Tied #${rank}` : `#${rank}`;
}

/**
 * Rank, name and score of each model, best first; the first is green, the second blue (docs/product.md, "Comparison"),
 * each with its one-line reason when the analysis gives one. Equal scores share a rank and say 'Tied'; when every
 * score is the same there is no order at all, so no ranks and no colours (issue 16, item 4). When nothing was
 * checkable, the scores are left out and the ranking says so.
 */
export function ConfidenceRanking({ ranking, judge }: { ranking: ConfidenceEntry[]; judge?: ComparisonJudge }) {
  if (ranking.length === 0) return null;

  if (nothingChecked(ranking)) {
    const reasons = ranking.filter((entry) => entry.reason);
    return (
      <div className="grid gap-2 text-sm">
        <p className="font-medium">{noConflictsMessage(judge)}</p>
        {reasons.length > 0 && (
          <ul aria-label="Confidence ranking" className="grid gap-1 text-muted-foreground">
            {reasons.map((entry) => (
              <li key={entry.model}>
                <span className="font-medium text-foreground">{entry.displayName}</span>: {entry.reason}
              </li>
            ))}
          </ul>
        )}
      </div>
    );
  }

  // An answer none of whose claims could be checked has no score to rank by: it is listed after the ranked ones,
  // with its reason and no percentage (issue 33, item 5: the ranking comes only from aligned checks).
  const unchecked = ranking.filter((entry) => entry.checked === 0);
  const placed = placeRanking(ranking.filter((entry) => entry.checked !== 0));
  const allTied = placed.length > 1 && placed.every((place) => place.rank === 1);
  const withReasons = placed.some(({ entry }) => entry.reason);
  const List = allTied ? 'ul' : 'ol';
  return (
    <div className="grid gap-2">
      {allTied && <p className="text-sm font-medium">{ALL_TIED_MESSAGE}</p>}
      <List aria-label="Confidence ranking" className="flex flex-wrap gap-2">
        {placed.map((place) => {
          const { entry, rank } = place;
          const colour = allTied ? undefined : placeClass[(rank - 1) as 0 | 1];
          const style = colour ?? 'bg-muted/60 text-foreground';
          const line = (
            <>
              {!allTied && <span className="text-xs font-semibold">{placeLabel(place)}</span>}
              <span className="font-medium">{entry.displayName}</span>
              <span className="font-semibold tabular-nums">{confidencePercent(entry.score)}</span>
            </>
          );
          return withReasons ? (
            <li key={entry.model} className={cn('min-w-0 flex-1 basis-56 rounded-lg border px-3 py-2 text-sm', style)}>
              <span className="flex items-center gap-2">{line}</span>
              {entry.reason && <span className="mt-0.5 block text-xs opacity-90">{entry.reason}</span>}
            </li>
          ) : (
            <li
              key={entry.model}
              className={cn('inline-flex items-center gap-2 rounded-full border px-3 py-1 text-sm', style)}
            >
              {line}
            </li>
          );
        })}
      </List>
      {unchecked.length > 0 && (
        <ul aria-label="Not checked" className="grid gap-1 text-sm text-muted-foreground">
          {unchecked.map((entry) => (
            <li key={entry.model}>
              <span className="font-medium text-foreground">{entry.displayName}</span>: {entry.reason ?? 'not checked'}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
