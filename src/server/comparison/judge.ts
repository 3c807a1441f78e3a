import { generateText, Output, type LanguageModel } from 'ai';
import { z } from 'zod';
import type { AnswerForComparison, ComparisonAnalysis } from '../../common/comparison';
import { displayNameOf, type ModelKey } from '../../common/models';

// The judge model sees the answers as A, B, C without the models' names, so it cannot favour a
// brand; its verdict is validated with zod before anything of it is stored or shown.

const LABELS = ['A', 'B', 'C', 'D', 'E', 'F', 'G'] as const;

const verdictSchema = z.object({
  summary: z.string().min(1).max(2000),
  agreements: z.array(z.string().min(1).max(500)).max(20),
  disagreements: z
    .array(
      z.object({
        topic: z.string().min(1).max(200),
        // No minimum here: a disagreement left with fewer than two known answers is dropped after mapping,
        // rather than failing the whole verdict.
        positions: z.array(z.object({ answer: z.string(), claim: z.string().min(1).max(500) })),
      }),
    )
    .max(20),
  confidence: z.array(z.object({ answer: z.string(), score: z.number().min(0).max(1) })),
});

const INSTRUCTIONS = `You compare answers that different AI assistants gave to the same question.
Report only FACTUAL agreements and disagreements: numbers, dates, names, quantities, yes/no claims,
causes and outcomes. Ignore differences of style, tone, length, order, formatting and wording, and
do not count a fact that only one answer mentions as a disagreement.
For each answer give a confidence score from 0 to 1: how likely its factual claims are correct,
judged by agreement with the other answers and by your own knowledge.
Refer to the answers only by their letters.`;

export async function judgeAnswers(options: {
  judge: { key: ModelKey; model: LanguageModel };
  question: string;
  answers: AnswerForComparison[];
  signal: AbortSignal;
  timeoutMs: number;
}): Promise<ComparisonAnalysis> {
  const usable = options.answers.filter((a) => a.text && !a.error);
  const labelled = usable.map((answer, index) => ({ label: LABELS[index]!, answer }));
  const prompt = [
    `Question: ${options.question}`,
    ...labelled.map(({ label, answer }) => `--- Answer ${label} ---\n${answer.text}`),
    '--- End of answers ---',
  ].join('\n\n');
  const { output } = await generateText({
    model: options.judge.model,
    system: INSTRUCTIONS,
    prompt,
    output: Output.object({ schema: verdictSchema }),
    abortSignal: AbortSignal.any([options.signal, AbortSignal.timeout(options.timeoutMs)]),
    maxRetries: 0,
  });
  const modelOf = new Map<string, string>(labelled.map(({ label, answer }) => [label, answer.model]));
  const scoreOf = new Map(output.confidence.map((c) => [modelOf.get(c.answer.trim().toUpperCase()), c.score]));
  return {
    summary: output.summary,
    agreements: output.agreements,
    disagreements: output.disagreements
      .map((d) => ({
        topic: d.topic,
        positions: d.positions
          .map((p) => ({ model: modelOf.get(p.answer.trim().toUpperCase()) ?? '', claim: p.claim }))
          .filter((p) => p.model !== ''),
      }))
      .filter((d) => d.positions.length >= 2),
    confidenceRanking: options.answers
      .map((a) => ({
        model: a.model,
        displayName: displayNameOf(a.model),
        score: a.text && !a.error ? (scoreOf.get(a.model) ?? 0.5) : 0,
      }))
      .sort((x, y) => y.score - x.score),
    judge: { kind: 'model', model: options.judge.key, displayName: displayNameOf(options.judge.key) },
  };
}
