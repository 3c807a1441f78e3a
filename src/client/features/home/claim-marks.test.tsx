import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ComparisonAnalysis } from '../../../common/comparison';
import { sseStream } from '../../../../tests/helpers/fake-fetch';
import { comparison, queryResult, renderHome, savedQuery, SESSION, settled } from './test-fixtures';
import { bothContradictedOnce } from '../../../../tests/helpers/comparisons';

// Home: the claim marks of a question just asked, whose analysis arrives in the stream, and of one
// reopened from the session history, whose list leaves the claims out.

const fell = 'The Berlin Wall fell on 9 November 1989.';
const cameDown = 'The Berlin Wall came down on 9 November 1990.';

const analysis: ComparisonAnalysis = {
  ...comparison,
  summary: 'ChatGPT and Grok disagree on the year the wall fell.',
  disagreements: [
    {
      topic: 'When the Berlin Wall fell',
      positions: [
        { model: 'chatgpt', claim: fell, value: '9 November 1989' },
        { model: 'grok', claim: cameDown, value: '9 November 1990' },
      ],
      source: 'local',
    },
  ],
  confidenceRanking: bothContradictedOnce(),
  judge: { kind: 'local' },
  claims: [
    {
      model: 'chatgpt',
      claims: [
        {
          start: fell.indexOf('9 November'),
          end: fell.length - 1,
          text: fell,
          status: 'contradicted',
          agreedBy: [],
          contradictedBy: [{ model: 'grok', value: '9 November 1990', claim: cameDown }],
          source: 'local',
        },
      ],
    },
    {
      model: 'grok',
      claims: [
        {
          start: cameDown.indexOf('9 November'),
          end: cameDown.length - 1,
          text: cameDown,
          status: 'contradicted',
          agreedBy: [],
          contradictedBy: [{ model: 'chatgpt', value: '9 November 1989', claim: fell }],
          source: 'local',
        },
      ],
    },
  ],
};

describe('Claim marks on Home', () => {
  it('marks the conflicting values of the answers just streamed, explains them on focus, and unmarks when switched off', async () => {
    const stream = sseStream();
    const { user, container } = renderHome({ 'POST /api/query/stream': () => stream.response() });
    await user.type(screen.getByRole('textbox', { name: 'Your question' }), 'When did the Berlin Wall fall?{Enter}');

    const answers = { chatgpt: fell, grok: cameDown };
    stream.send({ type: 'start', models: ['chatgpt', 'grok'], subscriptionInfo: queryResult().subscriptionInfo });
    for (const [model, text] of Object.entries(answers)) {
      stream.send({ type: 'delta', model, text });
      stream.send({ type: 'model-done', model, responseTime: 900, error: null });
    }
    stream.send({ type: 'comparison', comparison: analysis });
    const responses = Object.entries(answers).map(([model, text]) => ({
      model,
      text,
      error: null,
      responseTime: 900,
      confidenceScore: 0.5,
    }));
    stream.send({
      type: 'query',
      query: queryResult({ selectedModels: ['chatgpt', 'grok'], responses, comparisonSummary: analysis }),
    });
    stream.close();

    await screen.findByRole('region', { name: 'Current Query' });
    const card = screen.getByRole('region', { name: 'AI Comparison Analysis' });
    expect(within(card).getByText('Local check', { selector: 'li span' })).toBeInTheDocument();
    expect(within(card).getAllByText('Contradicted on 1 of 1 checked claims')).toHaveLength(2);
    expect(container.querySelectorAll('mark')).toHaveLength(0);

    const toggle = screen.getByRole('switch', { name: 'Highlight differences' });
    await user.click(toggle);
    const marked = [...container.querySelectorAll('[role=article] mark')].map((mark) => mark.textContent);
    expect(marked).toEqual(['9 November 1989', '9 November 1990']);

    const grok = screen.getByRole('article', { name: 'Grok answer' });
    const mark = within(grok).getByText('9 November 1990');
    // Keyboard: Tab from Grok's Download button lands on its mark.
    within(grok).getByRole('button', { name: 'Download Grok answer' }).focus();
    await user.tab();
    expect(mark).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('ChatGPT says 9 November 1989');
    expect(mark).toHaveAccessibleDescription(/^Contradicted: ChatGPT says 9 November 1989/);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();

    await user.click(toggle);
    expect(container.querySelectorAll('[role=article] mark')).toHaveLength(0);
    await settled();
  });

  it('fetches the whole record of a question reopened from the history, and marks its answers', async () => {
    const responses = [
      { model: 'chatgpt', text: fell, error: null, responseTime: 900, confidenceScore: 0.5 },
      { model: 'grok', text: cameDown, error: null, responseTime: 900, confidenceScore: 0.5 },
    ];
    const { claims: _claims, ...lean } = analysis;
    const listed = savedQuery({ id: 41, selectedModels: ['chatgpt', 'grok'], responses, comparisonSummary: lean });
    const whole = { ...listed, comparisonSummary: analysis };
    const { user, container, requests } = renderHome({
      [`GET /api/history/${SESSION}`]: { json: [listed] },
      'GET /api/query/41': { json: whole },
    });
    await user.click(await screen.findByRole('button', { name: /When did the Berlin Wall fall\?/ }));
    await user.click(screen.getByRole('switch', { name: 'Highlight differences' }));
    const grok = await screen.findByRole('article', { name: 'Grok answer' });
    expect(await within(grok).findByText('9 November 1990', { selector: 'mark' })).toBeInTheDocument();
    expect([...container.querySelectorAll('[role=article] mark')].map((mark) => mark.textContent)).toEqual([
      '9 November 1989',
      '9 November 1990',
    ]);
    expect(requests.some((r) => r.method === 'GET' && r.path === `/api/query/41?sessionId=${SESSION}`)).toBe(true);
    await settled();
  });
});
