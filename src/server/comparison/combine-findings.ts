// The judge's verified findings and the local analysis, made one comparison (issue 11 'Comparison you
// can trust', item 3; issue 33, item 7; decisions 0024 and 0064). The judge's findings lead; a local
// disagreement is added only when the judge did not already report it, and a judge agreement stands only
// where no finding of either analysis contests its value. Values are compared by meaning (same-value.ts).

import type {
  AnswerClaim,
  AnswerClaims,
  AnswerForComparison,
  ComparisonAnalysis,
  Disagreement,
} from '../../common/comparison';
import { displayNameOf } from '../../common/models';
import { rankByClaims } from './confidence';
import type { VerifiedAgreement } from './judge-verification';
import { summarise } from './report-text';
import { compareWrittenValues as compareAsRead, nameWords, type ValueVerdict } from './same-value';

/**
 * Each value is read by the claims parser (same-value.ts); one comparison checks the same few values
 * against every mark, so each pair is read once. Cleared when large: values rarely recur across questions.
 */
const verdicts = new Map<string, ValueVerdict>();
const VERDICTS_KEPT = 20_000;

function compareWrittenValues(a: string, b: string): ValueVerdict {
  if (a === b) return 'same';
  const key = `${a}\u0000${b}`;
  const known = verdicts.get(key);
  if (known) return known;
  if (verdicts.size >= VERDICTS_KEPT) verdicts.clear();
  const verdict = compareAsRead(a, b);
  verdicts.set(key, verdict);
  return verdict;
}

const sameWrittenValue = (a: string, b: string) => compareWrittenValues(a, b) === 'same';

/** More than this many shared facts would bury the list; the summary still counts them all. */
const MAX_AGREEMENTS = 10;

