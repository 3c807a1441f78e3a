// The local analyser (docs/architecture.md, "The local analyser"): the comparison every question gets, alone
// or with a judge model's verified findings added (decision 0024). Pure and synchronous: claims are aligned by
// their words, typed values compared, and only values of the same kind and role that no answer reconciles are
// reported as disagreements.

import type { AnswerForComparison, ComparisonAnalysis, Disagreement } from '../../common/comparison';
import { displayNameOf } from '../../common/models';
import { buildAnswerClaims } from './answer-claims';
import { groupAgreements } from './agreement-groups';
import { buildClaims, verdictOf, type Claim, type ClaimValue } from './claims';
import { rankByClaims } from './confidence';
import { groupConflicts, type ConflictGroup } from './conflict-groups';
import { compareDefinitions } from './definitions';
import { compareMainValues, topicOfFinding, type MainFinding } from './main-values';
import { compareAnswers } from './matching';
import { summarise, topicOf, trimClaim } from './report-text';
import { Similarity } from './similarity';
import { differentLabels, Weights } from './claim-pairs';
import { findShapedConflicts } from './shaped-conflicts';
import { differingSorts, findTwinConflicts, sharesValue, topicOfTwin } from './twin-claims';
import { relate } from './value-compare';
import { ValueSpans } from './value-spans';
import { FactGate } from './fact-gate';
import { compareAssignments } from './assignments';
import { compareAttributes } from './attributes';
import type { Findings } from './findings';

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

/**
 * Claims of different answers must be this alike for the claim-by-claim matcher's value conflict to be
 * reported: below it, two figures about different things ('the mission lasted eight days', 'the moonwalk
 * lasted two hours') were set against each other.
 */
const CLAIM_CONFLICT_SIMILARITY = 0.15;
/** ...or the words around the two values this alike ('150 tonnes' and '15 tonnes' of a blue whale's mass). */
const VALUE_CONTEXT_SIMILARITY = 0.65;
/** Names recur in loosely related sentences: two names conflict only where each is the claim's answer, in closely alike surroundings. */
const NAME_CONTEXT_SIMILARITY = 0.8;

/**
 * Bare counts, ranks and names recur in unrelated sentences ('two', 'Five Good Emperors', 'Second World
 * War'); the question-aware comparison handles them where the question asks for them. Elsewhere a count
 * or rank conflicts only when both sides say what is counted, and a name only in closely alike claims.
 */
function isTrustworthyConflict(group: ConflictGroup, similarity: Similarity): boolean {
  if (group.kind !== 'value') return true;
  const values = group.positions.flatMap((position) => (position.value ? [position.value] : []));
  const [first, ...rest] = group.positions;
  const opponent = rest.find((p) => p.side !== first?.side);
  // Label lines under different labels state different facts ('Crossing time: 2 hours', 'Check-in time: 45 minutes').
  if (first && opponent && differentLabels(first.claim, opponent.claim)) return false;
  // Sentences that differ in every figure they give tell different stretches of a story (twin-claims.ts).
  if (
    first &&
    opponent &&
    differingSorts(first.claim, opponent.claim) > 1 &&
    !sharesValue(first.claim, opponent.claim)
  ) {
    return false;
  }
  const score = Math.max(
    ...rest.filter((p) => p.side !== first?.side).map((p) => similarity.claim(first!.claim, p.claim)),
    0,
  );
  // What is counted or ranked must be named on every side, and be the same thing ('eight legs', 'six legs').
  const roles = values.map((value) =>
    value.data.kind === 'ordinal' || (value.data.kind === 'quantity' && value.data.dim === 'count')
      ? value.data.role
      : null,
  );
  const counted = roles.filter((role): role is string[] => role !== null);
  if (counted.length > 0) {
    if (counted.length !== values.length || counted.some((role) => role.length === 0)) return false;
    const [shared, ...others] = counted;
    if (!shared?.some((word) => others.every((role) => role.includes(word)))) return false;
  }
  // How alike the words around the disputed values are ('invented by _', 'capital of Australia is _').
  const [v0, ...vs] = values;
  const context = Math.max(...vs.filter((v) => v.display !== v0?.display).map((v) => similarity.context(v0!, v)), 0);
  if (values.some((value) => value.data.kind === 'name')) {
    // 'California has the most (54)' and 'Texas has 40': figures that differ too make two facts about two subjects.
    if (
      first &&
      opponent &&
      (differingSorts(first.claim, opponent.claim) > 0 || differingFigures(first.claim, opponent.claim))
    ) {
      return false;
    }
    return (
      values.every((value) => value.data.kind === 'name' && value.data.predicative) &&
      context >= NAME_CONTEXT_SIMILARITY
    );
  }
  return score >= CLAIM_CONFLICT_SIMILARITY || context >= VALUE_CONTEXT_SIMILARITY;
}

