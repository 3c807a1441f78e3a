import { z } from 'zod';

// The comparison analysis (issue 'Ask and compare'; docs/architecture.md, "The comparison"): the judge model and the
// local analyser both produce this shape. The claim-level fields (issue 'Comparison you can trust')
// are optional: queries stored before them still parse and display with the word-overlap fallback.

/** Who found a disagreement or a claim's status: the judge model (verified against the answers) or the local analyser. */
export const findingSourceSchema = z.enum(['judge', 'local']);
export type FindingSource = z.infer<typeof findingSourceSchema>;

export const confidenceEntrySchema = z.object({
  model: z.string(),
  displayName: z.string(),
  /** 0 to 1; shown as a whole percent. */
  score: z.number().min(0).max(1),
  /** How many of this answer's claims another answer could confirm or contradict. 0: nothing was checkable. */
  checked: z.number().int().min(0).optional(),
  /** How many of those another answer contradicts. */
  contradicted: z.number().int().min(0).optional(),
  /** One line that explains the score, e.g. 'Contradicted on 2 of 5 checked claims'. */
  reason: z.string().optional(),
});
export type ConfidenceEntry = z.infer<typeof confidenceEntrySchema>;

export const RECHECK_VERDICTS = ['held', 'changed', 'uncertain'] as const;
export type RecheckVerdict = (typeof RECHECK_VERDICTS)[number];

/**
 * One model's reply when a disagreement was re-checked ('Settle this', issue 13, item 2): it kept its
 * value, changed it (to `value` when it named one), or said it is not sure; with its reasoning.
 */
export const recheckOutcomeSchema = z.object({
  model: z.string(),
  verdict: z.enum(RECHECK_VERDICTS),
  /** The value it states now, when it changed to one. */
  value: z.string().optional(),
  /** Its reply as it wrote it; null when it could not be asked (then `error` says why). */
  reply: z.string().nullable(),
  error: z.string().nullable().optional(),
});
export type RecheckOutcome = z.infer<typeof recheckOutcomeSchema>;

export const settlementSchema = z.object({
  outcomes: z.array(recheckOutcomeSchema),
  /** Every model that took part now states the same value (then `value` is it). */
  settled: z.boolean(),
  value: z.string().optional(),
  at: z.string(),
});
export type Settlement = z.infer<typeof settlementSchema>;

export const disagreementSchema = z.object({
  /** What the answers disagree about, e.g. 'Year the Berlin Wall fell'. */
  topic: z.string(),
  positions: z.array(
    z.object({
      model: z.string(),
      claim: z.string(),
      /** The value this model states, exactly as its answer writes it ('9 November 1989'). */
      value: z.string().optional(),
      /**
       * The pages this model's answer cites for the sentence stating it (issue 17, item 2); empty when it
       * cites none there; absent when the answer had no sources at all or the analysis predates sources.
       */
      citedSources: z.array(z.object({ url: z.string(), title: z.string().nullable() })).optional(),
    }),
  ),
  source: findingSourceSchema.optional(),
  /** The re-check round, once the asker asked for one; the positions above stay as first stated. */
  settlement: settlementSchema.optional(),
});
export type Disagreement = z.infer<typeof disagreementSchema>;

export const comparisonJudgeSchema = z.union([
  z.object({
    kind: z.literal('model'),
    model: z.string(),
    displayName: z.string(),
    /** The vendor's model version that judged, e.g. 'gpt-4o-2024-08-06'. */
    modelVersion: z.string().optional(),
    /** How long the judge took, in milliseconds. */
    durationMs: z.number().int().min(0).optional(),
  }),
  z.object({ kind: z.literal('local') }),
]);
export type ComparisonJudge = z.infer<typeof comparisonJudgeSchema>;

