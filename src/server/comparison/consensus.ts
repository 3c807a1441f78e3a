import type { AnswerClaims, ComparisonAnalysis, Consensus } from '../../common/comparison';

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
  const valueOf = (entry: AnswerClaims, claim: AnswerClaims['claims'][number]) =>
    sameValue(answers.find((a) => a.model === entry.model)?.text?.slice(claim.start, claim.end) ?? '');

  const sentences: Consensus['sentences'] = [];
  const told = new Set<string>();
  for (const entry of claims) {
    for (const claim of entry.claims) {
      if (claim.status !== 'agreed' || claim.agreedBy.length === 0) continue;
      const value = valueOf(entry, claim);
      const models = [entry.model, ...claim.agreedBy];
      const key = `${[...models].sort().join(',')}|${value}`;
      if (told.has(key)) continue;
      told.add(key);
      // Each supporter's own sentence stating the same value, as its quote.
      const quotes = models.flatMap((model) => {
        if (model === entry.model) return [{ model, text: claim.text }];
        const theirs = claims
          .find((other) => other.model === model)
          ?.claims.find((c) => c.agreedBy.includes(entry.model) && valueOf({ model, claims: [] }, c) === value);
        return theirs ? [{ model, text: theirs.text }] : [];
      });
      sentences.push({ text: claim.text, models, quotes });
    }
  }

  const disputes: Consensus['disputes'] = comparison.disagreements.map((d) => {
    const sides = new Map<string, { value: string; models: string[] }>();
    for (const position of d.positions) {
      const value = position.value ?? position.claim;
      const key = sameValue(value);
      const side = sides.get(key) ?? { value, models: [] };
      side.models.push(position.model);
      sides.set(key, side);
    }
    return { topic: d.topic, sides: [...sides.values()] };
  });

  if (sentences.length === 0 && disputes.length === 0) return null;
  return { writtenBy: 'assembled', sentences, disputes };
}