/** Each claim states a figure, bare counts included, that the other does not. */
function differingFigures(a: Claim, b: Claim): boolean {
  const figures = (claim: Claim) => claim.values.filter((value) => value.data.kind === 'quantity');
  const unmatched = (x: Claim, y: Claim) =>
    figures(x).filter((v) => !figures(y).some((w) => relate(v.data, w.data) === 'same'));
  return unmatched(a, b).length > 0 && unmatched(b, a).length > 0;
}

/**
 * A finding's sides with only the values the gate admits (fact-gate.ts); a finding left with fewer than two
 * sides, or with two values that are not one fact (`sameFact`), is no finding.
 */
function gatedSides<F extends { sides: unknown[][] }>(
  found: F[],
  admits: (item: F['sides'][number][number]) => boolean,
  sameFact: (a: F['sides'][number][number], b: F['sides'][number][number]) => boolean,
): F[] {
  return found.flatMap((finding) => {
    const sides = finding.sides.map((side) => side.filter(admits)).filter((side) => side.length > 0);
    if (sides.length < 2) return [];
    const all = sides.flat();
    if (!all.every((a) => all.every((b) => sameFact(a, b)))) return [];
    return [{ ...finding, sides }];
  });
}

/** A claim-by-claim conflict survives the gate when it sets admitted values of one fact against each other. */
function gatedGroup(group: ConflictGroup, gate: FactGate): boolean {
  // A yes/no stance counts only where it is asserted: not in a supposition, a question or an exclamation.
  if (group.kind !== 'value') return group.positions.every((p) => gate.asserts(p.claim));
  const admitted = group.positions.flatMap((p) => (p.value && gate.admits(p.value, p.value.display, true) ? [p] : []));
  if (admitted.length !== group.positions.length) return false;
  const sides = new Set(admitted.map((p) => p.side));
  return sides.size >= 2 && admitted.every((a) => admitted.every((b) => gate.sameFact(a.value!, b.value!)));
}

/** The yes/no a verdict disagreement's position takes ('Yes, ...' / 'No. ...'). */
const stanceOf = (claim: Claim): string => (verdictOf(claim) === 'no' ? 'No' : 'Yes');

/** Agreements only between values the gate admits. */
function gatedFindings(findings: Findings, gate: FactGate): Findings {
  const admits = (value: ClaimValue) => gate.admits(value, value.display, true);
  return {
    ...findings,
    supports: findings.supports.filter(
      (link) => admits(link.from) && admits(link.to) && gate.samePeriod(link.from.claim, link.to.claim),
    ),
  };
}

