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

/**
 * Rank, name and score of each model, best first; the first is green, the second blue (docs/product.md, "Comparison"),
 * each with its one-line reason when the analysis gives one. When nothing was checkable, the scores
 * are left out and the ranking says so.
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

  const ordered = [...ranking].sort((a, b) => b.score - a.score);
  const withReasons = ordered.some((entry) => entry.reason);
  return (
    <ol aria-label="Confidence ranking" className="flex flex-wrap gap-2">
      {ordered.map((entry, index) => {
        const place = placeClass[index as 0 | 1] ?? 'bg-muted/60 text-foreground';
        const line = (
          <>
            <span className="text-xs font-semibold opacity-80">#{index + 1}</span>
            <span className="font-medium">{entry.displayName}</span>
            <span className="font-semibold tabular-nums">{confidencePercent(entry.score)}</span>
          </>
        );
        return withReasons ? (
          <li key={entry.model} className={cn('min-w-0 flex-1 basis-56 rounded-lg border px-3 py-2 text-sm', place)}>
            <span className="flex items-center gap-2">{line}</span>
            {entry.reason && <span className="mt-0.5 block text-xs opacity-90">{entry.reason}</span>}
          </li>
        ) : (
          <li
            key={entry.model}
            className={cn('inline-flex items-center gap-2 rounded-full border px-3 py-1 text-sm', place)}
          >
            {line}
          </li>
        );
      })}
    </ol>
  );
}
