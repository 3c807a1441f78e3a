import type {
  AnswerClaims,
  AnswerForComparison,
  ComparisonAnalysis,
  Disagreement,
  RecheckOutcome,
  RecheckVerdict,
  Settlement,
} from '../../common/comparison';
import { rankByClaims } from './confidence';
import { assembleConsensus, valuesAfterRecheck } from './consensus';
import { sameValueKey } from './judge-verification';
import { NOT_CHECKED, summarise } from './report-text';
import { sameWrittenValue } from './same-value';
import { displayNameOf } from '../../common/models';

// Cross-examination, 'Settle this' (issue 13, item 2; decision 0055): each model in a disagreement is
// shown the other side's claim, blind (no model is named), and asked to keep, revise or be uncertain.
// Its reply is read here into held / changed / uncertain, and the comparison is updated from those
// verdicts alone: a model that changed no longer contradicts the side it moved to (it now confirms it),
// one that became uncertain no longer contradicts anybody; its own answer's claim stays contradicted,
// as its text still says what it said. The ranking and the Parallax answer are made again from that.
// Every value here is compared by what it means (same-value.ts, issue 33, item 6): '330 m', '330 metres'
// and '1,083 ft' are one position, so a round where each model ends on one of them is settled.

type Position = Disagreement['positions'][number];

/** The value a position states: its value as written, else its whole claim. */
const valueOf = (position: Position): string => position.value ?? position.claim;

/** The values of `positions`, each meaning once, in the form the first position stating it wrote. */
function distinctValues(positions: readonly Position[]): string[] {
  const values: string[] = [];
  for (const value of positions.map(valueOf))
    if (!values.some((told) => sameWrittenValue(told, value))) values.push(value);
  return values;
}

/** The models in a dispute, each once, in the order their positions come. */
export function disputedModels(disagreement: Disagreement): string[] {
  return [...new Set(disagreement.positions.map((position) => position.model))];
}

/**
 * A disagreement's name across re-comparisons: its topic, as words (a retry may reorder the list). An
 * identity, not a value: it stays a key of words, so a stored round keeps finding its disagreement.
 */
export const disagreementKey = (disagreement: Pick<Disagreement, 'topic'>): string =>
  sameValueKey(disagreement.topic).slice(0, 200);

const quoted = (text: string) => `"${text.replace(/\s+/g, ' ').trim()}"`;

/** The blind re-check put to `model`: the question, the other side's claims and its own. */
export function recheckPrompt(question: string, disagreement: Disagreement, model: string): string {
  const own = disagreement.positions.filter((position) => position.model === model);
  const others = disagreement.positions.filter(
    (position) => position.model !== model && !own.some((mine) => sameWrittenValue(valueOf(mine), valueOf(position))),
  );
  const theirs = [...new Set(others.map((position) => quoted(position.claim)))];
  return [
    `A user asked: ${quoted(question)}`,
    '',
    theirs.length === 1 ? `Another assistant states: ${theirs[0]}.` : `Other assistants state: ${theirs.join('; ')}.`,
    `You stated: ${own.map((position) => quoted(position.claim)).join('; ')}.`,
    '',
    'Re-check and answer: keep, revise, or uncertain, with your reasoning in two sentences.',
    'Begin your reply with one word, KEEP, REVISE or UNCERTAIN. If you revise, write the value you now hold right after it, as in "REVISE: <value>".',
  ].join('\n');
}

const VERDICT_WORDS = new Map<string, RecheckVerdict>([
  ['keep', 'held'],
  ['keeps', 'held'],
  ['kept', 'held'],
  ['revise', 'changed'],
  ['revised', 'changed'],
  ['revising', 'changed'],
  ['uncertain', 'uncertain'],
  ['unsure', 'uncertain'],
]);

