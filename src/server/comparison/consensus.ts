import type { AnswerClaims, ComparisonAnalysis, Consensus, Disagreement } from '../../common/comparison';
import { sameWrittenValue } from './same-value';

// The Parallax answer (issue 13, item 1), assembled from the comparison's claims without a model: one
// sentence per fact two or more answers state alike, in the order the first of them states it, with the
// models that state it and each one's own sentence as its quote; and every dispute stated as disputed,
// each value with the models that hold it. Nothing is written that a claim does not carry, and nothing
// disputed is resolved.

interface AnswerText {
  model: string;
  text: string | null;
}

/** A value as two answers can share it: case, spacing and trailing punctuation aside. */
const sameValue = (value: string) =>
  value
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[.,;:]+$/, '')
    .trim();

export function assembleConsensus(
  comparison: Pick<ComparisonAnalysis, 'claims' | 'disagreements'>,
  answers: readonly AnswerText[],
): Consensus | null {
  const claims = comparison.claims ?? [];
  const textOf = new Map<string, string | null>();
  for (const answer of answers) if (!textOf.has(answer.model)) textOf.set(answer.model, answer.text);
  const valueOf = (model: string, claim: AnswerClaims['claims'][number]) =>
    sameValue(textOf.get(model)?.slice(claim.start, claim.end) ?? '');
  // Looked up by key rather than by scanning every claim for every claim (decision 0058): the first of
  // each model's claims agreed by a given model on a given value, and each answer's contradicted sentences.
  const agreedIndex = new Map<string, Map<string, AnswerClaims['claims'][number]>>();
  const agreedClaim = (model: string, by: string, value: string) => {
    let index = agreedIndex.get(model);
    if (!index) {
      index = new Map();
      for (const c of claims.find((other) => other.model === model)?.claims ?? []) {
        const key = valueOf(model, c);
        for (const agreed of c.agreedBy) if (!index.has(`${agreed}\u0000${key}`)) index.set(`${agreed}\u0000${key}`, c);
      }
      agreedIndex.set(model, index);
    }
    return index.get(`${by}\u0000${value}`);
  };

  // Every value any dispute sets against another: a sentence stating one is never told as shared.
  const contested = comparison.disagreements
    .filter((d) => !d.settlement?.settled)
    .flatMap((d) => d.positions.flatMap((p) => (p.value ? [sameValue(p.value)] : [])))
    .filter((value) => value.length > 1);
  const statesContested = (text: string) => {
    const lower = sameValue(text);
    return contested.some((value) => lower.includes(value));
  };

  const sentences = new Sentences();
  const told = new Set<string>();
  for (const entry of claims) {
    // The values of each of this answer's sentences: a sentence is shared only when every value it states
    // is agreed, and only by the models that agree on all of them (issue 33, item 4).
    const bySentence = new Map<string, AnswerClaims['claims']>();
    for (const claim of entry.claims) bySentence.set(claim.text, [...(bySentence.get(claim.text) ?? []), claim]);
    for (const claim of entry.claims) {
      if (claim.status !== 'agreed' || claim.agreedBy.length === 0) continue;
      const inSentence = bySentence.get(claim.text) ?? [claim];
      if (inSentence.some((c) => c.status !== 'agreed') || statesContested(claim.text)) continue;
      const agreeing = claim.agreedBy.filter(
        (model) => model !== entry.model && inSentence.every((c) => c.agreedBy.includes(model)),
      );
      const value = valueOf(entry.model, claim);
      // Each supporter's own sentence stating the same value, as its quote: a model is credited only
      // with words it wrote itself.
      const quotes = [
        { model: entry.model, text: claim.text },
        ...agreeing.flatMap((model) => {
          const theirs = agreedClaim(model, entry.model, value);
          return theirs ? [{ model, text: theirs.text }] : [];
        }),
      ];
      // Only what the checked value stands in is shared; a model whose own sentence says more or other
      // things than this one is credited with the value, not with this sentence (issue 33, item 4).
      const sharing = quotes.filter((quote, i) => i === 0 || saysTheSame(claim.text, quote.text));
      const models = sharing.map((quote) => quote.model);
      if (models.length < 2) continue;
      const key = `${[...models].sort().join(',')}|${value}`;
      if (told.has(key)) continue;
      told.add(key);
      sentences.add({ text: claim.text, models, quotes: sharing });
    }
  }

  const disputes: Consensus['disputes'] = [];
  for (const d of comparison.disagreements) {
    const after = valuesAfterRecheck(d);
    if (d.settlement?.settled) {
      sentences.add(settledSentence(d, after));
      continue;
    }
    // Each side holds one value by meaning ('330 m' and '330 metres' are one side), in its first holder's words.
    const sides: Array<{ value: string; models: string[] }> = [];
    for (const [model, value] of after) {
      if (value === null) continue;
      const side = sides.find((s) => sameWrittenValue(s.value, value));
      if (side) side.models.push(model);
      else sides.push({ value, models: [model] });
    }
    const uncertain = [...after].filter(([, value]) => value === null).map(([model]) => model);
    disputes.push({ topic: d.topic, sides, ...(uncertain.length > 0 && { uncertain }) });
  }

  if (sentences.list.length === 0 && disputes.length === 0) return null;
  return { writtenBy: 'assembled', sentences: sentences.list, disputes };
}

