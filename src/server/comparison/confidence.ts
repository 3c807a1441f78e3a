// Honest confidence (issue 11 'Comparison you can trust', item 5): a model's score counts only the
// claims another answer could confirm or contradict, and every score carries the one line that explains
// it. Both the local analyser and the judge path rank through here, so the card reads the same either way.

import type { AnswerClaim, AnswerClaims, AnswerForComparison, ConfidenceEntry } from '../../common/comparison';
import { displayNameOf } from '../../common/models';
import { RANKING_MIN_CHECKED } from '../../common/comparison';
import { sameWrittenValue } from './same-value';

/** The score of an answer with nothing checkable: no verdict either way (the client then says so in words). */
export const UNCHECKED_SCORE = 0.5;

/** Every sentence a confidence reason can be, in one place so server, client and tests agree on them. */
export const CONFIDENCE_REASONS = {
  nothingChecked: 'Nothing to check: no other answer states the same facts',
  oneConfirmed: '1 checked claim, confirmed by another answer',
  oneContradicted: '1 checked claim, contradicted by another answer',
  allConfirmed: (checked: number) => `Confirmed by another answer on all ${checked} checked claims`,
  contradicted: (contradicted: number, checked: number) =>
    `Contradicted on ${contradicted} of ${checked} checked claims`,
} as const;

function isAnswered(answer: AnswerForComparison): boolean {
  return answer.error === null && answer.text !== null && answer.text.trim() !== '';
}

/** Other models, each counted once however many entries name it. */
function othersIn(models: string[], self: string): number {
  return new Set(models.filter((model) => model !== self)).size;
}

interface Tally {
  checked: number;
  contradicted: number;
  supported: number;
}

function tally(model: string, claims: AnswerClaim[]): Tally {
  const result: Tally = { checked: 0, contradicted: 0, supported: 0 };
  for (const claim of claims) {
    const agree = othersIn(claim.agreedBy, model);
    const disagree = othersIn(
      claim.contradictedBy.map((entry) => entry.model),
      model,
    );
    // A single-source claim is neither confirmed nor refuted: it says nothing about this answer's accuracy.
    if (agree + disagree === 0) continue;
    result.checked += 1;
    if (disagree > 0) result.contradicted += 1;
    result.supported += agree > disagree ? 1 : agree === disagree ? 0.5 : 0;
  }
  return result;
}

function reasonOf({ checked, contradicted }: Tally): string {
  if (checked === 0) return CONFIDENCE_REASONS.nothingChecked;
  if (checked === 1) return contradicted === 0 ? CONFIDENCE_REASONS.oneConfirmed : CONFIDENCE_REASONS.oneContradicted;
  return contradicted === 0
    ? CONFIDENCE_REASONS.allConfirmed(checked)
    : CONFIDENCE_REASONS.contradicted(contradicted, checked);
}

/**
 * An answer stands alone against others that agree with each other when two or more other models
 * contradict one of its claims with one value (issue 33, item 5): it is never ranked above them.
 */
function outvoted(claims: AnswerClaim[]): boolean {
  return claims.some((claim) => {
    const against = claim.contradictedBy;
    return against.some((a, i) =>
      against.some((b, j) => j > i && a.model !== b.model && sameWrittenValue(a.value, b.value)),
    );
  });
}

/**
 * One entry per answered model, best first (ties keep the order the answers came in), or none at all when
 * the checks are too few to rank on (issue 33, item 5): fewer than two answers with a checked claim, or
 * fewer than RANKING_MIN_CHECKED checked claims in all. A failed answer gets no entry (it has no score); so
 * does a stopped one, which the caller leaves out. An answer outvoted on a fact ranks below every answer
 * that is not.
 */
export function rankByClaims(answers: AnswerForComparison[], claims: AnswerClaims[]): ConfidenceEntry[] {
  const claimsOf = new Map<string, AnswerClaim[]>();
  for (const entry of claims) claimsOf.set(entry.model, [...(claimsOf.get(entry.model) ?? []), ...entry.claims]);
  const entries = answers
    .map((answer, input) => ({ answer, input }))
    .filter(({ answer }) => isAnswered(answer))
    .map(({ answer, input }) => {
      const own = claimsOf.get(answer.model) ?? [];
      const counts = tally(answer.model, own);
      const score =
        counts.checked === 0 ? UNCHECKED_SCORE : Math.round((counts.supported / counts.checked) * 100) / 100;
      return {
        model: answer.model,
        displayName: displayNameOf(answer.model),
        input,
        outvoted: outvoted(own),
        score,
        checked: counts.checked,
        contradicted: counts.contradicted,
        reason: reasonOf(counts),
      };
    });
  const withChecks = entries.filter((entry) => entry.checked > 0);
  const checked = entries.reduce((sum, entry) => sum + entry.checked, 0);
  if (withChecks.length < 2 || checked < RANKING_MIN_CHECKED) return [];
  // An outvoted answer scores below every answer that is not, so no card shows it tied with them.
  const lowestStanding = Math.min(...entries.filter((entry) => !entry.outvoted).map((entry) => entry.score));
  for (const entry of entries) {
    if (entry.outvoted && entry.score >= lowestStanding)
      entry.score = Math.max(0, Math.round((lowestStanding - 0.01) * 100) / 100);
  }
  return entries
    .sort((a, b) => Number(a.outvoted) - Number(b.outvoted) || b.score - a.score || a.input - b.input)
    .map(({ input: _input, outvoted: _outvoted, ...entry }) => entry);
}
