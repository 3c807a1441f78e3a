// What the judge model returns, and the check that keeps only what the answers really say (issue 11
// 'Comparison you can trust', item 3; decisions 0024 and 0064). The judge quotes each disputed and each
// agreed value; a position survives only when its quote is in the answer its label names and its value
// is inside that quote. Values are compared by meaning (same-value.ts), never as strings.
// Pure: no I/O, so recorded judge outputs replay through it (tests/fixtures/judge/).

import { z } from 'zod';
import type { AnswerClaim, AnswerClaims, AnswerForComparison, Disagreement } from '../../common/comparison';
import { locate, project, rawSpan, type Projection } from './locate';
import { compareWrittenValues, nameWords, sameWrittenValue } from './same-value';

/** The answers' anonymous labels, in the order the usable answers came in. */
const LABELS = ['A', 'B', 'C', 'D', 'E', 'F', 'G'] as const;

/** A quoted sentence longer than this is not a sentence; the claim shows the quote alone. */
const MAX_CLAIM_LENGTH = 200;

const positionSchema = z.object({
  answer: z.string().describe('The letter of the answer, e.g. "A".'),
  value: z.string().min(1).max(200).describe('The value exactly as this answer writes it, e.g. "9 November 1989".'),
  quote: z
    .string()
    .min(1)
    .max(1000)
    .describe('The sentence of this answer that states the value, copied character for character.'),
});

const agreementSchema = z.object({
  fact: z.string().min(1).max(500).describe('The shared fact as one short sentence that states the value.'),
  positions: z.array(positionSchema).max(20),
});

export const verdictSchema = z.object({
  // Not shown: the card's summary is written from the verified findings (combine-findings.ts). Asked
  // for first so the judge reads all answers before it lists disputes; optional so omitting it costs nothing.
  summary: z.string().max(2000).optional(),
  // A bare sentence is the shape judges were asked for before decision 0064: accepted so the rest of the
  // verdict still counts, and dropped, because nothing ties it to an answer's words.
  agreements: z.array(z.union([agreementSchema, z.string().min(1).max(500)])).max(20),
  disputes: z
    .array(
      z.object({
        topic: z.string().min(1).max(200),
        // No minimum: positions that fail verification are dropped one by one, not the whole verdict.
        positions: z.array(positionSchema).max(20),
      }),
    )
    .max(20),
});
export type JudgeVerdict = z.infer<typeof verdictSchema>;

/**
 * The verdict's own field names and the schema's type word: a judge that fills the form in rather
 * than reading the answers echoes them back as values (issue 16, item 4).
 */
const ECHOED_WORDS: ReadonlySet<string> = new Set([
  ...Object.keys(verdictSchema.shape),
  ...Object.keys(agreementSchema.shape),
  'agreement',
  'dispute',
  'topic',
  'position',
  ...Object.keys(positionSchema.shape),
  'string',
]);

/**
 * The first text of the verdict nobody can use: empty, or nothing but the verdict's own field names,
 * alone or after a label ('topic', 'agreements: string', 'claude-sonnet-4-5: value'). Null when every
 * text is real. One such text says the judge
 * did not do the task, so the whole verdict goes and the local analysis stands (judge.ts).
 */
export function unusableText(verdict: JudgeVerdict): string | null {
  const texts = [
    ...(verdict.summary === undefined ? [] : [verdict.summary]),
    ...verdict.agreements.flatMap((agreement) =>
      typeof agreement === 'string'
        ? [agreement]
        : [agreement.fact, ...agreement.positions.flatMap((position) => [position.value, position.quote])],
    ),
    ...verdict.disputes.flatMap((dispute) => [
      dispute.topic,
      ...dispute.positions.flatMap((position) => [position.value, position.quote]),
    ]),
  ];
  return (
    texts.find((text) => {
      // 'claude-sonnet-4-5: agreements' is a label and a field name: the words after the last colon count.
      const words = text
        .slice(text.lastIndexOf(':') + 1)
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter(Boolean);
      return words.every((word) => ECHOED_WORDS.has(word));
    }) ?? null
  );
}

export interface LabelledAnswer {
  label: string;
  model: string;
  text: string;
}

/** The answers the judge sees, labelled A, B, C in input order; failed and empty ones are left out. */
export function labelAnswers(answers: AnswerForComparison[]): LabelledAnswer[] {
  return answers
    .filter(
      (answer): answer is AnswerForComparison & { text: string } => answer.error === null && !!answer.text?.trim(),
    )
    .slice(0, LABELS.length)
    .map((answer, index) => ({ label: LABELS[index]!, model: answer.model, text: answer.text }));
}

/** One model's share in a verified agreement: its value as written, its sentence, and where the value stands. */
export interface AgreedPosition {
  model: string;
  value: string;
  claim: string;
  start: number;
  end: number;
}

