import type { ApiStatus } from '../../common/models';
import { modelKeys } from '../../common/model-catalogue';
import type { AnswerSource, CitationMark, QueryOptions, SavedQuery, SavedTurn } from '../../common/query-schemas';
import type { SubscriptionStatus } from '../../common/subscription-schemas';
import type { MessageResponse } from '../../common/user-schemas';
import { vendorFailureKinds } from '../../common/vendor-failure-messages';
import { INVALID_RESPONSE } from './parse';

// The answers Home reads as it first paints, checked without zod (docs/decisions/0032-home-page-weight.md):
// zod was a sixth of the JavaScript of a first visit. The contract stays the schemas in src/common; each
// check here is written against the type those schemas infer, so TypeScript refuses a check that misses
// a field, adds one or differs on null, and response-checks.test.ts feeds every check and its schema
// the same valid answers and the same mutations of them, so a rule (an integer, a bound, an enum) that
// changes on one side only fails there.

/** Accepts exactly the values of type T; invariant in T, so a check for `string` is not one for `string | null`. */
export interface Check<T> {
  (value: unknown): boolean;
  readonly type?: (value: T) => T;
}

const string: Check<string> = (value) => typeof value === 'string';
const boolean: Check<boolean> = (value) => typeof value === 'boolean';
/** zod's `z.number().int()`, with its optional `.min()` and `.max()`. */
const int =
  (min = -Infinity, max = Infinity): Check<number> =>
  (value) =>
    Number.isSafeInteger(value) && (value as number) >= min && (value as number) <= max;
/** zod's `z.number()`, with its optional `.min()` and `.max()`. */
const number =
  (min = -Infinity, max = Infinity): Check<number> =>
  (value) =>
    typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max;

function nullable<T>(check: Check<T>): Check<T | null> {
  return (value) => value === null || check(value);
}

function optional<T>(check: Check<T>): Check<T | undefined> {
  return (value) => value === undefined || check(value);
}

function array<T>(check: Check<T>): Check<T[]> {
  return (value) => Array.isArray(value) && value.every((item) => check(item));
}

function oneOf<const T extends string>(values: readonly T[]): Check<T> {
  return (value) => (values as readonly unknown[]).includes(value);
}

function either<A, B>(a: Check<A>, b: Check<B>): Check<A | B> {
  return (value) => a(value) || b(value);
}

/** An object with exactly these fields checked; others pass through, as the server never sends any. */
function object<T>(shape: { [K in keyof T]-?: Check<T[K]> }): Check<T> {
  const entries = Object.entries(shape) as [string, Check<unknown>][];
  return (value) =>
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    entries.every(([key, check]) => check((value as Record<string, unknown>)[key]));
}

/** The answer as T, or the one error every parse failure gives (api/parse.ts). */
export function checkResponse<T>(check: Check<T>, value: unknown): T {
  if (!check(value)) throw new Error(INVALID_RESPONSE);
  return value as T;
}

export const subscriptionStatusCheck = object<SubscriptionStatus>({
  userId: nullable(int()),
  hasActiveSubscription: boolean,
  subscriptionStatus: nullable(string),
  subscriptionTier: string,
  subscriptionExpiresAt: nullable(string),
  stripeSubscriptionId: nullable(string),
  paidQuestionsRemaining: int(),
  freeQuestionsRemaining: int(),
});

export const apiStatusCheck = object<ApiStatus>(
  Object.fromEntries(modelKeys.map((key) => [key, boolean])) as { [K in keyof ApiStatus]-?: Check<boolean> },
);

export const messageResponseCheck = object<MessageResponse>({ message: string });

type Comparison = NonNullable<SavedQuery['comparisonSummary']>;
type Judge = Comparison['judge'];
type Consensus = NonNullable<Comparison['consensus']>;
type Settlement = NonNullable<Comparison['disagreements'][number]['settlement']>;
type Claims = NonNullable<Comparison['claims']>[number];
type Response = SavedQuery['responses'][number];
const findingSource = oneOf(['judge', 'local']);