/** `question` is what the user asked: it tells the analyser which kind of value each answer should give. */
export function analyseLocally(answers: AnswerForComparison[], question = ''): ComparisonAnalysis {
  // A canonical order (by model key) makes every tie-break independent of the order answers arrive in.
  const answered: Answered[] = answers
    .map((answer, input) => ({ answer, input }))
    .filter(({ answer }) => isAnswered(answer))
    .map(({ answer, input }) => ({ model: answer.model, input, text: answer.text as string }))
    .sort((a, b) => (a.model < b.model ? -1 : a.model > b.model ? 1 : a.input - b.input));

  const texts = answered.map((answer) => answer.text);
  const claims = buildClaims(texts);
  const spans = new ValueSpans(texts, claims);
  const similarity = new Similarity(claims.flat());
  const gate = new FactGate(question);
  const findings = gatedFindings(compareAnswers(claims, similarity), gate);
  const assignments = compareAssignments(question, claims);
  const resultClaims = new Set(assignments.flatMap((finding) => finding.sides.flat().map((main) => main.claim.id)));
  // A result compared as a variable's value is not compared again as the question's answer.
  const questionFindings = [
    ...assignments,
    ...compareMainValues(question, texts, claims, spans, gate).filter(
      (finding) => !finding.sides.flat().some((main) => resultClaims.has(main.claim.id)),
    ),
    ...compareAttributes(claims),
  ];
  const claimsOf = (found: MainFinding[]) =>
    found.flatMap((finding) => finding.sides.flat().map((main) => main.claim.id));
  const mainFindings = gatedSides(
    [...questionFindings, ...compareDefinitions(claims, new Set(claimsOf(questionFindings)))],
    (main) => gate.admits(main.value, main.display, false),
    (a, b) => gate.samePeriod(a.claim, b.claim),
  );
  const mainClaims = new Set(claimsOf(mainFindings));
  // What the question-aware comparison settled is not reported again by the claim-by-claim one, and the
  // claim-by-claim matcher reports only what it aligns reliably (see isTrustworthyConflict); twin claims
  // (twin-claims.ts) catch what it does not align.
  const conflicts = groupConflicts(findings, claims).filter(
    (group) =>
      !group.positions.some((position) => mainClaims.has(position.claim.id)) &&
      isTrustworthyConflict(group, similarity) &&
      gatedGroup(group, gate),
  );
  // Twin sentences first, then the facts told in other shapes (shaped-conflicts.ts), each value in one conflict.
  const settledSoFar = new Set([
    ...mainClaims,
    ...conflicts.flatMap((group) => group.positions.map((position) => position.claim.id)),
  ]);
  const weights = new Weights(claims.flat());
  const twins = findTwinConflicts(claims, settledSoFar, weights);
  const used = new Set(twins.flatMap((twin) => twin.sides.flat().map((value) => value.id)));
  const twinConflicts = gatedSides(
    [...twins, ...findShapedConflicts(claims, settledSoFar, weights, used)],
    (value) => gate.admits(value, value.display, true),
    (a, b) => gate.sameFact(a, b),
  );
  const settled = new Set([
    ...mainClaims,
    ...twinConflicts.flatMap((twin) => twin.sides.flat().map((v) => v.claim.id)),
  ]);
  const positions = conflicts.flatMap((group) => group.positions);
  const disputed = {
    claims: new Set([...positions.map((position) => position.claim.id), ...settled]),
    values: new Set(positions.flatMap((position) => (position.value ? [position.value.id] : []))),
  };
  const agreementGroups = groupAgreements(findings, claims, similarity, disputed);

  const byInput = (a: { answer: number }, b: { answer: number }) =>
    (answered[a.answer]?.input ?? 0) - (answered[b.answer]?.input ?? 0);
  const modelOf = (answer: number) => answered[answer]?.model ?? '';
  const disagreements: Disagreement[] = [
    ...mainFindings.map((finding) => ({
      topic: topicOfFinding(finding, question),
      positions: finding.sides
        .flat()
        .sort(byInput)
        .map((main) => ({ model: modelOf(main.answer), claim: trimClaim(main.claim.text), value: main.display })),
      source: 'local' as const,
    })),
    ...twinConflicts.map((twin) => ({
      topic: topicOfTwin(twin),
      positions: twin.sides
        .flat()
        .sort((a, b) => byInput({ answer: a.claim.answer }, { answer: b.claim.answer }))
        .map((value) => ({
          model: modelOf(value.claim.answer),
          claim: trimClaim(value.claim.text),
          value: value.display,
        })),
      source: 'local' as const,
    })),
    ...mergeByClaims(conflicts).map((groups) => ({
      topic: topicOf(groups),
      positions: [...(groups[0]?.positions ?? [])].sort(byInput).map((position) => ({
        model: modelOf(position.answer),
        claim: trimClaim(position.claim.text),
        value: position.value ? position.value.display : stanceOf(position.claim),
      })),
      source: 'local' as const,
    })),
  ];

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

  const answerClaims = buildAnswerClaims({
    models: answered.map((answer) => answer.model),
    claims,
    spans,
    findings,
    mainFindings,
    twinConflicts,
    conflicts,
  });
  const confidenceRanking = rankByClaims(answers, answerClaims);

  const summary = summarise({
    answered: [...answered].sort((a, b) => a.input - b.input).map((answer) => displayNameOf(answer.model)),
    failed: answers.filter((answer) => !isAnswered(answer)).map((answer) => displayNameOf(answer.model)),
    agreements: listable.length,
    topics: disagreements.map((disagreement) => disagreement.topic),
  });

  return { summary, agreements, disagreements, confidenceRanking, judge: { kind: 'local' }, claims: answerClaims };
}