/**
 * A fact the judge says answers share, kept because every model credited with it quotes a value that
 * means the same (same-value.ts), and the fact's sentence states one of those values.
 */
export interface VerifiedAgreement {
  fact: string;
  positions: AgreedPosition[];
}

export interface VerifiedVerdict {
  agreements: VerifiedAgreement[];
  /** Disputes with at least two models on two different values left, every position found in its answer. */
  disagreements: Disagreement[];
  /** Per answered model, the verified disputed values as claims, in text order. */
  claims: AnswerClaims[];
  /** What verification threw away, for the log. */
  dropped: { positions: number; disputes: number; agreements: number };
}

// ---- Matching a quote against an answer ----------------------------------------------------------

/** The raw range as a reader sees it: markup left out, whitespace runs as one space. */
function visible(stripped: Projection, [start, end]: [number, number]): string {
  let out = '';
  for (let i = 0; i < stripped.raw.length; i++) {
    const at = stripped.raw[i]!;
    if (at < start || at >= end) continue;
    out += stripped.text[i] === ' ' ? ' ' : stripped.source[at];
  }
  return out.trim();
}

/** The sentence around a raw span: back to the last sentence end or line break, on to the next. */
function sentenceAround(source: string, [start, end]: [number, number]): [number, number] {
  let from = start;
  while (from > 0 && source[from - 1] !== '\n' && !/[.!?]\s/.test(source.slice(Math.max(0, from - 2), from))) from--;
  let to = end;
  while (to < source.length && source[to] !== '\n' && !/[.!?](\s|$)/.test(source.slice(to - 1, to + 1))) to++;
  return [from, to];
}

interface Located {
  /** Raw offsets of the value in the answer text. */
  value: [number, number];
  /** Raw offsets of the quote. */
  quote: [number, number];
}

/** The value's raw offsets when the quote is in the answer and the value inside the quote; null otherwise. */
export function locateQuotedValue(
  answer: string,
  quote: string,
  value: string,
  projectAnswer: (stripMarkup: boolean) => Projection = (stripMarkup) => project(answer, stripMarkup),
): Located | null {
  // Exact text first (as written, markup included), then with the markup a quoting model drops.
  for (const stripMarkup of [false, true]) {
    const hay = projectAnswer(stripMarkup);
    const q = project(quote, stripMarkup).text;
    const v = project(value, stripMarkup).text;
    const qAt = locate(hay, q);
    if (qAt < 0) continue;
    const vAt = locate(hay, v, qAt, qAt + q.length);
    if (vAt < 0) continue;
    return { value: rawSpan(hay, vAt, v.length), quote: rawSpan(hay, qAt, q.length) };
  }
  return null;
}

// ---- Verifying a verdict -------------------------------------------------------------------------

/**
 * The same words and numbers in any order and case, thousands separators ignored: a key for texts, not
 * a comparison of values (330 m and 330 metres get different keys). The judge path compares values with
 * same-value.ts (decision 0064).
 */
