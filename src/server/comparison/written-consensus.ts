import { generateText, Output, type LanguageModel } from 'ai';
import { z } from 'zod';
import type { Consensus } from '../../common/comparison';
import { displayNameOf, type ModelKey } from '../../common/models';
import { toStorableText } from '../../common/text-rules';
import { deadline } from '../lib/deadline';
import { buildClaims } from './claims';
import { relateIgnoringRoles } from './value-compare';

// The Parallax answer written by the judge (issue 13, item 1; decision 0054): the judge gets the shared
// facts of the assembled answer (consensus.ts) as numbered facts, without answers or model names, and
// writes a few sentences, each naming the facts it states. Code then checks every sentence (traced,
// below): it must cite facts that exist, carry no figure, date, rank or name they do not, deny nothing
// they do not deny, and speak mostly in their words. A sentence that fails is left out and counted. The
// check is by values, denials and words, not by meaning: a paraphrase that changes a fact's sense with the
// same words would pass it. The disputes are never the judge's to word: they stay as the code states them.

const INSTRUCTIONS = `You write one short, readable answer to a question, using ONLY the numbered facts given.
Several AI assistants stated each fact alike; you never see their answers or names.

Rules:
- Write 1 to 8 sentences in a natural order; merge facts into one sentence where that reads better.
- Every sentence lists in "facts" the ids (e.g. "F2") of every fact it states.
- Add nothing: no number, date, name, place or claim that is not in the facts you cite, and no
  opinion, advice or hedging. Keep each figure exactly as the fact writes it.
- Do not mention disagreements, assistants or sources; the disputed points are shown separately.`;

const writtenSchema = z.object({
  sentences: z
    .array(
      z.object({
        text: z.string().min(1).max(600),
        facts: z.array(z.string().max(10)).max(12),
      }),
    )
    .max(12),
});

/**
 * Whether each claim of the sentence is the cited facts': every value in it (figure, date, rank, name)
 * is one of theirs, it denies only what a fact denies (and the reverse), and at least half of its content
 * words are the facts' words. A paraphrase passes; an added figure, a flipped 'not' or a new statement
 * does not.
 */
function traced(sentence: string, facts: readonly string[]): boolean {
  const [own, ...cited] = buildClaims([sentence, ...facts]);
  const theirClaims = cited.flat();
  const theirValues = theirClaims.flatMap((claim) => claim.values.map((value) => value.data));
  const theirWords = new Set(theirClaims.flatMap((claim) => [...claim.stems, ...claim.inherited]));
  return (own ?? []).every(
    (claim) =>
      claim.values.every((value) => theirValues.some((fact) => relateIgnoringRoles(value.data, fact) === 'same')) &&
      theirClaims.some((fact) => fact.negated === claim.negated) &&
      claim.stems.filter((word) => theirWords.has(word)).length * 2 >= claim.stems.length,
  );
}

export interface WrittenConsensus {
  consensus: Consensus;
  /** How long the judge took, in milliseconds. */
  durationMs: number;
}

/**
 * The judge's wording of the assembled answer's shared facts, checked sentence by sentence; throws when
 * the judge fails or nothing it wrote can be traced (the caller keeps the assembled answer).
 */
export async function writeConsensus(options: {
  judge: { key: ModelKey; model: LanguageModel };
  question: string;
  assembled: Consensus;
  signal: AbortSignal;
  timeoutMs: number;
}): Promise<WrittenConsensus> {
  const facts = options.assembled.sentences.map((sentence, index) => ({ id: `F${index + 1}`, sentence }));
  const prompt = [
    `Question: ${options.question}`,
    'Facts:',
    ...facts.map(({ id, sentence }) => `${id}. ${sentence.text}`),
  ].join('\n');
  const started = performance.now();
  const limit = deadline(options.signal, options.timeoutMs);
  const { output } = await generateText({
    model: options.judge.model,
    system: INSTRUCTIONS,
    prompt,
    output: Output.object({ schema: writtenSchema }),
    abortSignal: limit.signal,
    maxRetries: 0,
  }).finally(limit.clear);

  const byId = new Map(facts.map(({ id, sentence }) => [id, sentence]));
  const sentences: Consensus['sentences'] = [];
  let dropped = 0;
  for (const written of output.sentences) {
    const cited = [...new Set(written.facts.map((id) => id.trim().toUpperCase()))]
      .map((id) => byId.get(id))
      .filter((fact) => fact !== undefined);
    const text = toStorableText(written.text.replace(/\s+/g, ' ').trim());
    if (
      cited.length === 0 ||
      !text ||
      !traced(
        text,
        cited.map((fact) => fact.text),
      )
    ) {
      dropped += 1;
      continue;
    }
    const models = [...new Set(cited.flatMap((fact) => fact.models))];
    const quotes = cited.flatMap((fact) => fact.quotes);
    sentences.push({
      text,
      models,
      quotes: quotes.filter(
        (quote, at) => quotes.findIndex((q) => q.model === quote.model && q.text === quote.text) === at,
      ),
      ...(cited.some((fact) => fact.settled) && { settled: true }),
    });
  }
  if (sentences.length === 0) throw new Error(`none of the judge's ${dropped} consensus sentences could be traced`);
  return {
    consensus: {
      writtenBy: 'judge',
      judge: { model: options.judge.key, displayName: displayNameOf(options.judge.key) },
      sentences,
      disputes: options.assembled.disputes,
      ...(dropped > 0 && { dropped }),
    },
    durationMs: Math.round(performance.now() - started),
  };
}
