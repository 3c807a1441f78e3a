// The local analyser (DESIGN.md section 5a): the comparison used when no judge model is configured or
// the judge fails. Pure and synchronous: claims are aligned by their words, typed values compared, and
// only values of the same kind and role that no answer reconciles are reported as disagreements.

import type { AnswerForComparison, ComparisonAnalysis, ConfidenceEntry, Disagreement } from '../../common/comparison';
import { displayNameOf } from '../../common/models';
import { groupAgreements, type AgreementGroup } from './agreement-groups';
import { buildClaims, type Claim } from './claims';
import { groupConflicts, type ConflictGroup } from './conflict-groups';
import { compareAnswers } from './matching';
import { summarise, topicOf, trimClaim } from './report-text';
import { Similarity } from './similarity';

/** More than this many shared facts would bury the list; the summary still counts them all. */
const MAX_AGREEMENTS = 10;

interface Answered {
  model: string;
  input: number;
  text: string;
}

function isAnswered(answer: AnswerForComparison): answer is AnswerForComparison & { text: string } {
  return answer.text !== null && answer.error === null;
}

/** Groups that dispute exactly the same claims are one disagreement ('330 m, 1889' vs '324 m, 1887'). */
function mergeByClaims(groups: ConflictGroup[]): ConflictGroup[][] {
  const merged = new Map<string, ConflictGroup[]>();
  for (const group of groups) {
    const key = group.positions
      .map((position) => position.claim.id)
      .sort((a, b) => a - b)
      .join(',');
    merged.set(key, [...(merged.get(key) ?? []), group]);
  }
  return [...merged.entries()].sort(([a], [b]) => Number(a.split(',')[0]) - Number(b.split(',')[0])).map(([, g]) => g);
}

/** Per answer: 1 for siding with the majority of a compared fact, 0.5 for a tie at the top, 0 otherwise. */
function votes(conflicts: ConflictGroup[], agreements: AgreementGroup[], count: number): number[] {
  const totals = new Array<number>(count).fill(0);
  const compared = new Array<number>(count).fill(0);
  for (const group of conflicts) {
    const sizes = new Map<number, number>();
    for (const position of group.positions) sizes.set(position.side, (sizes.get(position.side) ?? 0) + 1);
    const largest = Math.max(...sizes.values());
    const leaders = [...sizes.values()].filter((size) => size === largest).length;
    for (const position of group.positions) {
      compared[position.answer] = (compared[position.answer] ?? 0) + 1;
      if (sizes.get(position.side) === largest)
        totals[position.answer] = (totals[position.answer] ?? 0) + (leaders > 1 ? 0.5 : 1);
    }
  }
  for (const group of agreements) {
    for (const claim of group.claims) {
      compared[claim.answer] = (compared[claim.answer] ?? 0) + 1;
      totals[claim.answer] = (totals[claim.answer] ?? 0) + 1;
    }
  }
  return totals.map((total, answer) => {
    const n = compared[answer] ?? 0;
    return n === 0 ? 0.5 : Math.round((total / n) * 100) / 100;
  });
}

/** `question` is what the user asked: it tells the analyser which kind of value each answer should give. */
export function analyseLocally(answers: AnswerForComparison[], question = ''): ComparisonAnalysis {
  void question;
  // A canonical order (by model key) makes every tie-break independent of the order answers arrive in.
  const answered: Answered[] = answers
    .map((answer, input) => ({ answer, input }))
    .filter(({ answer }) => isAnswered(answer))
    .map(({ answer, input }) => ({ model: answer.model, input, text: answer.text as string }))
    .sort((a, b) => (a.model < b.model ? -1 : a.model > b.model ? 1 : a.input - b.input));

  const claims = buildClaims(answered.map((answer) => answer.text));
  const similarity = new Similarity(claims.flat());
  const findings = compareAnswers(claims, similarity);
  const conflicts = groupConflicts(findings, claims, similarity);
  const positions = conflicts.flatMap((group) => group.positions);
  const disputed = {
    claims: new Set(positions.map((position) => position.claim.id)),
    values: new Set(positions.flatMap((position) => (position.value ? [position.value.id] : []))),
  };
  const agreementGroups = groupAgreements(findings, claims, similarity, disputed);

  const disagreements: Disagreement[] = mergeByClaims(conflicts).map((groups) => ({
    topic: topicOf(groups),
    positions: [...(groups[0]?.positions ?? [])]
      .sort((a, b) => (answered[a.answer]?.input ?? 0) - (answered[b.answer]?.input ?? 0))
      .map((position) => ({ model: answered[position.answer]?.model ?? '', claim: trimClaim(position.claim.text) })),
  }));

  // The wording of a shared fact: preferably a claim that is neither disputed nor opens with a pronoun.
  const awkward = (claim: Claim) =>
    (disputed.claims.has(claim.id) ? 2 : 0) +
    (claim.inherited.length > 0 || /^(it|they|this|these|he|she)\b/i.test(claim.text) ? 1 : 0);
  // A fact shared only by claims that are also disputed would read as a contradiction; it still counts
  // towards confidence.
  const listable = agreementGroups.filter((group) => group.claims.some((claim) => !disputed.claims.has(claim.id)));
  // One claim may state two shared facts; it is listed once.
  const agreements = [
    ...new Set(
      listable.map((group) => {
        const [best] = [...group.claims].sort(
          (a, b) => awkward(a) - awkward(b) || a.text.length - b.text.length || a.id - b.id,
        );
        return trimClaim(best?.text ?? '');
      }),
    ),
  ].slice(0, MAX_AGREEMENTS);

  const scores = votes(conflicts, agreementGroups, answered.length);
  const scoreByInput = new Map(answered.map((answer, k) => [answer.input, scores[k] ?? 0.5]));
  const confidenceRanking: ConfidenceEntry[] = answers
    .map((answer, input) => ({
      model: answer.model,
      displayName: displayNameOf(answer.model),
      score: scoreByInput.get(input) ?? 0,
      input,
    }))
    .sort((a, b) => b.score - a.score || a.input - b.input)
    .map(({ model, displayName, score }) => ({ model, displayName, score }));

  const summary = summarise({
    answered: [...answered].sort((a, b) => a.input - b.input).map((answer) => displayNameOf(answer.model)),
    failed: answers.filter((answer) => !isAnswered(answer)).map((answer) => displayNameOf(answer.model)),
    agreements: listable.length,
    topics: disagreements.map((disagreement) => disagreement.topic),
  });

  return { summary, agreements, disagreements, confidenceRanking, judge: { kind: 'local' } };
}