export const sameValueKey = (value: string): string =>
  value
    .toLowerCase()
    .replace(/(?<=\d)[,.'\u00a0\u202f](?=\d{3}(?!\d))/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .sort()
    .join(' ');

const LABEL = /^(?:answer\s*)?([a-g])[).:]?$/i;

interface Found {
  model: string;
  input: number;
  value: string;
  claim: string;
  span: [number, number];
}

/** Each answer is projected once per mode, however many positions quote it. */
function projections(text: string): (stripMarkup: boolean) => Projection {
  const made = new Map<boolean, Projection>();
  return (stripMarkup) => {
    const known = made.get(stripMarkup);
    if (known) return known;
    const fresh = project(text, stripMarkup);
    made.set(stripMarkup, fresh);
    return fresh;
  };
}

type Labelled = LabelledAnswer & { project: (stripMarkup: boolean) => Projection };

function find(labelled: Labelled[], label: string, quote: string, value: string): Found | null {
  const letter = LABEL.exec(label.trim())?.[1]?.toUpperCase();
  const input = labelled.findIndex((answer) => answer.label === letter);
  const answer = labelled[input];
  if (!answer) return null;
  const located = locateQuotedValue(answer.text, quote, value, answer.project);
  if (!located) return null;
  const stripped = answer.project(true);
  const sentence = visible(stripped, sentenceAround(answer.text, located.quote));
  return {
    model: answer.model,
    input,
    value: visible(stripped, located.value),
    claim: sentence.length <= MAX_CLAIM_LENGTH ? sentence : visible(stripped, located.quote),
    span: located.value,
  };
}

const overlaps = (a: AnswerClaim, b: AnswerClaim) => a.start < b.end && b.start < a.end;

/** The located positions of one dispute or agreement, one per model (an answer stating two keeps the first), in answer order. */
function findPositions(
  labelled: Labelled[],
  positions: JudgeVerdict['disputes'][number]['positions'],
  dropped: VerifiedVerdict['dropped'],
): Found[] {
  const byModel = new Map<string, Found>();
  for (const position of positions) {
    const found = find(labelled, position.answer, position.quote, position.value);
    if (!found) dropped.positions++;
    else if (!byModel.has(found.model)) byModel.set(found.model, found);
  }
  return [...byModel.values()].sort((a, b) => a.input - b.input);
}

/**
 * A dispute's sides: the positions that another position contradicts by meaning. A position whose value
 * no other one contradicts (the same as all, or not comparable as written) is not a side of a conflict.
 */
function disputedPositions(positions: Found[]): Found[] {
  return positions.filter((position) =>
    positions.some((other) => other !== position && compareWrittenValues(position.value, other.value) === 'different'),
  );
}

/** Whether the fact's sentence states one of the values: the fact a reader is shown must say what was verified. */
function statesValue(fact: string, values: string[]): boolean {
  const projected = project(fact.toLowerCase(), true);
  return values.some((value) => locate(projected, project(value.toLowerCase(), true).text) >= 0);
}

/**
 * An agreement as the answers bear it out: the models whose quotes hold its value, when at least two do
 * and all their values mean the same; null when they do not, or when the fact's sentence states none of them.
 */
function verifyAgreement(
  labelled: Labelled[],
  agreement: Exclude<JudgeVerdict['agreements'][number], string>,
  dropped: VerifiedVerdict['dropped'],
): VerifiedAgreement | null {
  const positions = findPositions(labelled, agreement.positions, dropped);
  if (positions.length < 2) return null;
  const allSame = positions.every((position, k) =>
    positions.slice(k + 1).every((other) => sameWrittenValue(position.value, other.value)),
  );
  const fact = agreement.fact.trim();
  if (
    !allSame ||
    !statesValue(
      fact,
      positions.map((position) => position.value),
    )
  )
    return null;
  return {
    fact,
    positions: positions.map(({ model, value, claim, span }) => ({
      model,
      value,
      claim,
      start: span[0],
      end: span[1],
    })),
  };
}

/**
 * Keeps what the answers bear out: a position whose label names an answered model, whose quote is in
 * that model's answer and whose value is inside the quote; a dispute left with two models on values
 * that differ by meaning; an agreement whose credited models all quote the same value. Each kept
 * disputed position becomes a contradicted claim located at its value.
 */
export function verifyVerdict(answers: AnswerForComparison[], verdict: JudgeVerdict): VerifiedVerdict {
  const labelled = labelAnswers(answers).map((answer) => ({ ...answer, project: projections(answer.text) }));
  const dropped = { positions: 0, disputes: 0, agreements: 0 };
  const disagreements: Disagreement[] = [];
  const claimsOf = new Map<string, AnswerClaim[]>(labelled.map((answer) => [answer.model, []]));

  for (const dispute of verdict.disputes) {
    const positions = disputedPositions(findPositions(labelled, dispute.positions, dropped));
    if (positions.length < 2) {
      dropped.disputes++;
      continue;
    }
    disagreements.push({
      topic: dispute.topic.trim(),
      positions: positions.map(({ model, claim, value }) => ({ model, claim, value })),
      source: 'judge',
    });
    for (const position of positions) {
      const others = positions.filter((other) => other !== position);
      const claim: AnswerClaim = {
        start: position.span[0],
        end: position.span[1],
        text: position.claim,
        status: 'contradicted',
        agreedBy: others.filter((other) => sameWrittenValue(other.value, position.value)).map((other) => other.model),
        contradictedBy: others
          .filter((other) => compareWrittenValues(other.value, position.value) === 'different')
          .map(({ model, value, claim: sentence }) => ({ model, value, claim: sentence })),
        source: 'judge',
      };
      const claims = claimsOf.get(position.model)!;
      // One place in an answer carries one mark: a second dispute over the same words adds nothing to read.
      if (!claims.some((existing) => overlaps(existing, claim))) claims.push(claim);
    }
  }

  const agreements: VerifiedAgreement[] = [];
  const seen = new Set<string>();
  for (const agreement of verdict.agreements) {
    const verified = typeof agreement === 'string' ? null : verifyAgreement(labelled, agreement, dropped);
    if (!verified) {
      dropped.agreements++;
      continue;
    }
    // The same sentence twice is one fact; this compares the judge's wording, not values.
    const key = nameWords(verified.fact).join(' ');
    if (seen.has(key)) continue;
    seen.add(key);
    agreements.push(verified);
  }

  return {
    agreements,
    disagreements,
    claims: [...claimsOf.entries()].map(([model, claims]) => ({
      model,
      claims: claims.sort((a, b) => a.start - b.start),
    })),
    dropped,
  };
}