/** 'no reason to revise', 'not revising', "I won't revise": a verdict word its sentence denies. */
const DENIED = /\b(no|not|never|nothing|without|cannot|\w+n't)\b[^.!?;,\n]{0,24}$/iu;

/** The first verdict word the reply's opening uses and does not deny. */
function verdictInText(reply: string): RecheckVerdict | undefined {
  const opening = reply.slice(0, 400);
  for (const match of opening.matchAll(/\b(keep|kept|revise|revised|uncertain|unsure)\b/giu)) {
    if (!DENIED.test(opening.slice(0, match.index))) return VERDICT_WORDS.get(match[1]!.toLowerCase());
  }
  return undefined;
}

/** The longest value a revision may name; past it the reply is a sentence, not a value. */
const MAX_VALUE_CHARS = 120;

/**
 * What a re-check reply says: its verdict word (first, as asked, else the first one it uses; none at
 * all reads as uncertain), and for a revision the value it names, taken as the other side's value
 * when it is one of them.
 */
export function readVerdict(
  reply: string,
  disagreement: Disagreement,
  model: string,
): Pick<RecheckOutcome, 'verdict' | 'value'> {
  const lead = reply.replace(/^[\s*_#>`"'“-]+/u, '');
  const first = /^([a-z]+)\b[*_`"'”]*[\s:.,;\-–—]*([^\n]*)/iu.exec(lead);
  const firstVerdict = first ? VERDICT_WORDS.get(first[1]!.toLowerCase()) : undefined;
  const verdict = firstVerdict ?? verdictInText(reply) ?? 'uncertain';
  if (verdict !== 'changed') return { verdict };

  const named = firstVerdict ? first![2]! : '';
  // The value ends where its sentence does ('1889. Construction began ...': a decimal point has no space
  // after it) or where the reply sets it against another ('1889, not 1887').
  const value = named
    .split(/(?<=[^\d\s])\.\s|\.\s+(?=\p{Lu})|\.$|\n|[,;]\s*(?:not|rather than|instead of|as opposed to)\b/u)[0]!
    .replace(/[*_`"“”]/gu, '')
    .trim();
  const others = distinctValues(disagreement.positions.filter((position) => position.model !== model));
  // Named in other words or units ('330 m', '1,083 ft' for '330 metres'): told as that side wrote it.
  const side = value === '' ? undefined : others.find((other) => sameWrittenValue(value, other));
  if (side !== undefined) return { verdict, value: side };
  // A revision naming none of the other values: told as it wrote it, when it is short enough to be a value.
  if (value !== '' && value.length <= MAX_VALUE_CHARS) return { verdict, value };
  // 'I revise; the other figure is right', with one other value to move to.
  if (others.length === 1 && value === '') return { verdict, value: others[0]! };
  return { verdict };
}

/**
 * The round's result: settled when every model in the dispute now states the same value by meaning, every
 * two of them (a hedged 'about 300 m' may be the same as 290 m and as 310 m, which are not the same). The
 * value is told in one form: as the first position stating it wrote it, so the Parallax answer finds that
 * position's sentence (consensus.ts, settledSentence); else as the first model now writes it.
 */
export function settlementOf(disagreement: Disagreement, outcomes: RecheckOutcome[], at: Date): Settlement {
  const after = [...valuesAfterRecheck({ ...disagreement, settlement: { outcomes, settled: false, at: '' } }).values()];
  const stated = after.filter((value): value is string => value !== null);
  const settled =
    after.length > 1 &&
    stated.length === after.length &&
    stated.every((value, i) => stated.slice(i + 1).every((other) => sameWrittenValue(value, other)));
  if (!settled) return { outcomes, settled, at: at.toISOString() };
  const value =
    disagreement.positions.map(valueOf).find((written) => sameWrittenValue(written, stated[0]!)) ?? stated[0]!;
  return { outcomes, settled, value, at: at.toISOString() };
}

function statusOf(claim: AnswerClaims['claims'][number]): AnswerClaims['claims'][number]['status'] {
  if (claim.contradictedBy.length > 0) return 'contradicted';
  return claim.agreedBy.length > 0 ? 'agreed' : 'single-source';
}

/** The claims as the round leaves them (see the file comment); the input is not changed. */
function claimsAfter(claims: AnswerClaims[], disagreement: Disagreement, settlement: Settlement): AnswerClaims[] {
  const moved = settlement.outcomes.filter(
    (outcome) => outcome.verdict !== 'held' && outcome.reply !== null && !outcome.error,
  );
  if (moved.length === 0) return claims;
  return claims.map((entry) => {
    const position = disagreement.positions.find((p) => p.model === entry.model);
    if (!position) return entry;
    return {
      ...entry,
      claims: entry.claims.map((claim) => {
        let changed = claim;
        for (const outcome of moved) {
          const theirs = disagreement.positions.find((p) => p.model === outcome.model)!;
          const fromThem = (said: { model: string; value: string; claim: string }) =>
            said.model === outcome.model &&
            (sameWrittenValue(said.value, valueOf(theirs)) || said.claim === theirs.claim);
          if (outcome.model === entry.model || !changed.contradictedBy.some(fromThem)) continue;
          const joins =
            outcome.verdict === 'changed' &&
            outcome.value !== undefined &&
            sameWrittenValue(outcome.value, valueOf(position));
          // Moved to another value than this side's: it still contradicts this side, with its new value.
          if (outcome.verdict === 'changed' && outcome.value !== undefined && !joins) continue;
          changed = {
            ...changed,
            contradictedBy: changed.contradictedBy.filter((said) => !fromThem(said)),
            agreedBy: joins ? [...new Set([...changed.agreedBy, outcome.model])] : changed.agreedBy,
          };
          changed = { ...changed, status: statusOf(changed) };
        }
        return changed;
      }),
    };
  });
}

/** What the answers share once a round settled a dispute: one short sentence, as the agreements are. */
export const settledAgreement = (disagreement: Disagreement, value: string) =>
  `${disagreement.topic}: ${value} (settled when the models re-checked it)`;

/**
 * The comparison with the round's settlement on the disagreement it re-checked (found by its key):
 * the claims, the ranking, the agreements and the Parallax answer follow from every settlement on it.
 * The comparison is returned as it was when that disagreement is no longer in it.
 */
export function applySettlement(
  comparison: ComparisonAnalysis,
  answers: readonly AnswerForComparison[],
  key: string,
  settlement: Settlement,
): ComparisonAnalysis {
  const index = comparison.disagreements.findIndex((d) => disagreementKey(d) === key);
  if (index < 0) return comparison;
  const disagreement = comparison.disagreements[index]!;
  const disagreements = comparison.disagreements.map((d, i) => (i === index ? { ...d, settlement } : d));
  const claims = comparison.claims && claimsAfter(comparison.claims, disagreement, settlement);
  const agreements = settlement.settled
    ? [...comparison.agreements, settledAgreement(disagreement, settlement.value!)]
    : comparison.agreements;
  const answered = answers.filter((a) => a.error === null && a.text?.trim()).map((a) => displayNameOf(a.model));
  const failed = answers.filter((a) => !(a.error === null && a.text?.trim())).map((a) => displayNameOf(a.model));
  const settledTopics = disagreements.filter((d) => d.settlement?.settled).map((d) => d.topic);
  const summary = summarise({
    answered,
    failed,
    agreements: agreements.length,
    topics: disagreements.filter((d) => !d.settlement?.settled).map((d) => d.topic),
  }).replace(NOT_CHECKED, `Settled when the models re-checked: ${settledTopics.join(', ')}. ${NOT_CHECKED}`);
  const updated: ComparisonAnalysis = {
    ...comparison,
    ...(settledTopics.length > 0 && { summary }),
    disagreements,
    agreements,
    ...(claims && { claims, confidenceRanking: rankByClaims([...answers], claims) }),
  };
  const { consensus: before, ...rest } = updated;
  const assembled = assembleConsensus(updated, answers);
  // A judge-written answer keeps its sentences; what the round settled joins it, and the disputes follow.
  const consensus =
    before?.writtenBy === 'judge' && assembled
      ? {
          ...before,
          sentences: [
            ...before.sentences,
            ...assembled.sentences.filter((s) => s.settled && !before.sentences.some((b) => b.text === s.text)),
          ],
          disputes: assembled.disputes,
        }
      : assembled;
  return { ...rest, ...(consensus && { consensus }) };
}
