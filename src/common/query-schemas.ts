import { z } from 'zod';
import { comparisonAnalysisSchema, consensusSchema, recheckOutcomeSchema } from './comparison';
import { MAX_QUERY_LENGTH } from './limits';
import { MAX_SELECTED_MODELS, MIN_SELECTED_MODELS, modelKeySchema } from './models';
import { conversationMessages } from './conversation-messages';
import { queryMessages } from './query-messages';
import { safeText } from './text-rules';
import { vendorFailureKinds } from './vendor-failure-messages';

export const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;

// hasAnswerText is answer-text.ts's, which has no zod, so Home's first paint can use it.
export { hasAnswerText } from './answer-text';

export const sessionIdSchema = safeText({
  max: 128,
  messages: { required: queryMessages.invalidSessionId, tooLong: queryMessages.invalidSessionId },
}).regex(SESSION_ID_PATTERN, queryMessages.invalidSessionId);

const questionTextSchema = safeText({
  max: MAX_QUERY_LENGTH,
  min: 1,
  trim: true,
  multiline: true,
  messages: { required: queryMessages.emptyQuery, tooLong: queryMessages.queryTooLong },
});

export const queryRequestSchema = z.object({
  text: questionTextSchema,
  sessionId: sessionIdSchema.optional(),
  selectedModels: z
    .array(modelKeySchema, queryMessages.noModel)
    .min(MIN_SELECTED_MODELS, queryMessages.noModel)
    .max(MAX_SELECTED_MODELS, queryMessages.tooManyModels)
    .refine((models) => new Set(models).size === models.length, queryMessages.duplicateModels),
  /** "Search the web": each chosen vendor that has a web search uses it (common/web-search.ts). */
  webSearch: z.boolean().optional(),
});
export type QueryRequest = z.infer<typeof queryRequestSchema>;

/** A page the vendor's answer cites (its web search results, Perplexity's citations, Gemini's grounding). */
export const answerSourceSchema = z.object({
  url: z.string(),
  /** The page's title as the vendor gave it; null when it gave none. */
  title: z.string().nullable(),
});
export type AnswerSource = z.infer<typeof answerSourceSchema>;

/**
 * Where an answer cites one of its sources: UTF-16 offsets into the answer's text as stored, end
 * exclusive. A vendor that writes its own markers ('[1]') gets a span over them; elsewhere start = end,
 * the place after the words the vendor says the source supports (providers/answer-parts.ts).
 */
export const citationMarkSchema = z.object({
  start: z.number().int().min(0),
  end: z.number().int().min(0),
  /** Index into the answer's `sources`. */
  source: z.number().int().min(0),
  /** Where the words the source supports begin, when the vendor says (a cited block, a grounded range). */
  passageStart: z.number().int().min(0).optional(),
});
export type CitationMark = z.infer<typeof citationMarkSchema>;

export const tokenUsageSchema = z.object({
  inputTokens: z.number().int().nullable(),
  outputTokens: z.number().int().nullable(),
});

export const modelResponseSchema = z.object({
  model: z.string(),
  text: z.string().nullable(),
  error: z.string().nullable(),
  /** Milliseconds from the question to the model's last word. */
  responseTime: z.number().int().nullable(),
  confidenceScore: z.number().min(0).max(1).nullable(),
  usage: tokenUsageSchema.nullable().optional(),
  /** The vendor's model that answered (e.g. gpt-5.1); null where it was not recorded. */
  modelVersion: z.string().nullable().optional(),
  /** Why `error` is set ('stopped' when the asker stopped it); null when it answered or was saved before kinds. */
  failure: z.enum(vendorFailureKinds).nullable().optional(),
  /** Free retries this model has had on this question (MAX_RETRIES_PER_MODEL at most). */
  retries: z.number().int().min(0).optional(),
  /** The pages this answer cites, in the order the vendor numbered them; absent when it cited none. */
  sources: z.array(answerSourceSchema).optional(),
  citationMarks: z.array(citationMarkSchema).optional(),
  /** The reasoning a thinking model showed before it answered (its summary, where that is all it gives). */
  reasoning: z.string().nullable().optional(),
  /** Milliseconds from the model's first thought to its first answer word; null when it showed no thinking. */
  thinkingTime: z.number().int().nullable().optional(),
  /** Milliseconds from the question to the first answer word (thinking included); null when none came. */
  firstTokenTime: z.number().int().nullable().optional(),
});
export type ModelResponse = z.infer<typeof modelResponseSchema>;

export const subscriptionInfoSchema = z.object({
  hasActiveSubscription: z.boolean(),
  subscriptionStatus: z.string().nullable(),
  subscriptionTier: z.string(),
  freeQuestionsRemaining: z.number().int(),
  paidQuestionsRemaining: z.number().int(),
});
export type SubscriptionInfo = z.infer<typeof subscriptionInfoSchema>;

export const comparisonSummarySchema = comparisonAnalysisSchema;

/** A saved question with its answers: the POST /api/query answer and each history item. */
const savedTurnSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  createdAt: z.string(),
  selectedModels: z.array(z.string()),
  responses: z.array(modelResponseSchema),
  comparisonSummary: comparisonSummarySchema.nullable(),
  /** Asked with "Search the web" on. */
  webSearch: z.boolean().optional(),
  /** A follow-up turn (issue 13, item 3): the id of the first question of its conversation. */
  followUpOf: z.number().int().nullable().optional(),
});

