import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeFetch, type FakeHandler, type FakeResponse } from '../../../../tests/helpers/fake-fetch';
import { renderPage } from '../../../../tests/helpers/render';
import { QueryDetailPage } from './query-detail-page';
import {
  CREATED_AT_TEXT,
  answer,
  comparison,
  SESSION_ID,
  deferred,
  history,
  notFound,
  savedQuery,
} from './query-test-data';

const standIns = [{ path: '/', element: <p>Dashboard stand-in</p> }];

function renderQuery(at: string) {
  return renderPage(<QueryDetailPage />, { path: '/query/:queryId', at, routes: standIns });
}

/** The server: each saved query by id, plus the session history. */
function serve(
  routes: { queries?: Record<number, FakeResponse | FakeHandler>; history?: FakeResponse | FakeHandler } = {},
): ReturnType<typeof installFakeFetch> {
  const handlers: Record<string, FakeResponse | FakeHandler> = {
    [`GET /api/history/${SESSION_ID}`]: routes.history ?? { json: history },
  };
  for (const [id, response] of Object.entries(routes.queries ?? {})) handlers[`GET /api/query/${id}`] = response;
  return installFakeFetch(handlers);
}

async function findToast(text: string | RegExp) {
  const region = await screen.findByRole('region', { name: /notifications/i });
  return within(region).findByText(text);
}

function queryToast(text: string | RegExp) {
  const region = screen.queryByRole('region', { name: /notifications/i });
  return region ? within(region).queryByText(text) : null;
}

beforeEach(() => {
  localStorage.setItem('parallaxSessionId', SESSION_ID);
});

