import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sseStream } from '../../../../tests/helpers/fake-fetch';
import { comparison, queryResult, renderHome, SESSION, settled } from './test-fixtures';

const streamPath = 'POST /api/query/stream';

function questionBox() {
  return screen.getByRole('textbox', { name: 'Your question' });
}

describe('Asking a question', () => {
  it('sends on Enter, adds a line on Shift+Enter, and posts the text, session and selected models', async () => {
    const { user, requests } = renderHome({ [streamPath]: { status: 500, json: { message: 'boom' } } });
    await user.type(questionBox(), 'First line{Shift>}{Enter}{/Shift}second line');
    expect(questionBox()).toHaveValue('First line\nsecond line');
    expect(requests.filter((r) => r.path === '/api/query/stream')).toHaveLength(0);

    await user.type(questionBox(), '{Enter}');
    await waitFor(() => expect(requests.filter((r) => r.path === '/api/query/stream')).toHaveLength(1));
    expect(requests.find((r) => r.path === '/api/query/stream')?.body).toEqual({
      text: 'First line\nsecond line',
      sessionId: SESSION,
      selectedModels: ['chatgpt', 'grok', 'gemini'],
    });
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getByText('500: boom')).toBeInTheDocument();
    // A refused question stays in the box to try again.
    expect(questionBox()).toHaveValue('First line\nsecond line');
    await settled();
  });

  it('refuses an empty or blank question without sending anything', async () => {
    const { user, requests } = renderHome();
    await user.click(screen.getByRole('button', { name: 'Send question' }));
    expect(await screen.findByText('Empty query')).toBeInTheDocument();
    expect(screen.getByText('Please enter a query to submit')).toBeInTheDocument();
    await user.type(questionBox(), '   {Enter}');
    expect(requests.filter((r) => r.path === '/api/query/stream')).toHaveLength(0);
    await settled();
  });

  it('shows the answers live as they stream, then the results screen', async () => {
    const stream = sseStream();
    const { user, requests } = renderHome({ [streamPath]: () => stream.response() });
    await user.type(questionBox(), 'When did the Berlin Wall fall?{Enter}');

    stream.send({
      type: 'start',
      models: ['chatgpt', 'grok', 'gemini'],
      subscriptionInfo: queryResult().subscriptionInfo,
    });
    stream.send({ type: 'delta', model: 'chatgpt', text: 'It fell on ' });
    stream.send({ type: 'delta', model: 'grok', text: 'November 9, ' });
    // A frame split across two chunks is still read whole.
    stream.write('event: delta\ndata: {"type":"delta","model":"gemini",');
    stream.write('"text":"The wall came down"}\n\n');
    expect(await screen.findByRole('heading', { name: 'Live AI Responses' })).toBeInTheDocument();
    expect(await screen.findByText('It fell on')).toBeInTheDocument();
    expect(screen.getByText('The wall came down')).toBeInTheDocument();
    expect(screen.getByText('3/3 models typing')).toBeInTheDocument();
    // The question was counted when the server accepted it.
    expect(screen.getByText('32 free questions left')).toBeInTheDocument();
    expect(questionBox()).toBeDisabled();
    expect(questionBox()).toHaveValue('');

    stream.send({ type: 'delta', model: 'chatgpt', text: '9 November 1989.' });
    stream.send({ type: 'model-done', model: 'chatgpt', responseTime: 1200, error: null });
    expect(await screen.findByText('2/3 models typing')).toBeInTheDocument();
    expect(screen.getByText('It fell on 9 November 1989.')).toBeInTheDocument();
    stream.send({ type: 'model-done', model: 'grok', responseTime: 2300, error: null });
    stream.send({ type: 'model-done', model: 'gemini', responseTime: 3400, error: null });
    stream.send({ type: 'comparison', comparison });
    expect(await screen.findByText(comparison.summary)).toBeInTheDocument();

    stream.send({ type: 'query', query: queryResult({ createdAt: new Date().toISOString() }) });
    stream.close();

    const current = await screen.findByRole('region', { name: 'Current Query' });
    expect(within(current).getByText('When did the Berlin Wall fall?')).toBeInTheDocument();
    expect(within(current).getByText('All models responded')).toBeInTheDocument();
    expect(within(current).getByText('just now')).toBeInTheDocument();
    expect(within(current).getByRole('link', { name: 'View details' })).toHaveAttribute('href', '/query/7');
    expect(screen.queryByRole('heading', { name: 'Live AI Responses' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'AI Comparison Analysis' })).toHaveTextContent(comparison.summary);
    expect(screen.getByRole('heading', { name: 'Individual AI Responses' })).toBeInTheDocument();
    expect(screen.getAllByRole('article').map((card) => card.getAttribute('aria-label'))).toEqual([
      'ChatGPT answer',
      'Grok answer',
      'Gemini answer',
    ]);
    expect(within(screen.getByRole('article', { name: 'Grok answer' })).getByText('2.3s')).toBeInTheDocument();
    expect(questionBox()).toBeEnabled();

    // The history and the allowance are read again.
    await waitFor(() =>
      expect(requests.map((r) => r.path)).toContain(`/api/subscription-status-by-session/${SESSION}?forceRefresh=true`),
    );
    expect(requests.filter((r) => r.path === `/api/history/${SESSION}`).length).toBeGreaterThanOrEqual(2);
    await settled();
  });

  it('says n/3 models responded when some failed', async () => {
    const stream = sseStream();
    const { user } = renderHome({ [streamPath]: () => stream.response() });
    await user.type(questionBox(), 'Question{Enter}');
    const result = queryResult();
    result.responses[1] = { ...result.responses[1]!, text: null, error: 'Grok did not answer in time' };
    stream.send({ type: 'query', query: result });
    stream.close();
    expect(await screen.findByText('2/3 models responded')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Grok answer' })).getByRole('alert')).toHaveTextContent(
      'Grok did not answer in time',
    );
    await settled();
  });

  it('says so when no model could answer', async () => {
    const stream = sseStream();
    const { user } = renderHome({ [streamPath]: () => stream.response() });
    await user.type(questionBox(), 'Question{Enter}');
    const result = queryResult({ comparisonSummary: null });
    result.responses = result.responses
      .filter((r) => r.model !== 'comparison')
      .map((r) => ({ ...r, text: null, error: 'Unavailable' }));
    stream.send({ type: 'query', query: result });
    stream.close();
    expect(
      await screen.findByText('None of the selected models could answer, so this question was not counted.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Comparison unavailable')).toBeInTheDocument();
    await settled();
  });

  it('shows an error sent inside the stream', async () => {
    const stream = sseStream();
    const { user } = renderHome({ [streamPath]: () => stream.response() });
    await user.type(questionBox(), 'Question{Enter}');
    stream.send({ type: 'error', message: 'Something went wrong on our side. Please try again.' });
    stream.close();
    expect(await screen.findByText('Something went wrong on our side. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'AI Response Comparison Platform' })).toBeInTheDocument();
    await settled();
  });

  it('lists the services that need a key, without a toast, and opens the key dialog from there', async () => {
    const { user } = renderHome({
      [streamPath]: {
        status: 400,
        json: {
          message: 'API keys are required for: Grok, Gemini',
          apiConfigurationRequired: true,
          missingServices: ['Grok', 'Gemini'],
        },
      },
    });
    await user.type(questionBox(), 'Question{Enter}');
    const panel = await screen.findByRole('region', { name: 'API Keys Required' });
    expect(within(panel).getByText('Grok')).toBeInTheDocument();
    expect(within(panel).getByText('Gemini')).toBeInTheDocument();
    expect(within(panel).getAllByRole('button', { name: /Configure API Connection/ })).toHaveLength(2);
    expect(screen.queryByText('Error')).not.toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Configure API Connection for Gemini' }));
    const dialog = await screen.findByRole('dialog', { name: 'Configure API Connection' });
    expect(within(dialog).getByRole('combobox', { name: 'AI model' })).toHaveValue('gemini');
    await settled();
  });

  it('opens the subscription modal on 402, without a toast', async () => {
    const { user, router } = renderHome({
      [streamPath]: {
        status: 402,
        json: { message: 'Subscribe now to ask more questions!', subscriptionRequired: true },
      },
    });
    await user.type(questionBox(), 'Question{Enter}');
    const modal = await screen.findByRole('dialog', { name: 'Subscribe now to ask more questions!' });
    expect(screen.queryByText('Error')).not.toBeInTheDocument();
    await user.click(within(modal).getByRole('link', { name: 'View Plans' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pricing'));
  });

  it('opens the subscription modal after the last free question', async () => {
    const stream = sseStream();
    const { user } = renderHome({ [streamPath]: () => stream.response() });
    await user.type(questionBox(), 'Question{Enter}');
    stream.send({
      type: 'query',
      query: queryResult({ subscriptionInfo: { ...queryResult().subscriptionInfo, freeQuestionsRemaining: 0 } }),
    });
    stream.close();
    const modal = await screen.findByRole('dialog', { name: 'Subscribe now to ask more questions!' });
    await user.click(within(modal).getByRole('button', { name: 'Maybe later' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('region', { name: 'Current Query' })).toBeInTheDocument();
    await settled();
  });
});
