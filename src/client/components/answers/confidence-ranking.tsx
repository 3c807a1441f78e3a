import type { ConfidenceEntry } from '../../../common/comparison';
import { cn } from '../../lib/cn';

/** A confidence score as the spec shows it: a whole percent. */
export function confidencePercent(score: number): string {
  return `${Math.round(score * 100)}%`;
}

const placeClass = [
  'border-green-200 bg-green-50 text-green-800',
  'border-blue-200 bg-blue-50 text-blue-800',
] as const;

/** Rank, name and score of each model, best first; the first is green, the second blue (spec section 2). */
export function ConfidenceRanking({ ranking }: { ranking: ConfidenceEntry[] }) {
  if (ranking.length === 0) return null;
  const ordered = [...ranking].sort((a, b) => b.score - a.score);
  return (
    <ol aria-label="Confidence ranking" className="flex flex-wrap gap-2">
      {ordered.map((entry, index) => (
        <li
          key={entry.model}
          className={cn(
            'inline-flex items-center gap-2 rounded-full border px-3 py-1 text-sm',
            placeClass[index as 0 | 1] ?? 'bg-muted/60 text-foreground',
          )}
        >
          <span className="text-xs font-semibold opacity-80">#{index + 1}</span>
          <span className="font-medium">{entry.displayName}</span>
          <span className="font-semibold tabular-nums">{confidencePercent(entry.score)}</span>
        </li>
      ))}
    </ol>
  );
}
