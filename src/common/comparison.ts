import { z } from 'zod';

// The comparison analysis (issue 'Ask and compare', DESIGN.md section 5): the judge model and the
// local analyser both produce this shape.

export const confidenceEntrySchema = z.object({
  model: z.string(),
  displayName: z.string(),
  /** 0 to 1; shown as a whole percent. */
  score: z.number().min(0).max(1),
});
export type ConfidenceEntry = z.infer<typeof confidenceEntrySchema>;

export const disagreementSchema = z.object({
  /** What the answers disagree about, e.g. 'Year the Berlin Wall fell'. */
  topic: z.string(),
  positions: z.array(z.object({ model: z.string(), claim: z.string() })),
});
export type Disagreement = z.infer<typeof disagreementSchema>;

export const comparisonJudgeSchema = z.union([
  z.object({ kind: z.literal('model'), model: z.string(), displayName: z.string() }),
  z.object({ kind: z.literal('local') }),
]);
export type ComparisonJudge = z.infer<typeof comparisonJudgeSchema>;

export const comparisonAnalysisSchema = z.object({
  summary: z.string(),
  /** Facts the answers share, each a short sentence. */
  agreements: z.array(z.string()),
  /** Factual conflicts only; differences of style, length or wording are not disagreements. */
  disagreements: z.array(disagreementSchema),
  confidenceRanking: z.array(confidenceEntrySchema),
  judge: comparisonJudgeSchema,
});
export type ComparisonAnalysis = z.infer<typeof comparisonAnalysisSchema>;

/** One model's answer as the analysers see it. */
export interface AnswerForComparison {
  model: string;
  text: string | null;
  error: string | null;
}
