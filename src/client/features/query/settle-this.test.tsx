import { conversationMessages } from '../../../common/conversation-messages';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ComparisonAnalysis, Disagreement } from '../../../common/comparison';
import { MAX_SETTLEMENTS_PER_QUESTION } from '../../../common/limits';
import { toastMessages } from '../../../common/messages';
import type { SavedQuery } from '../../../common/query-schemas';
import { installFakeFetch, sseStream } from '../../../../tests/helpers/fake-fetch';
import { renderPage } from '../../../../tests/helpers/render';
import { QueryDetailPage } from './query-detail-page';
import { answer, comparison, history, SESSION_ID, savedQuery } from './query-test-data';

// 'Settle this' on /query/:id (issue 13, item 2): the button on each disagreement, the models' replies
// arriving in its card, the verdicts and the updated comparison kept, and a refusal said in words.

const height: Disagreement = {
  topic: 'Height of the Eiffel Tower',
  positions: [
    { model: 'chatgpt', claim: 'The Eiffel Tower is 330 metres tall.', value: '330 metres' },
    { model: 'claude', claim: 'The Eiffel Tower is 300 metres tall.', value: '300 metres' },
  ],
  source: 'local',
};
const year: Disagreement = {
  topic: 'Year it was completed',
  positions: [
    { model: 'chatgpt', claim: 'It was completed in 1889.', value: '1889' },
    { model: 'claude', claim: 'It was completed in 1887.', value: '1887' },
  ],
  source: 'local',
};

function tower(overrides: Partial<ComparisonAnalysis> = {}): SavedQuery {
  return savedQuery(4, {
    text: 'Tell me about the Eiffel Tower',
    selectedModels: ['chatgpt', 'claude'],
    responses: [
      answer('chatgpt', 'The Eiffel Tower is 330 metres tall. It was completed in 1889.'),
      answer('claude', 'The Eiffel Tower is 300 metres tall. It was completed in 1887.'),
    ],
    comparisonSummary: { ...comparison, disagreements: [height, year], ...overrides },
  });
}

const settledHeight: Disagreement = {
  ...height,
  settlement: {
    outcomes: [
      { model: 'chatgpt', verdict: 'held', reply: 'KEEP. 330 metres with its antennas.', error: null },
      {
        model: 'claude',
        verdict: 'changed',
        value: '330 metres',
        reply: 'REVISE: 330 metres. I gave the old height.',
        error: null,
      },
    ],
    settled: true,
    value: '330 metres',
    at: '2026-11-27T01:00:00.000Z',
  },
};

const disagreementCard = (topic: string) => screen.getByText(topic).closest('li')!;

beforeEach(() => localStorage.setItem('parallaxSessionId', SESSION_ID));

describe('Settle this', () => {
  it('streams the re-check into the disagreement, then shows each verdict and the updated comparison', async () => {
    const stream = sseStream();
    const { requests } = installFakeFetch({
      [`GET /api/history/${SESSION_ID}`]: { json: history },
      'GET /api/query/4': { json: tower() },
      'POST /api/query/4/settle': () => stream.response(),
    });
    const { user } = renderPage(<QueryDetailPage />, { path: '/query/:queryId', at: '/query/4' });
    await screen.findByText(height.topic);
    expect(within(disagreementCard(year.topic)).getByText(/uses 1 question/)).toBeInTheDocument();

    await user.click(within(disagreementCard(height.topic)).getByRole('button', { name: /Settle this/ }));
    await waitFor(() => expect(requests.find((r) => r.path === '/api/query/4/settle')).toBeDefined());
    expect(requests.find((r) => r.path === '/api/query/4/settle')!.body).toEqual({
      topic: height.topic,
      sessionId: SESSION_ID,
    });
    stream.send({ type: 'start', models: ['chatgpt', 'claude'], subscriptionInfo: subscription(31) });
    stream.send({ type: 'recheck', model: 'claude', text: 'REVISE: 330 metres. ' });
    const card = disagreementCard(height.topic);
    expect(await within(card).findByText('REVISE: 330 metres.')).toBeInTheDocument();
    expect(within(card).getAllByText('Re-checking…')).toHaveLength(2);
    stream.send({ type: 'recheck-done', model: 'claude', outcome: settledHeight.settlement!.outcomes[1] });
    expect(await within(card).findByText('Changed to 330 metres')).toBeInTheDocument();

    stream.send({
      type: 'query',
      query: { ...tower({ disagreements: [settledHeight, year] }), subscriptionInfo: subscription(31) },
    });
    stream.close();
    expect(
      await within(disagreementCard(height.topic)).findByText('Settled: every model now states 330 metres'),
    ).toBeInTheDocument();
    const settled = disagreementCard(height.topic);
    expect(within(settled).getByText('Kept its answer')).toBeInTheDocument();
    expect(within(settled).getByText('KEEP. 330 metres with its antennas.')).toBeInTheDocument();
    expect(within(settled).queryByRole('button', { name: /Settle this/ })).not.toBeInTheDocument();
    // The other disagreement can still be re-checked.
    expect(within(disagreementCard(year.topic)).getByRole('button', { name: /Settle this/ })).toBeEnabled();
  });

  it('says why when the server refuses, and leaves the button to try again', async () => {
    installFakeFetch({
      [`GET /api/history/${SESSION_ID}`]: { json: history },
      'GET /api/query/4': { json: tower() },
      'POST /api/query/4/settle': {
        status: 402,
        json: { message: toastMessages.subscriptionRequired, subscriptionRequired: true },
      },
    });
    const { user } = renderPage(<QueryDetailPage />, { path: '/query/:queryId', at: '/query/4' });
    await screen.findByText(height.topic);
    await user.click(within(disagreementCard(height.topic)).getByRole('button', { name: /Settle this/ }));
    const toasts = screen.getByRole('region', { name: /notifications/i });
    expect(await within(toasts).findByText(conversationMessages.settleFailed)).toBeInTheDocument();
    expect(within(toasts).getByText(toastMessages.subscriptionRequired)).toBeInTheDocument();
    await waitFor(() =>
      expect(within(disagreementCard(height.topic)).getByRole('button', { name: /Settle this/ })).toBeEnabled(),
    );
  });

  it(`offers no button once ${MAX_SETTLEMENTS_PER_QUESTION} disagreements were re-checked`, async () => {
    const others = Array.from({ length: MAX_SETTLEMENTS_PER_QUESTION }, (_, i) => ({
      ...settledHeight,
      topic: `Settled topic ${i + 1}`,
    }));
    installFakeFetch({
      [`GET /api/history/${SESSION_ID}`]: { json: history },
      'GET /api/query/4': { json: tower({ disagreements: [...others, year] }) },
    });
    renderPage(<QueryDetailPage />, { path: '/query/:queryId', at: '/query/4' });
    await screen.findByText(year.topic);
    expect(screen.queryByRole('button', { name: /Settle this/ })).not.toBeInTheDocument();
    expect(
      screen.getByText(`This question has had its ${MAX_SETTLEMENTS_PER_QUESTION} re-checks.`),
    ).toBeInTheDocument();
  });
});

function subscription(free: number) {
  return {
    hasActiveSubscription: false,
    subscriptionStatus: null,
    subscriptionTier: 'free',
    freeQuestionsRemaining: free,
    paidQuestionsRemaining: 0,
  };
}
