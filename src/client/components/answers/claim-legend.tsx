import type { AnswerClaim, ComparisonAnalysis } from '../../../common/comparison';
import { claimMarkClass } from './claim-mark';
import { MARKED_STATUSES } from './mark-claims';

/**
 * The claims to mark in `model`'s answer: undefined when the analysis has no claim data at all (a
 * query stored before claims existed, or no analysis), so the caller falls back to word overlap; an
 * empty list when the analysis has claims but none for this answer.
 */
export function claimsOf(comparison: ComparisonAnalysis | null | undefined, model: string): AnswerClaim[] | undefined {
  if (!comparison?.claims) return undefined;
  return comparison.claims.find((entry) => entry.model === model)?.claims ?? [];
}

function hasMarks(comparison: ComparisonAnalysis): boolean {
  return (comparison.claims ?? []).some((entry) => entry.claims.some((claim) => MARKED_STATUSES.has(claim.status)));
}

/** What the two mark styles mean, shown beside the answers while the marks are on (not colour alone). */
export function ClaimLegend({ comparison }: { comparison: ComparisonAnalysis | null | undefined }) {
  if (!comparison?.claims) return null;
  if (!hasMarks(comparison)) {
    return <p className="text-sm text-muted-foreground">No contradicted or single-source claims to mark.</p>;
  }
  return (
    <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
      <span>
        <mark className={claimMarkClass('contradicted')}>Wavy underline</mark>: another answer says otherwise
      </span>
      <span>
        <mark className={claimMarkClass('single-source')}>Dashed underline</mark>: only this answer says it
      </span>
      <span>Hover, tap or Tab to a mark for details.</span>
    </p>
  );
}
