import type { QueryClient } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { expect, vi } from 'vitest';
import type { ComparisonAnalysis } from '../../../common/comparison';
import type { QueryResult, SavedQuery } from '../../../common/query-schemas';
import type { PublicUser } from '../../../common/user-schemas';
import { installFakeFetch, type FakeHandler, type FakeResponse } from '../../../../tests/helpers/fake-fetch';
import { renderPage } from '../../../../tests/helpers/render';
import { makeSubscriptionStatus } from '../../../../tests/helpers/subscription-status';
import { makePublicUser, meAs } from '../../../../tests/helpers/users';
import { HomePage } from './home-page';

// Shared set-up for Home's component tests: a fixed browser session and a fake server.

export const SESSION = 'test-session-0001';

export const allConfigured = {
  chatgpt: true,
  grok: true,
  gemini: true,
  deepseek: true,
  llama: true,
  claude: true,
  perplexity: true,
};

export const subscriptionStatus = makeSubscriptionStatus;

export const comparison: ComparisonAnalysis = {
  summary: 'All three answers agree the wall fell in 1989.',
  agreements: ['The Berlin Wall fell on 9 November 1989.'],
  disagreements: [],
  confidenceRanking: [
    { model: 'chatgpt', displayName: 'ChatGPT', score: 0.9 },
    { model: 'grok', displayName: 'Grok', score: 0.8 },
    { model: 'gemini', displayName: 'Gemini', score: 0.7 },
  ],
  judge: { kind: 'local' },
};

export function savedQuery(overrides: Partial<SavedQuery> = {}): SavedQuery {
  return {
    id: 7,
    text: 'When did the Berlin Wall fall?',
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    selectedModels: ['chatgpt', 'grok', 'gemini'],
    responses: [
      { model: 'chatgpt', text: 'It fell on 9 November 1989.', error: null, responseTime: 1200, confidenceScore: 0.9 },
      { model: 'grok', text: 'November 9, 1989 was the day.', error: null, responseTime: 2300, confidenceScore: 0.8 },
      { model: 'gemini', text: 'The wall came down in 1989.', error: null, responseTime: 3400, confidenceScore: 0.7 },
      { model: 'comparison', text: 'Summary', error: null, responseTime: null, confidenceScore: null },
    ],
    comparisonSummary: comparison,
    ...overrides,
  };
}

export function queryResult(overrides: Partial<QueryResult> = {}): QueryResult {
  return {
    ...savedQuery(),
    subscriptionInfo: {
      hasActiveSubscription: false,
      subscriptionStatus: null,
      subscriptionTier: 'free',
      freeQuestionsRemaining: 32,
      paidQuestionsRemaining: 0,
    },
    ...overrides,
  };
}

/** The signed-in user of Home's tests, which look for this name ('linus') on screen. */
export const makeUser = (overrides: Partial<PublicUser> = {}) =>
  makePublicUser({ id: 11, username: 'linus', email: 'linus@example.com', freeQuestionsRemaining: 30, ...overrides });

/** Home at `at` with an anonymous visitor (unless `user` is given) and the given server answers. */
export function renderHome(
  handlers: Record<string, FakeHandler | FakeResponse> = {},
  { at = '/', user = null }: { at?: string; user?: PublicUser | null } = {},
) {
  localStorage.setItem('parallaxSessionId', SESSION);
  localStorage.setItem('sessionId', SESSION);
  const fake = installFakeFetch({
    'GET /api/me': meAs(user),
    'GET /api/api-status': { json: allConfigured },
    'GET /api/query-options': { json: { webSearchAllowed: true } },
    [`GET /api/history/${SESSION}`]: { json: [] },
    [`GET /api/subscription-status-by-session/${SESSION}`]: { json: subscriptionStatus() },
    ...handlers,
  });
  const view = renderPage(<HomePage />, { at, routes: [{ path: '/pricing', element: <h1>Pricing</h1> }] });
  lastClient = view.queryClient;
  return { ...fake, ...view };
}

let lastClient: QueryClient | null = null;

/** A screen narrower than the 768 px breakpoint. */
export function narrowScreen() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

/** Waits until the first data has arrived, so no request is still in flight when a test ends. */
export async function settled() {
  await waitFor(() => expect(lastClient?.isFetching() ?? 0).toBe(0));
  await waitFor(() => expect(lastClient?.isMutating() ?? 0).toBe(0));
}