export const CLAIM_STATUSES = ['agreed', 'contradicted', 'single-source'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

/** One checkable claim inside one answer, located by character offsets into that answer's text. */
export const answerClaimSchema = z.object({
  /**
   * Offsets in UTF-16 code units (JavaScript string indices) into the answer's text as stored, end
   * exclusive. The span is the value the claim states ('9 November 1989'), so a mark never crosses
   * Markdown formatting.
   */
  start: z.number().int().min(0),
  end: z.number().int().min(0),
  /** The sentence the value stands in, for the mark's explanation. */
  text: z.string(),
  status: z.enum(CLAIM_STATUSES),
  /** Other models whose answers state the same. */
  agreedBy: z.array(z.string()),
  /** Other models that state something else, with the value and the sentence they state it in. */
  contradictedBy: z.array(z.object({ model: z.string(), value: z.string(), claim: z.string() })),
  source: findingSourceSchema,
});
export type AnswerClaim = z.infer<typeof answerClaimSchema>;

export const answerClaimsSchema = z.object({ model: z.string(), claims: z.array(answerClaimSchema) });
export type AnswerClaims = z.infer<typeof answerClaimsSchema>;

/**
 * The Parallax answer (issue 13, item 1): the facts the answers share, each with the models that state it
 * and their own words, and every dispute stated as disputed with who holds which value.
 */
export const consensusSchema = z.object({
  /**
   * 'assembled': put together from the claims by code, no model wrote it. 'judge': written by the judge
   * model from the claims, each sentence then checked by code against the claims it cites.
   */
  writtenBy: z.enum(['assembled', 'judge']),
  /** The judge model that wrote it ('judge' only). */
  judge: z.object({ model: z.string(), displayName: z.string() }).optional(),
  /** Sentences the judge wrote that the check could not trace to the claims, left out. */
  dropped: z.number().int().min(0).optional(),
  sentences: z.array(
    z.object({
      text: z.string(),
      /** The models whose answers state it. */
      models: z.array(z.string()),
      /** Each of those models' own sentence stating it. */
      quotes: z.array(z.object({ model: z.string(), text: z.string() })),
      /** A disagreement the models settled when asked to re-check it (issue 13, item 2). */
      settled: z.boolean().optional(),
    }),
  ),
  disputes: z.array(
    z.object({
      topic: z.string(),
      sides: z.array(z.object({ value: z.string(), models: z.array(z.string()) })),
      /** Models that, asked to re-check, said they are not sure. */
      uncertain: z.array(z.string()).optional(),
    }),
  ),
});
export type Consensus = z.infer<typeof consensusSchema>;

export const comparisonAnalysisSchema = z.object({
  summary: z.string(),
  /** Facts the answers share, each a short sentence. */
  agreements: z.array(z.string()),
  /** Factual conflicts only; differences of style, length or wording are not disagreements. */
  disagreements: z.array(disagreementSchema),
  confidenceRanking: z.array(confidenceEntrySchema),
  judge: comparisonJudgeSchema,
  /** Each answered model's checkable claims, in text order. Absent on queries stored before claims existed. */
  claims: z.array(answerClaimsSchema).optional(),
  /** Models whose answers were stopped by the asker before they finished: compared on the part that arrived. */
  stopped: z.array(z.string()).optional(),
  /**
   * Answers longer than the comparison reads (COMPARED_ANSWER_CHARS, decision 0058): each model with how
   * many of its characters were compared, from the start.
   */
  comparedInPart: z.array(z.object({ model: z.string(), chars: z.number().int().min(0) })).optional(),
  /** The Parallax answer; absent when the answers share no fact and have no dispute, and on older questions. */
  consensus: consensusSchema.optional(),
});
export type ComparisonAnalysis = z.infer<typeof comparisonAnalysisSchema>;

/**
 * The fewest checked claims, over all answers, that a confidence ranking is made from (issue 33, item 5):
 * with fewer, the comparison gives no ranking and the card says RANKING_WITHHELD_TEXT instead.
 */
export const RANKING_MIN_CHECKED = 3;
export const RANKING_WITHHELD_TEXT =
  'Too few facts could be compared across the answers to rank them by confidence.';

/** One model's answer as the analysers see it. */
export interface AnswerForComparison {
  model: string;
  text: string | null;
  error: string | null;
}

/** The note under a comparison that read only the start of an answer ('Claude: compared on its first 19,980 characters; ...'). */
export function comparedInPartText(displayName: string, chars: number): string {
  return `${displayName}: compared on its first ${chars.toLocaleString('en-US')} characters; the rest of this long answer was not compared.`;
}