/** What the judge found that verification kept (judge-verification.ts). */
export interface JudgeFindings {
  agreements: VerifiedAgreement[];
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
type Position = Disagreement['positions'][number];

const overlaps = (a: Span, b: Span) => a.start < b.end && b.start < a.end;

function isAnswered(answer: AnswerForComparison): answer is AnswerForComparison & { text: string } {
  return answer.error === null && !!answer.text?.trim();
}

function claimsByModel(entries: AnswerClaims[] | undefined): Map<string, AnswerClaim[]> {
  const byModel = new Map<string, AnswerClaim[]>();
  for (const entry of entries ?? []) byModel.set(entry.model, [...(byModel.get(entry.model) ?? []), ...entry.claims]);
  return byModel;
}

/** What one analysis says about the answers, for locating its positions in the raw texts. */
interface Located {
  texts: Map<string, string>;
  claims: Map<string, AnswerClaim[]>;
  spans: WeakMap<Position, Span[]>;
}

/**
 * Where an analysis put a position in its answer: its claims in the sentence the position quotes whose
 * marked words state the position's value, or else that sentence (claims may be trimmed with an ellipsis
 * by report-text.ts). Read once per position.
 */
function spansOf(position: Position, { texts, claims, spans }: Located): Span[] {
  const known = spans.get(position);
  if (known) return known;
  const text = texts.get(position.model) ?? '';
  const sentence = position.claim.replace(/…$/, '');
  const at = sentence ? text.indexOf(sentence) : -1;
  const quoted = at < 0 ? null : { start: at, end: at + sentence.length };
  let found: Span[] = quoted ? [quoted] : [];
  if (position.value) {
    const value = position.value;
    const stating = (claims.get(position.model) ?? []).filter(
      (claim) => (!quoted || overlaps(claim, quoted)) && sameWrittenValue(text.slice(claim.start, claim.end), value),
    );
    if (stating.length > 0) found = stating;
  }
  spans.set(position, found);
  return found;
}

/** Two positions of one finding hold different values; without both values, only a finding's word for it. */
const differ = (a: Position, b: Position) =>
  a.value && b.value ? compareWrittenValues(a.value, b.value) === 'different' : a.model !== b.model;

/**
 * Whether the judge already reported this local disagreement: one judge dispute holds, for two of its
 * models on different sides, the same value by meaning or a mark at the same place in the answer.
 */
function coveredByJudge(local: Disagreement, judge: JudgeFindings, localFindings: Located, judgeFindings: Located) {
  return judge.disagreements.some((dispute) => {
    const matched = local.positions.filter((position) =>
      dispute.positions.some((judged) => {
        if (judged.model !== position.model || !judged.value) return false;
        if (position.value && sameWrittenValue(position.value, judged.value)) return true;
        const marks = spansOf(judged, judgeFindings);
        return spansOf(position, localFindings).some((span) => marks.some((mark) => overlaps(mark, span)));
      }),
    );
    return matched.some((a) => matched.some((b) => a.model !== b.model && differ(a, b)));
  });
}

/** A model credited with a value: where its answer states it, when known. */
interface Credit {
  model: string;
  value: string;
  span?: Span;
}

/**
 * The models whose findings contest a value the credited models are said to share: a disagreement (the
 * judge's or the local one) where a credited model states that value, by meaning or at the same place,
 * against a different value; or a contradicted claim at a credited model's words.
 */
function contesters(credits: Credit[], findings: [Disagreement[], Located][], counted?: Set<string>): Set<string> {
  const credited = new Map<string, Credit>(credits.map((credit) => [credit.model, credit]));
  const found = new Set<string>();
  for (const [disagreements, located] of findings) {
    for (const disagreement of disagreements) {
      for (const position of disagreement.positions) {
        const credit = credited.get(position.model);
        if (!credit) continue;
        // Reading values is the cost here: first whether this finding could name anyone who counts.
        const against = disagreement.positions.filter(
          (other) => (!counted || counted.has(other.model)) && !found.has(other.model) && differ(position, other),
        );
        if (against.length === 0) continue;
        const span = credit.span;
        const statesIt =
          (span !== undefined && spansOf(position, located).some((at) => overlaps(at, span))) ||
          (position.value !== undefined && sameWrittenValue(position.value, credit.value));
        if (statesIt) for (const other of against) found.add(other.model);
      }
    }
    for (const { model, span } of credits) {
      if (!span) continue;
      for (const claim of located.claims.get(model) ?? []) {
        if (claim.status !== 'contradicted' || !overlaps(claim, span)) continue;
        for (const { model: by } of claim.contradictedBy) found.add(by);
      }
    }
  }
  return found;
}

/** Each credited model's agreed value as a claim, agreed by the other credited models. */
function agreedClaims(agreement: VerifiedAgreement): [string, AnswerClaim][] {
  return agreement.positions.map((position) => [
    position.model,
    {
      start: position.start,
      end: position.end,
      text: position.claim,
      status: 'agreed',
      agreedBy: agreement.positions.filter((other) => other !== position).map((other) => other.model),
      contradictedBy: [],
      source: 'judge',
    },
  ]);
}

/**
 * A mark no longer credited to models that a finding puts on another side of its value: either analysis
 * can say two answers agree while a disagreement sets one of them against that value (the model states
 * the same figure of another fact, as a fair's year beside a tower's). An agreed mark left with no one
 * is single-source.
 */
function withoutContestedCredit(model: string, text: string, mark: AnswerClaim, findings: [Disagreement[], Located][]) {
  if (mark.agreedBy.length === 0) return mark;
  const value = text.slice(mark.start, mark.end);
  const credits = [{ model, value, span: mark }, ...mark.agreedBy.map((by) => ({ model: by, value }))];
  const against = contesters(credits, findings, new Set(credits.map((credit) => credit.model)));
  // A model that a finding sets against the value it is said to share here states it of another fact.
  const agreedBy = against.has(model) ? [] : mark.agreedBy.filter((by) => !against.has(by));
  if (agreedBy.length === mark.agreedBy.length) return mark;
  const status = mark.status === 'agreed' && agreedBy.length === 0 ? 'single-source' : mark.status;
  return { ...mark, agreedBy, status };
}

/**
 * One comparison from both analyses. Without judge findings the local analysis stands as it is.
 * Claims, per answer and place: the judge's disputed values, then local contradictions, then the judge's
 * agreed values (which add their models to a mark already there on the same value), then the rest of the
 * local claims. Confidence is ranked from those claims; the summary counts what is shown, in our words
 * (the judge's own summary could describe findings that verification dropped).
 */
export function combine(
  judge: JudgeFindings | null,
  local: ComparisonAnalysis,
  answers: AnswerForComparison[],
  judgeInfo: JudgeInfo,
): ComparisonAnalysis {
  if (!judge) return local;
  const texts = new Map(answers.filter(isAnswered).map((answer) => [answer.model, answer.text]));
  const judgeFindings: Located = { texts, claims: claimsByModel(judge.claims), spans: new WeakMap() };
  const localFindings: Located = { texts, claims: claimsByModel(local.claims), spans: new WeakMap() };

  const disagreements: Disagreement[] = [
    ...judge.disagreements.map((disagreement) => ({ ...disagreement, source: 'judge' as const })),
    ...local.disagreements
      .filter((disagreement) => !coveredByJudge(disagreement, judge, localFindings, judgeFindings))
      .map((disagreement) => ({ ...disagreement, source: 'local' as const })),
  ];

  // An agreement contested between its own models is wrong and goes. One contested by another model is
  // true of the models credited, but not a fact the answers share: it is not listed, and only adds its
  // models to marks already on its value (a new agreed mark would be stated as shared, consensus.ts).
  const findings: [Disagreement[], Located][] = [
    [judge.disagreements, judgeFindings],
    [local.disagreements, localFindings],
  ];
  const listed: VerifiedAgreement[] = [];
  const contested: VerifiedAgreement[] = [];
  for (const agreement of judge.agreements) {
    const against = contesters(
      agreement.positions.map(({ model, value, start, end }) => ({ model, value, span: { start, end } })),
      findings,
    );
    if (agreement.positions.some((position) => against.has(position.model))) continue;
    (against.size === 0 ? listed : contested).push(agreement);
  }

  const models = [
    ...new Set([
      ...answers.map((answer) => answer.model),
      ...judgeFindings.claims.keys(),
      ...localFindings.claims.keys(),
    ]),
  ];
  const marks = new Map<string, AnswerClaim[]>(models.map((model) => [model, []]));
  const place = (model: string, claim: AnswerClaim) => {
    const existing = marks.get(model)!;
    if (!existing.some((mark) => overlaps(mark, claim))) existing.push(claim);
  };
  for (const [model, claims] of judgeFindings.claims) for (const claim of claims) place(model, claim);
  for (const [model, claims] of localFindings.claims) {
    for (const claim of claims) if (claim.status === 'contradicted') place(model, claim);
  }
  const agreedMarks = [
    ...listed.flatMap(agreedClaims).map((entry) => [...entry, true] as const),
    ...contested.flatMap(agreedClaims).map((entry) => [...entry, false] as const),
  ];
  for (const [model, claim, shared] of agreedMarks) {
    const text = texts.get(model) ?? '';
    const value = text.slice(claim.start, claim.end);
    const existing = marks.get(model)!;
    const there = existing.find((mark) => overlaps(mark, claim));
    if (!there) {
      if (shared) existing.push(claim);
      continue;
    }
    if (!sameWrittenValue(text.slice(there.start, there.end), value)) continue;
    const against = new Set(there.contradictedBy.map((by) => by.model));
    const agreedBy = claim.agreedBy.filter((by) => !against.has(by) && !there.agreedBy.includes(by));
    if (agreedBy.length > 0)
      existing[existing.indexOf(there)] = { ...there, agreedBy: [...there.agreedBy, ...agreedBy] };
  }
  for (const [model, claims] of localFindings.claims) {
    for (const claim of claims) if (claim.status !== 'contradicted') place(model, claim);
  }
  const claims: AnswerClaims[] = models
    .filter((model) => judgeFindings.claims.has(model) || localFindings.claims.has(model))
    .map((model) => ({
      model,
      claims: marks
        .get(model)!
        .map((mark) => withoutContestedCredit(model, texts.get(model) ?? '', mark, findings))
        .sort((a, b) => a.start - b.start || a.end - b.end),
    }));

  // The same sentence twice is one fact, and a local shared fact told in a sentence that is contradicted
  // where it stands is not shared; both compare wording, not values.
  const wording = (text: string) => nameWords(text).join(' ');
  const seen = new Set<string>(
    claims.flatMap((entry) => entry.claims.filter((c) => c.status === 'contradicted').map((c) => wording(c.text))),
  );
  const judgeFacts = listed.map((agreement) => agreement.fact);
  for (const fact of judgeFacts) seen.delete(wording(fact));
  const agreements = [...judgeFacts, ...local.agreements].filter((agreement) => {
    const key = wording(agreement);
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