/** Words that carry a statement: four letters or more, lower case, without diacritics. */
function statementWords(text: string): Set<string> {
  return new Set(
    text
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .split(/[^\p{L}]+/u)
      .filter((word) => word.length >= 4),
  );
}

const figuresIn = (text: string) =>
  new Set([...text.replace(/(?<=\d),(?=\d{3})/g, '').matchAll(/\d+(?:\.\d+)?/g)].map((match) => match[0]));

/** Capitalised words after a sentence's first: the names it states ('Gulf', 'Suez', 'Mediterranean'). */
const namesIn = (text: string) =>
  new Set(
    [
      ...text
        .normalize('NFKD')
        .replace(/\p{M}/gu, '')
        .matchAll(/(?<=[\p{L}\p{N},;)]\s+)\p{Lu}[\p{L}'-]+/gu),
    ].map((match) => match[0]),
  );

/** How much of one sentence's words the other must share for both to say the same thing. */
const SAME_STATEMENT_WORDS = 0.5;
/** How much of the shared sentence's own words a model's sentence must state to be credited with it. */
const TOLD_BY_BOTH = 0.75;

/**
 * Two sentences say the same thing when they share most of their words and the other states every figure
 * this one does: a shared sentence never carries a figure or a name only one of its models wrote.
 */
function saysTheSame(sentence: string, other: string): boolean {
  const figures = figuresIn(other);
  if ([...figuresIn(sentence)].some((figure) => !figures.has(figure))) return false;
  const names = namesIn(other);
  if ([...namesIn(sentence)].some((name) => !names.has(name))) return false;
  const mine = statementWords(sentence);
  const theirs = statementWords(other);
  if (mine.size === 0) return true;
  let shared = 0;
  for (const word of mine) if (theirs.has(word)) shared += 1;
  // The other sentence must say nearly all this one says: 'takes the goat across first, as it can eat the
  // cabbage' is not what 'takes the goat across first' says, and the second model may deny the rest.
  return shared / Math.max(mine.size, theirs.size) >= SAME_STATEMENT_WORDS && shared / mine.size >= TOLD_BY_BOTH;
}

/**
 * The sentences told so far, found by their wording. Adding one joins it to the one already told in the
 * same words (a sentence stating two shared values, a dispute settled into a fact already shared): its
 * models and quotes together, a model's re-check reply standing for its quote, settled when either was.
 */
class Sentences {
  readonly list: Consensus['sentences'] = [];
  private readonly byWording = new Map<string, Consensus['sentences'][number]>();

  add(sentence: Consensus['sentences'][number]): void {
    const wording = sameValue(sentence.text);
    const told = this.byWording.get(wording);
    if (!told) {
      this.list.push(sentence);
      this.byWording.set(wording, sentence);
      return;
    }
    for (const model of sentence.models) if (!told.models.includes(model)) told.models.push(model);
    for (const quote of sentence.quotes) {
      const at = told.quotes.findIndex((q) => q.model === quote.model);
      if (at < 0) told.quotes.push(quote);
      else if (sentence.settled) told.quotes[at] = quote;
    }
    if (sentence.settled) told.settled = true;
  }
}

/**
 * The value each model in a dispute states, in the order the positions come: as first stated, or as
 * it re-checked it ('Settle this', comparison/cross-examination.ts): null when it said it is unsure,
 * or revised without naming a value.
 */
export function valuesAfterRecheck(disagreement: Disagreement): Map<string, string | null> {
  const after = new Map<string, string | null>();
  for (const position of disagreement.positions) {
    if (after.has(position.model)) continue;
    const outcome = disagreement.settlement?.outcomes.find((o) => o.model === position.model);
    const stated = position.value ?? position.claim;
    // A model that could not be asked, or whose reply was stopped or cut off, keeps what it stated.
    if (!outcome || outcome.verdict === 'held' || outcome.reply === null || outcome.error)
      after.set(position.model, stated);
    else after.set(position.model, outcome.verdict === 'changed' ? (outcome.value ?? null) : null);
  }
  return after;
}

/** The longest quote taken from a re-check reply: its first sentence or two. */
const MAX_REPLY_QUOTE = 240;

/** A settled dispute as a sentence: the first holder's own words, with every model now stating it. */
function settledSentence(d: Disagreement, after: Map<string, string | null>): Consensus['sentences'][number] {
  const holder = d.positions.find((position) =>
    sameWrittenValue(position.value ?? position.claim, d.settlement!.value!),
  );
  const models = [...after.keys()];
  const quotes = models.map((model) => {
    const outcome = d.settlement!.outcomes.find((o) => o.model === model);
    const position = d.positions.find((p) => p.model === model)!;
    if (outcome?.verdict === 'changed' && outcome.reply) {
      const reply = outcome.reply.replace(/\s+/g, ' ').trim();
      return { model, text: reply.length > MAX_REPLY_QUOTE ? `${reply.slice(0, MAX_REPLY_QUOTE - 1)}…` : reply };
    }
    return { model, text: position.claim };
  });
  return { text: holder?.claim ?? `${d.topic}: ${d.settlement!.value!}`, models, quotes, settled: true };
}
