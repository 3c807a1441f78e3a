import type { AnswerClaim, FindingSource } from '../../../common/comparison';
import { displayNameOf } from '../../../common/models';

// What a claim mark says when it is hovered or focused (issue 'Comparison you can trust', item 4):
// its status first, so the words carry what the colour and underline show, then who says what.

export interface ClaimExplanation {
  /** 'Contradicted' or 'Only ChatGPT states this'. */
  title: string;
  /** One line per other model that states something else: who, the value and the sentence. */
  contradictions: Array<{ model: string; value: string; claim: string }>;
  /** 'Gemini agrees.' when some models back the claim; null otherwise. */
  agreement: string | null;
  /** Which analysis found it. */
  source: string;
}

export const SOURCE_LABEL: Record<FindingSource, string> = { judge: 'Judge', local: 'Local check' };

const FOUND_BY: Record<FindingSource, string> = {
  judge: 'Found by the judge',
  local: 'Found by the local check',
};

/** 'A', 'A and B', 'A, B and C'. */
export function listNames(models: readonly string[]): string {
  const names = models.map(displayNameOf);
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

export function explainClaim(claim: AnswerClaim, model: string): ClaimExplanation {
  return {
    title: claim.status === 'contradicted' ? 'Contradicted' : `Only ${displayNameOf(model)} states this`,
    contradictions: claim.contradictedBy.map((other) => ({
      model: displayNameOf(other.model),
      value: other.value,
      claim: other.claim,
    })),
    agreement:
      claim.agreedBy.length > 0
        ? `${listNames(claim.agreedBy)} ${claim.agreedBy.length === 1 ? 'agrees' : 'agree'}.`
        : null,
    source: FOUND_BY[claim.source],
  };
}