describe('/query/:queryId', () => {
  it('says it is loading until the query arrives', async () => {
    const answer = deferred({ json: savedQuery(2) });
    serve({ queries: { 2: answer.handler } });
    renderQuery('/query/2');
    expect(screen.getByText('Loading query data...')).toBeInTheDocument();
    answer.release();
    expect(await screen.findByRole('heading', { level: 1, name: /question 2/ })).toBeInTheDocument();
    expect(screen.queryByText('Loading query data...')).not.toBeInTheDocument();
  });

  it('offers the comparison as Markdown and as JSON (issue 14, item 2)', async () => {
    serve({ queries: { 2: { json: savedQuery(2) } } });
    renderQuery('/query/2');
    expect(await screen.findByRole('link', { name: 'Markdown' })).toHaveAttribute(
      'href',
      `/api/query/2/export?format=md&sessionId=${SESSION_ID}`,
    );
    expect(screen.getByRole('link', { name: 'JSON' })).toHaveAttribute(
      'href',
      `/api/query/2/export?format=json&sessionId=${SESSION_ID}`,
    );
  });

  it('asks for the query with the browser session id', async () => {
    const { requests } = serve({ queries: { 2: { json: savedQuery(2) } } });
    renderQuery('/query/2');
    await screen.findByRole('heading', { level: 1, name: /question 2/ });
    expect(requests.map((request) => request.path)).toContain(`/api/query/2?sessionId=${SESSION_ID}`);
  });

  it('shows the question, its date (never a sequential number), the ranking and each model answer', async () => {
    serve({ queries: { 2: { json: savedQuery(2) } } });
    renderQuery('/query/2');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'When did the Berlin Wall fall? (question 2)' }),
    ).toBeInTheDocument();
    // The id stays in the address, but the page does not show how many questions the site has answered.
    expect(screen.queryByText(/Query\s*#/)).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 }).parentElement).not.toHaveTextContent('#');
    expect(screen.getByText(CREATED_AT_TEXT).closest('p')).toHaveTextContent(`Asked ${CREATED_AT_TEXT}`);

    // Whole percents, best first; the first entry is marked as the leader.
    const ranking = screen.getByRole('list', { name: 'Confidence ranking' });
    const entries = within(ranking).getAllByRole('listitem');
    expect(entries.map((entry) => entry.textContent)).toEqual([
      expect.stringMatching(/1.*ChatGPT.*88%/),
      expect.stringMatching(/2.*Grok.*65%/),
      expect.stringMatching(/3.*Gemini.*50%/),
    ]);
    expect(entries[0]).toHaveClass('bg-green-50');
    expect(entries[1]).toHaveClass('bg-blue-50');
    expect(entries[2]).not.toHaveClass('bg-green-50', 'bg-blue-50');
    // One ranking, inside the analysis card: no separate half-empty card beside it.
    expect(screen.getAllByRole('list', { name: 'Confidence ranking' })).toHaveLength(1);
    expect(
      within(screen.getByRole('region', { name: 'AI Comparison Analysis' })).getByRole('list', {
        name: 'Confidence ranking',
      }),
    ).toBe(ranking);

    // The analysis and the three answers, but no column for the comparison pseudo-model.
    expect(screen.getByText('All three models agree that the Berlin Wall fell in 1989.')).toBeInTheDocument();
    const answers = screen.getByRole('region', { name: 'Model Responses' });
    for (const name of ['ChatGPT', 'Grok', 'Gemini']) expect(within(answers).getByText(name)).toBeInTheDocument();
    expect(within(answers).getAllByText(/Crowds gathered at the border crossings/)).toHaveLength(2);
    expect(within(answers).getByText(/Bananas contain potassium/)).toBeInTheDocument();
    expect(screen.queryByText(/Comparison pseudo-answer/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to Dashboard/ })).toHaveAttribute('href', '/');
  });

  it('says when there is no analysis, and so no ranking', async () => {
    serve({ queries: { 2: { json: savedQuery(2, { comparisonSummary: null }) } } });
    renderQuery('/query/2');
    expect(await screen.findByText('Comparison unavailable')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Confidence ranking' })).not.toBeInTheDocument();
  });

  it('highlights the sentences that differ by word overlap when the analysis predates claims', async () => {
    serve({ queries: { 2: { json: savedQuery(2) } } });
    const { user, container } = renderQuery('/query/2');
    const toggle = await screen.findByRole('switch', { name: 'Highlight Differences' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(container.querySelectorAll('mark')).toHaveLength(0);

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    const marked = [...container.querySelectorAll('mark')].map((mark) => mark.textContent);
    expect(marked).toContain('Bananas contain potassium and several vitamins.');
    expect(marked).not.toContain('The Berlin Wall fell in 1989.');

    // Keyboard: Space on the focused switch turns it back off.
    toggle.focus();
    await user.keyboard(' ');
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(container.querySelectorAll('mark')).toHaveLength(0);
  });

  it('marks the claims of the stored analysis when the switch is on, and explains a mark on keyboard focus', async () => {
    const conflicting = 'The Berlin Wall fell on **9 November 1989**.';
    const other = 'The Berlin Wall came down on 9 November 1990. About 2 million people visited the West that weekend.';
    const at = (text: string, value: string) => ({
      start: text.indexOf(value),
      end: text.indexOf(value) + value.length,
    });
    const query = savedQuery(2, {
      responses: [answer('chatgpt', conflicting), answer('perplexity', other)],
      comparisonSummary: {
        ...comparison,
        judge: { kind: 'local' },
        claims: [
          {
            model: 'chatgpt',
            claims: [
              {
                ...at(conflicting, '9 November 1989'),
                text: 'The Berlin Wall fell on 9 November 1989.',
                status: 'contradicted',
                agreedBy: [],
                contradictedBy: [
                  {
                    model: 'perplexity',
                    value: '9 November 1990',
                    claim: 'The Berlin Wall came down on 9 November 1990.',
                  },
                ],
                source: 'local',
              },
            ],
          },
          {
            model: 'perplexity',
            claims: [
              {
                ...at(other, '9 November 1990'),
                text: 'The Berlin Wall came down on 9 November 1990.',
                status: 'contradicted',
                agreedBy: [],
                contradictedBy: [
                  { model: 'chatgpt', value: '9 November 1989', claim: 'The Berlin Wall fell on 9 November 1989.' },
                ],
                source: 'local',
              },
              {
                ...at(other, '2 million'),
                text: 'About 2 million people visited the West that weekend.',
                status: 'single-source',
                agreedBy: [],
                contradictedBy: [],
                source: 'local',
              },
            ],
          },
        ],
      },
    });
    serve({ queries: { 2: { json: query } } });
    const { user, container } = renderQuery('/query/2');
    const toggle = await screen.findByRole('switch', { name: 'Highlight Differences' });
    expect(container.querySelectorAll('mark')).toHaveLength(0);

    await user.click(toggle);
    const cards = screen.getAllByRole('article');
    const marksIn = (card: HTMLElement) =>
      [...card.querySelectorAll('mark')].map((mark) => [mark.textContent, mark.dataset.status]);
    expect(marksIn(cards[0]!)).toEqual([['9 November 1989', 'contradicted']]);
    expect(marksIn(cards[1]!)).toEqual([
      ['9 November 1990', 'contradicted'],
      ['2 million', 'single-source'],
    ]);
    expect(screen.getByText(/another answer says otherwise/)).toBeInTheDocument();

    // Tab from the switch, past the first card's Copy and Download, reaches its mark, which explains itself.
    toggle.focus();
    await user.tab();
    await user.tab();
    await user.tab();
    expect(within(cards[0]!).getByText('9 November 1989')).toHaveFocus();
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip).toHaveTextContent('Perplexity says 9 November 1990');
    for (let step = 0; step < 4; step++) await user.tab();
    expect(within(cards[1]!).getByText('2 million')).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Only Perplexity states this.');

    await user.click(toggle);
    expect(container.querySelectorAll('mark')).toHaveLength(0);
    expect(screen.queryByText(/another answer says otherwise/)).not.toBeInTheDocument();
  });

  it('marks nothing, not even by word overlap, when the analysis has claims but none differ', async () => {
    const query = savedQuery(2, { comparisonSummary: { ...comparison, claims: [{ model: 'chatgpt', claims: [] }] } });
    serve({ queries: { 2: { json: query } } });
    const { user, container } = renderQuery('/query/2');
    await user.click(await screen.findByRole('switch', { name: 'Highlight Differences' }));
    expect(screen.getByText('No contradicted or single-source claims to mark.')).toBeInTheDocument();
    expect(container.querySelectorAll('mark')).toHaveLength(0);
  });

  it("shows a failed model's error and turns highlighting off when fewer than two answered", async () => {
    const query = savedQuery(2, {
      responses: [
        answer('chatgpt', 'Only one model answered this question.'),
        answer('grok', null, { error: 'Grok did not answer in time', responseTime: null }),
      ],
    });
    serve({ queries: { 2: { json: query } } });
    renderQuery('/query/2');
    expect(await screen.findByText('Grok did not answer in time')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Highlight Differences' })).toBeDisabled();
  });

  it('links to the older query as Previous and the newer one as Next', async () => {
    serve({ queries: { 1: { json: savedQuery(1) }, 2: { json: savedQuery(2) }, 3: { json: savedQuery(3) } } });
    const { user } = renderQuery('/query/2');
    expect(await screen.findByRole('link', { name: /Previous Query/ })).toHaveAttribute('href', '/query/1');
    expect(screen.getByRole('link', { name: /Next Query/ })).toHaveAttribute('href', '/query/3');

    await user.click(screen.getByRole('link', { name: /Next Query/ }));
    expect(await screen.findByRole('heading', { level: 1, name: /question 3/ })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Previous Query/ })).toHaveAttribute('href', '/query/2');
    expect(screen.queryByRole('link', { name: /Next Query/ })).not.toBeInTheDocument();
  });

  it('has no Previous link at the oldest query', async () => {
    serve({ queries: { 1: { json: savedQuery(1) } } });
    renderQuery('/query/1');
    expect(await screen.findByRole('link', { name: /Next Query/ })).toHaveAttribute('href', '/query/2');
    expect(screen.queryByRole('link', { name: /Previous Query/ })).not.toBeInTheDocument();
  });

  it('falls back to the session history when the query call answers 404', async () => {
    serve({ queries: { 2: notFound } });
    renderQuery('/query/2');
    expect(await screen.findByRole('heading', { level: 1, name: /question 2/ })).toBeInTheDocument();
    expect(screen.getByText(CREATED_AT_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Previous Query/ })).toHaveAttribute('href', '/query/1');
    expect(queryToast('Failed to fetch query data')).not.toBeInTheDocument();
  });

  it('shows the history copy after a real failure, with a toast', async () => {
    serve({
      queries: { 2: { status: 500, json: { message: 'Something went wrong on our side. Please try again.' } } },
    });
    renderQuery('/query/2');
    expect(await screen.findByRole('heading', { level: 1, name: /question 2/ })).toBeInTheDocument();
    expect(await findToast('Failed to fetch query data')).toBeInTheDocument();
  });

  it('says Query not found when neither call has it, without a toast', async () => {
    serve({ queries: { 9: notFound } });
    const { user } = renderQuery('/query/9');
    expect(await screen.findByRole('heading', { level: 1, name: 'Query not found' })).toBeInTheDocument();
    expect(queryToast(/Failed to fetch/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Return to Dashboard' }));
    expect(await screen.findByText('Dashboard stand-in')).toBeInTheDocument();
  });

  it('treats a non-numeric id as not found without asking the server', async () => {
    const { requests } = serve();
    renderQuery('/query/abc');
    expect(screen.getByRole('heading', { level: 1, name: 'Query not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Dashboard' })).toHaveAttribute('href', '/');
    expect(requests).toHaveLength(0);
  });

  it('offers Try Again when the query cannot be loaded at all', async () => {
    let calls = 0;
    serve({
      queries: {
        9: () => (++calls === 1 ? { status: 503, text: 'Service Unavailable' } : { json: savedQuery(9) }),
      },
    });
    const { user } = renderQuery('/query/9');
    expect(await screen.findByRole('heading', { level: 1, name: 'Failed to fetch query data' })).toBeInTheDocument();
    expect(await findToast('503: Service Unavailable')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { level: 1, name: /question 9/ })).toBeInTheDocument();
  });

  it('toasts when the history cannot be read, and still shows the query', async () => {
    serve({ queries: { 2: { json: savedQuery(2) } }, history: { status: 500, text: 'boom' } });
    renderQuery('/query/2');
    expect(await screen.findByRole('heading', { level: 1, name: /question 2/ })).toBeInTheDocument();
    expect(await findToast('Failed to fetch query history')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('link', { name: /Previous Query/ })).not.toBeInTheDocument());
  });
});