const claimsCheck = object<Claims>({
  model: string,
  claims: array(
    object<Claims['claims'][number]>({
      start: int(0),
      end: int(0),
      text: string,
      status: oneOf(['agreed', 'contradicted', 'single-source']),
      agreedBy: array(string),
      contradictedBy: array(object({ model: string, value: string, claim: string })),
      source: findingSource,
    }),
  ),
});

export const sourceCheck = object<AnswerSource>({ url: string, title: nullable(string) });
export const citationMarkCheck = object<CitationMark>({
  start: int(0),
  end: int(0),
  source: int(0),
  passageStart: optional(int(0)),
});

const comparisonCheck = object<Comparison>({
  summary: string,
  agreements: array(string),
  disagreements: array(
    object<Comparison['disagreements'][number]>({
      topic: string,
      positions: array(
        object<Comparison['disagreements'][number]['positions'][number]>({
          model: string,
          claim: string,
          value: optional(string),
          citedSources: optional(array(sourceCheck)),
        }),
      ),
      source: optional(findingSource),
      settlement: optional(
        object<Settlement>({
          outcomes: array(
            object<Settlement['outcomes'][number]>({
              model: string,
              verdict: oneOf(['held', 'changed', 'uncertain']),
              value: optional(string),
              reply: nullable(string),
              error: optional(nullable(string)),
            }),
          ),
          settled: boolean,
          value: optional(string),
          at: string,
        }),
      ),
    }),
  ),
  confidenceRanking: array(
    object<Comparison['confidenceRanking'][number]>({
      model: string,
      displayName: string,
      score: number(0, 1),
      checked: optional(int(0)),
      contradicted: optional(int(0)),
      reason: optional(string),
    }),
  ),
  judge: either(
    object<Extract<Judge, { kind: 'model' }>>({
      kind: oneOf(['model']),
      model: string,
      displayName: string,
      modelVersion: optional(string),
      durationMs: optional(int(0)),
    }),
    object<Extract<Judge, { kind: 'local' }>>({ kind: oneOf(['local']) }),
  ),
  claims: optional(array(claimsCheck)),
  stopped: optional(array(string)),
  comparedInPart: optional(array(object<{ model: string; chars: number }>({ model: string, chars: int(0) }))),
  consensus: optional(
    object<Consensus>({
      writtenBy: oneOf(['assembled', 'judge']),
      judge: optional(object<NonNullable<Consensus['judge']>>({ model: string, displayName: string })),
      dropped: optional(int(0)),
      sentences: array(
        object<Consensus['sentences'][number]>({
          text: string,
          models: array(string),
          quotes: array(object<Consensus['sentences'][number]['quotes'][number]>({ model: string, text: string })),
          settled: optional(boolean),
        }),
      ),
      disputes: array(
        object<Consensus['disputes'][number]>({
          topic: string,
          sides: array(
            object<Consensus['disputes'][number]['sides'][number]>({ value: string, models: array(string) }),
          ),
          uncertain: optional(array(string)),
        }),
      ),
    }),
  ),
});

const turnFields = {
  id: int(),
  text: string,
  createdAt: string,
  selectedModels: array(string),
  responses: array(
    object<Response>({
      model: string,
      text: nullable(string),
      error: nullable(string),
      responseTime: nullable(int()),
      confidenceScore: nullable(number(0, 1)),
      usage: optional(nullable(object({ inputTokens: nullable(int()), outputTokens: nullable(int()) }))),
      modelVersion: optional(nullable(string)),
      failure: optional(nullable(oneOf(vendorFailureKinds))),
      retries: optional(int(0)),
      sources: optional(array(sourceCheck)),
      citationMarks: optional(array(citationMarkCheck)),
      reasoning: optional(nullable(string)),
      thinkingTime: optional(nullable(int())),
      firstTokenTime: optional(nullable(int())),
    }),
  ),
  comparisonSummary: nullable(comparisonCheck),
  webSearch: optional(boolean),
  followUpOf: optional(nullable(int())),
};

const savedTurnCheck = object<SavedTurn>(turnFields);

export const savedQueryCheck = object<SavedQuery>({ ...turnFields, followUps: optional(array(savedTurnCheck)) });

export const historyCheck = array(savedQueryCheck);

export const queryOptionsCheck = object<QueryOptions>({ webSearchAllowed: boolean });
