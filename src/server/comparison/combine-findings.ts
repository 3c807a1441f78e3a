// The judge's verified findings and the local analysis, made one comparison (issue 11 'Comparison you
// can trust', item 3; decision 0024). The judge's findings come first; the local analyser fills in
// what the judge missed, and every disagreement says which of the two found it.

import type {
  AnswerClaim,
  AnswerClaims,
  AnswerForComparison,
  ComparisonAnalysis,
  Disagreement,
} from '../../common/comparison';
import { displayNameOf } from '../../common/models';
import { rankByClaims } from './confidence';
import { sameValueKey } from './judge-verification';
import { summarise } from './report-text';

/** More than this many shared facts would bury the list; the summary still counts them all. */
const MAX_AGREEMENTS = 10;

/** What the judge found that verification kept (judge-verification.ts). */
export interface JudgeFindings {
  agreements: string[];
  disagreements: Disagreement[];
  claims: AnswerClaims[];
}

/** Which judge ran: named on the card with its vendor version and how long it took. */
export interface JudgeInfo {
  model: string;
  modelVersion?: string;
  durationMs?: number;
}

type Span = { start: number; end: number };

const overlaps = (a: Span, b: Span) => a.start < b.end && b.start < a.end;

function isAnswered(answer: AnswerForComparison): answer is AnswerForComparison & { text: string } {
  return answer.error === null && !!answer.text?.trim();
}

function claimsByModel(entries: AnswerClaims[] | undefined): Map<string, AnswerClaim[]> {
  const byModel = new Map<string, AnswerClaim[]>();
  for (const entry of entries ?? []) byModel.set(entry.model, [...(byModel.get(entry.model) ?? []), ...entry.claims]);
  return byModel;
}

/**
 * Where the local analyser put a position in its answer: the local claims that state its value, or
 * else the sentence it quotes (claims may be trimmed with an ellipsis by report-text.ts).
 */
function localSpans(text: string, position: Disagreement['positions'][number], local: AnswerClaim[]): Span[] {
  if (position.value) {
    const key = sameValueKey(position.value);
    const stating = local.filter((claim) => sameValueKey(text.slice(claim.start, claim.end)) === key);
    if (stating.length > 0) return stating;
  }
  const sentence = position.claim.replace(/…$/, '');
  const at = sentence ? text.indexOf(sentence) : -1;
  return at < 0 ? [] : [{ start: at, end: at + sentence.length }];
}

/**
 * Whether the judge already reported this local disagreement: for at least two of its models, a judge
 * claim covers the same place in the answer or the judge quoted the same value.
 */
function coveredByJudge(
  disagreement: Disagreement,
  texts: Map<string, string>,
  judgeClaims: Map<string, AnswerClaim[]>,
  judgeValues: Map<string, Set<string>>,
  localClaims: Map<string, AnswerClaim[]>,
): boolean {
  const matched = disagreement.positions.filter((position) => {
    const judged = judgeClaims.get(position.model) ?? [];
    if (position.value && judgeValues.get(position.model)?.has(sameValueKey(position.value))) return true;
    const spans = localSpans(texts.get(position.model) ?? '', position, localClaims.get(position.model) ?? []);
    return judged.some((claim) => spans.some((span) => overlaps(claim, span)));
  });
  return new Set(matched.map((position) => position.model)).size >= 2;
}

/**
 * One comparison from both analyses. Without judge findings the local analysis stands as it is.
 * Claims: per model the judge's, plus the local ones at places the judge did not mark. Confidence is
 * ranked from those claims; the summary counts what is shown, in our words (the judge's own summary
 * could describe disputes that verification dropped).
 */
export function combine(
  judge: JudgeFindings | null,
  local: ComparisonAnalysis,
  answers: AnswerForComparison[],
  judgeInfo: JudgeInfo,
): ComparisonAnalysis {
  if (!judge) return local;
  const texts = new Map(answers.filter(isAnswered).map((answer) => [answer.model, answer.text]));
  const judgeClaims = claimsByModel(judge.claims);
  const localClaims = claimsByModel(local.claims);
  const judgeValues = new Map<string, Set<string>>();
  for (const disagreement of judge.disagreements) {
    for (const position of disagreement.positions) {
      if (!position.value) continue;
      judgeValues.set(position.model, (judgeValues.get(position.model) ?? new Set()).add(sameValueKey(position.value)));
    }
  }

  const disagreements: Disagreement[] = [
    ...judge.disagreements.map((disagreement) => ({ ...disagreement, source: 'judge' as const })),
    ...local.disagreements
      .filter((disagreement) => !coveredByJudge(disagreement, texts, judgeClaims, judgeValues, localClaims))
      .map((disagreement) => ({ ...disagreement, source: 'local' as const })),
  ];

  const models = [...new Set([...answers.map((answer) => answer.model), ...judgeClaims.keys(), ...localClaims.keys()])];
  const claims: AnswerClaims[] = models
    .filter((model) => judgeClaims.has(model) || localClaims.has(model))
    .map((model) => {
      const judged = judgeClaims.get(model) ?? [];
      const unmarked = (localClaims.get(model) ?? []).filter((claim) => !judged.some((mark) => overlaps(mark, claim)));
      return { model, claims: [...judged, ...unmarked].sort((a, b) => a.start - b.start || a.end - b.end) };
    });

  const seen = new Set<string>();
  const agreements = [...judge.agreements, ...local.agreements].filter((agreement) => {
    const key = sameValueKey(agreement);
    if (key === '' || seen.has(key)) return false;
    seen.add(key);
    return true;
  });

  const summary = summarise({
    answered: answers.filter(isAnswered).map((answer) => displayNameOf(answer.model)),
    failed: answers.filter((answer) => !isAnswered(answer)).map((answer) => displayNameOf(answer.model)),
    agreements: agreements.length,
    topics: disagreements.map((disagreement) => disagreement.topic),
  });

  return {
    summary,
    agreements: agreements.slice(0, MAX_AGREEMENTS),
    disagreements,
    confidenceRanking: rankByClaims(answers, claims),
    judge: {
      kind: 'model',
      model: judgeInfo.model,
      displayName: displayNameOf(judgeInfo.model),
      ...(judgeInfo.modelVersion !== undefined && { modelVersion: judgeInfo.modelVersion }),
      ...(judgeInfo.durationMs !== undefined && { durationMs: judgeInfo.durationMs }),
    },
    claims,
  };
}