export const savedQuerySchema = savedTurnSchema.extend({
  /** The follow-up turns after this question, oldest first; on GET /api/query/:id only. */
  followUps: z.array(savedTurnSchema).optional(),
});
export type SavedQuery = z.infer<typeof savedQuerySchema>;
export type SavedTurn = z.infer<typeof savedTurnSchema>;

export const queryResultSchema = savedQuerySchema.extend({ subscriptionInfo: subscriptionInfoSchema });
export type QueryResult = z.infer<typeof queryResultSchema>;

export const historySchema = z.array(savedQuerySchema);

/** POST /api/query/stream: one JSON object per Server-Sent Event, `event:` naming its type. */
export const streamEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('start'),
    models: z.array(z.string()),
    subscriptionInfo: subscriptionInfoSchema,
    /** Names this stream to POST /api/query/stream/:streamId/stop. */
    streamId: z.string().optional(),
  }),
  z.object({ type: z.literal('delta'), model: z.string(), text: z.string() }),
  /** The model is thinking: its reasoning as it arrives ('' when it thinks without showing how). */
  z.object({ type: z.literal('reasoning'), model: z.string(), text: z.string() }),
  /** Every source the model has cited so far, with where the answer cites them. */
  z.object({
    type: z.literal('sources'),
    model: z.string(),
    sources: z.array(answerSourceSchema),
    citationMarks: z.array(citationMarkSchema),
  }),
  z.object({
    type: z.literal('model-done'),
    model: z.string(),
    responseTime: z.number().int().nullable(),
    error: z.string().nullable(),
    modelVersion: z.string().nullable().optional(),
    failure: z.enum(vendorFailureKinds).nullable().optional(),
    thinkingTime: z.number().int().nullable().optional(),
    firstTokenTime: z.number().int().nullable().optional(),
  }),
  /** A model's re-check reply as it arrives ('Settle this', issue 13, item 2). */
  z.object({ type: z.literal('recheck'), model: z.string(), text: z.string() }),
  /** A model's re-check is over: what it now holds. */
  z.object({ type: z.literal('recheck-done'), model: z.string(), outcome: recheckOutcomeSchema }),
  z.object({ type: z.literal('comparison'), comparison: comparisonAnalysisSchema }),
  /** The Parallax answer as the judge wrote it, after the comparison (issue 13, item 1). */
  z.object({ type: z.literal('consensus'), consensus: consensusSchema }),
  z.object({ type: z.literal('query'), query: queryResultSchema }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type StreamEvent = z.infer<typeof streamEventSchema>;

/** A stream's name: 128 random bits, base64url (queries/live-streams.ts). */
export const streamIdSchema = z.string().regex(/^[A-Za-z0-9_-]{22}$/, queryMessages.streamFinished);

/** POST /api/query/stream/:streamId/stop: one model, or every model when `model` is left out. */
export const stopRequestSchema = z.object({
  model: modelKeySchema.optional(),
  sessionId: sessionIdSchema.optional(),
});
export type StopRequest = z.infer<typeof stopRequestSchema>;

/** POST /api/query/:id/retry: asks one model of a saved question again; answers as the question stream does. */
export const retryRequestSchema = z.object({
  model: modelKeySchema,
  sessionId: sessionIdSchema.optional(),
});
export type RetryRequest = z.infer<typeof retryRequestSchema>;

/** POST /api/query/:id/follow-up: asks the models of a question (or one of them) again, in its conversation. */
export const followUpRequestSchema = z.object({
  text: questionTextSchema,
  /** One model of the question; left out, every model that was asked. */
  model: modelKeySchema.optional(),
  sessionId: sessionIdSchema.optional(),
  webSearch: z.boolean().optional(),
});
export type FollowUpRequest = z.infer<typeof followUpRequestSchema>;

/** POST /api/query/:id/settle: re-checks one disagreement, named by its topic; answers as a stream. */
export const settleRequestSchema = z.object({
  // Only compared with the stored topics, never stored: any text, within reason.
  topic: z
    .string(conversationMessages.disagreementNotFound)
    .min(1, conversationMessages.disagreementNotFound)
    .max(1000, conversationMessages.disagreementNotFound),
  sessionId: sessionIdSchema.optional(),
});
export type SettleRequest = z.infer<typeof settleRequestSchema>;

/** GET /api/query-options: what the question form may offer beyond the models. */
export const queryOptionsSchema = z.object({
  /** "Search the web" may be turned on (the administrator can turn it off). */
  webSearchAllowed: z.boolean(),
});
export type QueryOptions = z.infer<typeof queryOptionsSchema>;

/** GET /api/model-versions/:model: the versions the caller's key can use, from the vendor's own list. */
export const modelVersionsSchema = z.object({
  model: modelKeySchema,
  versions: z.array(z.string()),
  defaultVersion: z.string(),
  /** 'vendor': read from the vendor's list call; 'catalogue': Parallax's built-in list stands in. */
  source: z.enum(['vendor', 'catalogue']),
  fetchedAt: z.string().nullable(),
  /** Why the vendor's own list is not shown, when it is not. */
  problem: z.string().optional(),
});
export type ModelVersions = z.infer<typeof modelVersionsSchema>;

export const apiKeyRequestSchema = z.object({
  model: modelKeySchema,
  apiKey: safeText({ max: 500, min: 1, trim: true, messages: { required: queryMessages.apiKeyRequired } }),
  apiVersion: safeText({ max: 100, trim: true }).optional(),
  sessionId: sessionIdSchema.optional(),
});
export type ApiKeyRequest = z.infer<typeof apiKeyRequestSchema>;
