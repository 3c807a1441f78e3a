import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { apiStatusSchema } from '../../common/models';
import { historySchema, savedQuerySchema } from '../../common/query-schemas';
import { subscriptionStatusSchema } from '../../common/subscription-schemas';
import { messageResponseSchema } from '../../common/user-schemas';
import { INVALID_RESPONSE, parseResponse } from './parse';
import {
  apiStatusCheck,
  checkResponse,
  historyCheck,
  messageResponseCheck,
  savedQueryCheck,
  subscriptionStatusCheck,
  type Check,
} from './response-checks';

// Each check must accept exactly what its contract schema accepts: the same valid answers, and every
// answer made from them by replacing or removing one value anywhere in them.

const status = {
  userId: 7,
  hasActiveSubscription: true,
  subscriptionStatus: 'active',
  subscriptionTier: 'basic',
  subscriptionExpiresAt: '2026-12-01T00:00:00.000Z',
  stripeSubscriptionId: 'sub_1',
  paidQuestionsRemaining: -1,
  freeQuestionsRemaining: 0,
};
const anonymousStatus = { ...status, userId: null, subscriptionStatus: null, stripeSubscriptionId: null };

const withComparison = {
  id: 12,
  text: 'When did the Berlin Wall fall?',
  createdAt: '2026-11-26T10:00:00.000Z',
  selectedModels: ['chatgpt', 'grok'],
  responses: [
    {
      model: 'chatgpt',
      text: 'On 9 November 1989.',
      error: null,
      responseTime: 812,
      confidenceScore: 0.9,
      usage: { inputTokens: 10, outputTokens: null },
    },
    {
      model: 'grok',
      text: 'In Nov',
      error: 'You stopped this answer.',
      responseTime: null,
      confidenceScore: null,
      usage: null,
      failure: 'stopped',
      retries: 1,
    },
    { model: 'comparison', text: 'Both agree.', error: null, responseTime: 5, confidenceScore: 1 },
  ],
  comparisonSummary: {
    summary: 'They agree on the date.',
    agreements: ['The wall fell in 1989.'],
    disagreements: [
      {
        topic: 'Day',
        positions: [
          { model: 'chatgpt', claim: 'On 9 November.', value: '9 November' },
          { model: 'grok', claim: 'In November.' },
        ],
        source: 'judge',
      },
      { topic: 'Month', positions: [] },
    ],
    confidenceRanking: [
      { model: 'chatgpt', displayName: 'ChatGPT', score: 0.9, checked: 3, contradicted: 0, reason: 'All confirmed' },
      { model: 'grok', displayName: 'Grok', score: 0 },
    ],
    judge: { kind: 'model', model: 'claude', displayName: 'Claude', modelVersion: 'v1', durationMs: 40 },
    stopped: ['grok'],
    claims: [
      {
        model: 'chatgpt',
        claims: [
          {
            start: 3,
            end: 18,
            text: 'On 9 November 1989.',
            status: 'contradicted',
            agreedBy: ['gemini'],
            contradictedBy: [{ model: 'grok', value: '10 November', claim: 'On 10 November.' }],
            source: 'local',
          },
        ],
      },
    ],
  },
};
const withoutComparison = { ...withComparison, id: 13, responses: [], comparisonSummary: null };
const localJudge = {
  ...withComparison,
  id: 14,
  comparisonSummary: { ...withComparison.comparisonSummary, judge: { kind: 'local' }, claims: undefined },
};

const replacements: unknown[] = [null, undefined, '', 'x', 0, 1, -1, 1.5, 2, true, [], {}, 'agreed', 'model', 'local'];

/** The value with the one at `path` replaced (or removed, for undefined). */
function replaced(value: unknown, path: (string | number)[], by: unknown): unknown {
  if (path.length === 0) return by;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  if (Array.isArray(value)) return value.map((item, index) => (index === head ? replaced(item, rest, by) : item));
  const copy = { ...(value as Record<string, unknown>) };
  if (rest.length === 0 && by === undefined) delete copy[head];
  else copy[head] = replaced(copy[head], rest, by);
  return copy;
}

function paths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  const children = Array.isArray(value)
    ? value.map((item, index) => paths(item, [...at, index]))
    : typeof value === 'object' && value !== null
      ? Object.entries(value).map(([key, item]) => paths(item, [...at, key]))
      : [];
  return [at, ...children.flat()];
}

/** Every answer the test feeds both: the valid ones, and each with one value replaced or removed. */
function variants(valid: unknown[]): unknown[] {
  return [
    ...valid,
    ...valid.flatMap((value) => paths(value).flatMap((path) => replacements.map((by) => replaced(value, path, by)))),
  ];
}

function agree<T>(check: Check<T>, schema: z.ZodType<T>, valid: unknown[]) {
  for (const value of valid) expect(check(value), JSON.stringify(value)).toBe(true);
  let rejected = 0;
  for (const value of variants(valid)) {
    const accepted = schema.safeParse(value).success;
    expect(check(value), JSON.stringify(value)).toBe(accepted);
    if (!accepted) rejected += 1;
  }
  expect(rejected).toBeGreaterThan(valid.length);
}

describe('the checks of the answers Home reads as it first paints', () => {
  it('accept and refuse what the subscription status schema does', () => {
    agree(subscriptionStatusCheck, subscriptionStatusSchema, [status, anonymousStatus]);
  });

  it('accept and refuse what the API status schema does', () => {
    agree(apiStatusCheck, apiStatusSchema, [
      { chatgpt: true, grok: false, gemini: true, deepseek: false, llama: false, claude: true, perplexity: false },
    ]);
  });

  it('accept and refuse what the saved question and history schemas do', () => {
    agree(savedQueryCheck, savedQuerySchema, [withComparison, withoutComparison, localJudge]);
    agree(historyCheck, historySchema, [[], [withComparison, withoutComparison]]);
  });

  it('accept and refuse what the message schema does', () => {
    agree(messageResponseCheck, messageResponseSchema, [{ message: 'History cleared' }]);
  });

  it('refuse a malformed answer with the same message as the schema parse', () => {
    const malformed = { ...status, freeQuestionsRemaining: '3' };
    expect(() => parseResponse(subscriptionStatusSchema, malformed)).toThrow(INVALID_RESPONSE);
    expect(() => checkResponse(subscriptionStatusCheck, malformed)).toThrow(INVALID_RESPONSE);
    expect(checkResponse(subscriptionStatusCheck, status)).toEqual(parseResponse(subscriptionStatusSchema, status));
  });
});
