import { conversationMessages } from '../../../common/conversation-messages';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fairUseMessages } from '../../../common/fair-use-messages';
import { fillMessage } from '../../../common/messages';
import { queryMessages } from '../../../common/query-messages';
import type { SavedQuery } from '../../../common/query-schemas';
import { installFakeFetch, sseStream } from '../../../../tests/helpers/fake-fetch';
import { renderPage } from '../../../../tests/helpers/render';
import { QueryDetailPage } from './query-detail-page';
import { answer, history, SESSION_ID, savedQuery } from './query-test-data';

// Follow-up turns on /query/:id (issue 13, item 3): the thread in order, a turn asked of every model or
// of one with its answers arriving, and a refusal shown beside the text, which stays as typed.

const allowance = {
  hasActiveSubscription: false,
  subscriptionStatus: null,
  subscriptionTier: 'free',
  freeQuestionsRemaining: 30,
  paidQuestionsRemaining: 0,
};

function conversation(followUps: SavedQuery['followUps'] = []): SavedQuery {
  return savedQuery(4, {
    selectedModels: ['chatgpt', 'grok'],
    responses: [answer('chatgpt', 'It fell in 1989.'), answer('grok', 'In 1989.')],
    followUps,
  });
}

const turn = (id: number, text: string, models: string[]) => ({
  ...savedQuery(id, { text, selectedModels: models, comparisonSummary: null }),
  responses: models.map((model) => answer(model, `${model} on: ${text}`)),
  followUpOf: 4,
});

beforeEach(() => localStorage.setItem('parallaxSessionId', SESSION_ID));

describe('follow-ups', () => {
  it('shows the thread in order, saying which turn went to one model only', async () => {
    installFakeFetch({
      [`GET /api/history/${SESSION_ID}`]: { json: history },
      'GET /api/query/4': {
        json: conversation([turn(5, 'Who opened it?', ['chatgpt', 'grok']), turn(6, 'And the date?', ['grok'])]),
      },
    });
    renderPage(<QueryDetailPage />, { path: '/query/:queryId', at: '/query/4' });
    const first = await screen.findByRole('region', { name: 'Follow-up 1' });
    expect(within(first).getByText('Who opened it?')).toBeInTheDocument();
    expect(within(first).getByText('grok on: Who opened it?')).toBeInTheDocument();
    const second = screen.getByRole('region', { name: 'Follow-up 2' });
    expect(within(second).getByRole('heading', { name: 'Follow-up 2 · to Grok' })).toBeInTheDocument();
    expect(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('asks one model, shows its answer arriving, then keeps the turn in the thread', async () => {
    const stream = sseStream();
    const { requests } = installFakeFetch({
      [`GET /api/history/${SESSION_ID}`]: { json: history },
      'GET /api/query/4': { json: conversation() },
      'POST /api/query/4/follow-up': () => stream.response(),
    });
    const { user } = renderPage(<QueryDetailPage />, { path: '/query/:queryId', at: '/query/4' });
    const form = await screen.findByRole('form', { name: 'Ask a follow-up' });
    await user.type(within(form).getByRole('textbox', { name: 'Ask a follow-up' }), 'Who built it?');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Ask' }), 'Grok only');
    await user.click(within(form).getByRole('textbox', { name: 'Ask a follow-up' }));
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(requests.find((r) => r.path === '/api/query/4/follow-up')).toBeDefined());
    expect(requests.find((r) => r.path === '/api/query/4/follow-up')!.body).toEqual({
      text: 'Who built it?',
      model: 'grok',
      sessionId: SESSION_ID,
    });
    stream.send({ type: 'start', models: ['grok'], subscriptionInfo: allowance, streamId: 'A'.repeat(22) });
    stream.send({ type: 'delta', model: 'grok', text: 'The East German ' });
    const live = await screen.findByRole('region', { name: 'Follow-up 1' });
    expect(await within(live).findByText(/The East German/)).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Answering…' })).toBeDisabled();

    stream.send({ type: 'query', query: { ...turn(7, 'Who built it?', ['grok']), subscriptionInfo: allowance } });
    stream.close();
    expect(await screen.findByText('grok on: Who built it?')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Ask a follow-up' })).toHaveValue('');
  });

  it('shows a refusal beside the text and keeps what was typed', async () => {
    const tooLong = fillMessage(conversationMessages.threadTooLong, { model: 'Grok' });
    installFakeFetch({
      [`GET /api/history/${SESSION_ID}`]: { json: history },
      'GET /api/query/4': { json: conversation() },
      'POST /api/query/4/follow-up': { status: 400, json: { message: tooLong, threadTooLong: true } },
    });
    const { user } = renderPage(<QueryDetailPage />, { path: '/query/:queryId', at: '/query/4' });
    const form = await screen.findByRole('form', { name: 'Ask a follow-up' });
    const box = within(form).getByRole('textbox', { name: 'Ask a follow-up' });
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(queryMessages.emptyQuery);
    await user.type(box, 'One more thing?');
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(tooLong);
    expect(box).toHaveValue('One more thing?');
    expect(box).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the questions-in-flight refusal in the server’s words, without its status code', async () => {
    const inFlight = fillMessage(fairUseMessages.questionsInFlight, { limit: 3 });
    installFakeFetch({
      [`GET /api/history/${SESSION_ID}`]: { json: history },
      'GET /api/query/4': { json: conversation() },
      'POST /api/query/4/follow-up': {
        status: 429,
        json: { message: inFlight, questionsInFlight: true },
        headers: { 'retry-after': '10' },
      },
    });
    const { user } = renderPage(<QueryDetailPage />, { path: '/query/:queryId', at: '/query/4' });
    const form = await screen.findByRole('form', { name: 'Ask a follow-up' });
    await user.type(within(form).getByRole('textbox', { name: 'Ask a follow-up' }), 'And its height?');
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(inFlight);
  });
});
