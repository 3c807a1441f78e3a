import type { ComparisonAnalysis } from '../../../common/comparison';
import type { ModelResponse, SavedQuery } from '../../../common/query-schemas';
import type { FakeResponse } from '../../../../tests/helpers/fake-fetch';

// Fixtures for this folder's component tests only; not a test file itself.

export const SESSION_ID = 'session-test-0001';

export function answer(model: string, text: string | null, overrides: Partial<ModelResponse> = {}): ModelResponse {
  return { model, text, error: null, responseTime: 1200, confidenceScore: null, ...overrides };
}

export const comparison: ComparisonAnalysis = {
  summary: 'All three models agree that the Berlin Wall fell in 1989.',
  agreements: ['The Berlin Wall fell in 1989.'],
  disagreements: [],
  confidenceRanking: [
    { model: 'chatgpt', displayName: 'ChatGPT', score: 0.876 },
    { model: 'grok', displayName: 'Grok', score: 0.654 },
    { model: 'gemini', displayName: 'Gemini', score: 0.5 },
  ],
  judge: { kind: 'local' },
};

/** Made from local time, so the expected text holds in any time zone. */
export const CREATED_AT = new Date(2026, 2, 14, 15, 9).toISOString();
export const CREATED_AT_TEXT = 'Mar 14, 2026 3:09 PM';

export function savedQuery(id: number, overrides: Partial<SavedQuery> = {}): SavedQuery {
  return {
    id,
    text: `When did the Berlin Wall fall? (question ${id})`,
    createdAt: CREATED_AT,
    selectedModels: ['chatgpt', 'grok', 'gemini'],
    responses: [
      answer('chatgpt', 'The Berlin Wall fell in 1989. Crowds gathered at the border crossings that night.'),
      answer('grok', 'The Berlin Wall fell in 1989. Crowds gathered at the border crossings that night.'),
      answer('gemini', 'The Berlin Wall fell in 1989. Bananas contain potassium and several vitamins.'),
      answer('comparison', 'Comparison pseudo-answer that must not get a column.'),
    ],
    comparisonSummary: comparison,
    ...overrides,
  };
}

/** Newest first, like GET /api/history. */
export const history: SavedQuery[] = [savedQuery(3), savedQuery(2), savedQuery(1)];

export const notFound: FakeResponse = { status: 404, json: { message: 'Query not found' } };

/** A fake answer the test releases when it has looked at the pending state. */
export function deferred(answer: FakeResponse) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  return { handler: async () => (await gate, answer), release };
}
