import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ComparisonAnalysis } from '../../../common/comparison';
import { vendorFailureMessages } from '../../../common/vendor-failure-messages';
import { Toaster } from '../ui/toaster';
import { ComparisonCard } from './comparison-card';
import { ALL_TIED_MESSAGE } from './confidence-ranking';
import { Markdown } from './markdown';
import { ResponseCard, type ResponseCardProps } from './response-card';

describe('Markdown', () => {
  it('renders paragraphs, lists, code, tables and safe links, and shows raw HTML as text', () => {
    const { container } = render(
      <Markdown
        text={[
          '## Heading',
          'A paragraph with `inline code` and a [link](https://example.com).',
          '- first bullet\n- second bullet',
          '1. one\n2. two',
          '```\nconst x = 1;\n```',
          '| Model | Year |\n| --- | --- |\n| ChatGPT | 1989 |',
          '<b onclick="alert(1)">bold?</b>',
        ].join('\n\n')}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Heading' })).toBeInTheDocument();
    expect(screen.getAllByRole('list')).toHaveLength(2);
    expect(screen.getByText('second bullet').tagName).toBe('LI');
    expect(screen.getByText('inline code').tagName).toBe('CODE');
    expect(screen.getByText('const x = 1;').closest('pre')).not.toBeNull();
    expect(screen.getByRole('table')).toHaveTextContent('ChatGPT');
    const link = screen.getByRole('link', { name: 'link' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(container.querySelector('b')).toBeNull();
    expect(screen.getByText(/<b onclick/)).toBeInTheDocument();
  });

  it('marks the sentences the predicate picks, also across bold text, and never inside code', () => {
    const { container } = render(
      <Markdown
        text={
          'Shared fact here. A **very different** claim. `code differs`\n\n- Listed different item.\n- Listed shared item.'
        }
        highlight={(sentence) => sentence.includes('different')}
      />,
    );
    const marks = [...container.querySelectorAll('mark')].map((m) => m.textContent);
    expect(marks).toEqual(['A ', 'very different', ' claim.', 'Listed different item.']);
    expect(container.querySelector('mark')).toHaveClass('bg-yellow-100');
    expect(screen.getByText('code differs').closest('mark')).toBeNull();
  });
});

function renderCard(props: Partial<ResponseCardProps> = {}) {
  const user = userEvent.setup();
  const view = (more: Partial<ResponseCardProps>) => (
    <>
      <ResponseCard
        model="chatgpt"
        text="The wall fell in **1989**."
        error={null}
        responseTime={2345}
        expanded={false}
        onToggleExpanded={() => {}}
        question="When did the Berlin Wall fall?"
        {...more}
      />
      <Toaster />
    </>
  );
  const rendered = render(view(props));
  return {
    user,
    card: screen.getByRole('article', { name: 'ChatGPT answer' }),
    rerender: (more: Partial<ResponseCardProps>) => rendered.rerender(view(more)),
  };
}

describe('ResponseCard', () => {
  it('shows the model, its provider, the response time and the formatted answer', () => {
    const { card } = renderCard();
    expect(within(card).getByRole('heading', { name: 'ChatGPT' })).toBeInTheDocument();
    expect(within(card).getByText('OpenAI')).toBeInTheDocument();
    expect(within(card).getByText('2.3s')).toBeInTheDocument();
    expect(within(card).getByText('1989').tagName).toBe('STRONG');
  });

  it('shows N/A without a response time and the error in place of the answer', () => {
    const { card } = renderCard({ text: null, error: 'The model timed out', responseTime: null });
    expect(within(card).getByText('N/A')).toBeInTheDocument();
    expect(within(card).getByRole('alert')).toHaveTextContent('The model timed out');
    expect(within(card).getByRole('button', { name: 'Copy ChatGPT answer' })).toBeDisabled();
  });

  it('keeps the words of a model that failed part-way, with the reason under them', () => {
    const { card } = renderCard({ text: 'The wall fell in', error: vendorFailureMessages['vendor-error'] });
    expect(within(card).getByText('The wall fell in')).toBeInTheDocument();
    const notice = within(card).getByRole('alert');
    expect(notice).toHaveTextContent(vendorFailureMessages['vendor-error']);
    expect(within(card).getByText('The wall fell in').compareDocumentPosition(notice)).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(within(card).getByRole('button', { name: 'Copy ChatGPT answer' })).toBeDisabled();
  });

  it('marks a stopped answer as stopped, keeps its words, and offers a free retry while one is left', async () => {
    const onRetry = vi.fn();
    const { card } = renderCard({
      text: 'The wall fell in',
      error: vendorFailureMessages.stopped,
      failure: 'stopped',
      retry: { left: 2, onRetry },
    });
    expect(within(card).getByText('Stopped')).toBeInTheDocument();
    expect(within(card).getByText('The wall fell in')).toBeInTheDocument();
    // The asker's own doing is a note, not an alert.
    expect(within(card).queryByRole('alert')).toBeNull();
    expect(within(card).getByText(vendorFailureMessages.stopped)).toBeInTheDocument();
    expect(within(card).getByText('Free, 2 retries left')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Retry ChatGPT' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('says so when a model has no retries left, and offers none', () => {
    const { card } = renderCard({
      text: null,
      error: vendorFailureMessages.timeout,
      failure: 'timeout',
      retry: { left: 0, onRetry: () => {} },
    });
    expect(within(card).getByText('No retries left on this question')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Retry/ })).toBeNull();
    expect(within(card).queryByText('Stopped')).toBeNull();
  });

  it('has its own Stop while it streams, which says it is stopping once pressed', async () => {
    const onStop = vi.fn();
    const { card, rerender } = renderCard({ streaming: true, onStop });
    await userEvent.click(within(card).getByRole('button', { name: 'Stop ChatGPT' }));
    expect(onStop).toHaveBeenCalledOnce();
    rerender({ streaming: true, onStop, stopping: true });
    expect(within(card).getByRole('button', { name: 'Stopping ChatGPT' })).toBeDisabled();
  });

  it('shows only the reason when a model sent nothing but blanks', () => {
    const { card } = renderCard({ text: '  ', error: vendorFailureMessages.empty });
    expect(within(card).getByRole('alert')).toHaveTextContent(vendorFailureMessages.empty);
    expect(within(card).queryByText('No answer')).toBeNull();
  });

  it('shows a typing indicator while the answer streams', () => {
    const { card } = renderCard({ text: 'The wall', streaming: true });
    expect(within(card).getByRole('status', { name: 'ChatGPT is typing' })).toBeInTheDocument();
    expect(within(card).getByText('The wall')).toBeInTheDocument();
  });

  it('copies the answer and says so', async () => {
    const { user, card } = renderCard();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    await user.click(within(card).getByRole('button', { name: 'Copy ChatGPT answer' }));
    expect(writeText).toHaveBeenCalledWith('The wall fell in **1989**.');
    expect(await screen.findByText('Copied')).toBeInTheDocument();
  });

  it('says so when copying fails', async () => {
    const { user, card } = renderCard();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await user.click(within(card).getByRole('button', { name: 'Copy ChatGPT answer' }));
    expect(await screen.findByText('Copy failed')).toBeInTheDocument();
    expect(screen.getByText('Could not copy to clipboard')).toBeInTheDocument();
  });

  it('downloads the answer as plain text or markdown, headed by the question, model, date and response time', async () => {
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:answer');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const names: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const { user, card } = renderCard({ createdAt: new Date(2026, 10, 22, 12), modelVersion: 'gpt-5.1' });
    const header = [
      'Question: When did the Berlin Wall fall?',
      'Model: ChatGPT (gpt-5.1)',
      'Asked: 22 November 2026, 12:00',
      'Response time: 2.3s',
    ].join('\n');

    await user.click(within(card).getByRole('button', { name: 'Download ChatGPT answer' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Plain text (.txt)' }));
    await waitFor(() => expect(names).toEqual(['ChatGPT-2026-11-22.txt']));
    const text = createObjectURL.mock.calls[0]![0];
    expect(text.type).toBe('text/plain;charset=utf-8');
    expect(await text.text()).toBe(`${header}\n\nThe wall fell in 1989.\n`);

    await user.click(within(card).getByRole('button', { name: 'Download ChatGPT answer' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Markdown (.md)' }));
    await waitFor(() => expect(names).toEqual(['ChatGPT-2026-11-22.txt', 'ChatGPT-2026-11-22.md']));
    const markdown = await createObjectURL.mock.calls[1]![0].text();
    expect(markdown).toMatch(/^# ChatGPT's answer\n\n> When did the Berlin Wall fall\?\n/);
    expect(markdown).toMatch(/\n---\n\nThe wall fell in \*\*1989\*\*\.\n$/);
    click.mockRestore();
  });
});

const analysis: ComparisonAnalysis = {
  summary: 'The answers agree on the date but not on the crowd size.',
  agreements: ['The wall fell on 9 November 1989.'],
  disagreements: [
    {
      topic: 'Crowd size',
      positions: [
        { model: 'chatgpt', claim: 'About 10,000 people gathered.' },
        { model: 'grok', claim: 'About 50,000 people gathered.' },
      ],
    },
  ],
  confidenceRanking: [
    { model: 'grok', displayName: 'Grok', score: 0.614 },
    { model: 'chatgpt', displayName: 'ChatGPT', score: 0.876 },
  ],
  judge: { kind: 'model', model: 'claude', displayName: 'Claude' },
};

describe('ComparisonCard', () => {
  it('says which answers were stopped and compared on the part that arrived', () => {
    const { rerender } = render(<ComparisonCard comparison={{ ...analysis, stopped: ['grok'] }} />);
    expect(
      screen.getByText('Grok was stopped before finishing: compared on the part that arrived.'),
    ).toBeInTheDocument();
    rerender(<ComparisonCard comparison={{ ...analysis, stopped: ['chatgpt', 'grok', 'gemini'] }} />);
    expect(
      screen.getByText('ChatGPT, Grok and Gemini were stopped before finishing: compared on the part that arrived.'),
    ).toBeInTheDocument();
    rerender(<ComparisonCard comparison={analysis} />);
    expect(screen.queryByText(/stopped before finishing/)).toBeNull();
  });

  it('says which long answers were compared only on their start, and how far', () => {
    const { rerender } = render(
      <ComparisonCard comparison={{ ...analysis, comparedInPart: [{ model: 'grok', chars: 19_873 }] }} />,
    );
    expect(
      screen.getByText('Grok: compared on its first 19,873 characters; the rest of this long answer was not compared.'),
    ).toBeInTheDocument();
    rerender(<ComparisonCard comparison={analysis} />);
    expect(screen.queryByText(/compared on its first/)).toBeNull();
  });

  it('shows the summary, agreements, disagreements, the ranking and the judge', () => {
    render(<ComparisonCard comparison={analysis} />);
    const card = screen.getByRole('region', { name: 'AI Comparison Analysis' });
    expect(within(card).getByText(analysis.summary)).toBeInTheDocument();
    expect(within(card).getByText('The wall fell on 9 November 1989.')).toBeInTheDocument();
    expect(within(card).getByText('Crowd size')).toBeInTheDocument();
    expect(within(card).getByText('About 50,000 people gathered.')).toBeInTheDocument();
    const ranking = within(card)
      .getAllByRole('listitem')
      .filter((item) => item.textContent?.includes('%'));
    expect(ranking.map((item) => item.textContent)).toEqual(['#1ChatGPT88%', '#2Grok61%']);
    expect(ranking[0]).toHaveClass('bg-green-50');
    expect(ranking[1]).toHaveClass('bg-blue-50');
    expect(within(card).getByText('Judged by Claude')).toBeInTheDocument();
  });

  it('names the local analysis as judge, and shows loading and unavailable states', () => {
    const { rerender } = render(<ComparisonCard comparison={{ ...analysis, judge: { kind: 'local' } }} />);
    expect(screen.getByText('Judged by local analysis')).toBeInTheDocument();
    rerender(<ComparisonCard comparison={null} pending />);
    expect(screen.getByRole('status', { name: 'Comparing the answers' })).toBeInTheDocument();
    rerender(<ComparisonCard comparison={null} />);
    expect(screen.getByText('Comparison unavailable')).toBeInTheDocument();
  });
});

describe('ComparisonCard with claim-level findings', () => {
  const checked: ComparisonAnalysis = {
    summary: 'The answers disagree on the year.',
    agreements: ['The wall fell on 9 November.'],
    disagreements: [
      {
        topic: 'When the Berlin Wall fell',
        positions: [
          { model: 'chatgpt', claim: 'The Berlin Wall fell on 9 November 1989.', value: '9 November 1989' },
          { model: 'perplexity', claim: 'The Berlin Wall came down on 9 November 1990.', value: '9 November 1990' },
        ],
        source: 'judge',
      },
      {
        topic: 'Crowd size',
        positions: [
          { model: 'chatgpt', claim: 'About 10,000 people gathered.', value: '10,000' },
          { model: 'perplexity', claim: 'Tens of thousands gathered.', value: '50,000' },
        ],
        source: 'local',
      },
    ],
    confidenceRanking: [
      {
        model: 'chatgpt',
        displayName: 'ChatGPT',
        score: 1,
        checked: 2,
        contradicted: 0,
        reason: 'Confirmed by another answer on all 2 checked claims',
      },
      {
        model: 'perplexity',
        displayName: 'Perplexity',
        score: 0.25,
        checked: 2,
        contradicted: 2,
        reason: 'Contradicted on 2 of 2 checked claims',
      },
    ],
    judge: {
      kind: 'model',
      model: 'claude',
      displayName: 'Claude',
      modelVersion: 'claude-sonnet-4-5',
      durationMs: 3240,
    },
    claims: [],
  };

  it('says where each disagreement came from, shows the values, and names the judge with its version and time', () => {
    render(<ComparisonCard comparison={checked} />);
    const card = screen.getByRole('region', { name: 'AI Comparison Analysis' });
    const [byJudge, byLocal] = within(card)
      .getAllByRole('listitem')
      .filter((item) => item.querySelector('dl'));
    expect(within(byJudge!).getByText('Judge')).toBeInTheDocument();
    expect(byJudge).toHaveTextContent('Found by: Judge');
    expect(within(byLocal!).getByText('Local check')).toBeInTheDocument();
    expect(within(byJudge!).getByText('9 November 1990').tagName).toBe('STRONG');
    // A value the sentence does not contain is named before it.
    expect(byLocal).toHaveTextContent('Perplexity: 50,000: Tens of thousands gathered.');
    expect(within(card).getByText('Judged by Claude')).toBeInTheDocument();
    expect(within(card).getByText('claude-sonnet-4-5')).toBeInTheDocument();
    expect(within(card).getByText('3.2 s')).toBeInTheDocument();
  });

  it('gives each model its reason under the score', () => {
    render(<ComparisonCard comparison={checked} />);
    const ranking = screen.getByRole('list', { name: 'Confidence ranking' });
    expect(
      within(ranking)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '#1ChatGPT100%Confirmed by another answer on all 2 checked claims',
      '#2Perplexity25%Contradicted on 2 of 2 checked claims',
    ]);
  });

  it('says nothing was checkable instead of showing equal percentages', () => {
    const unchecked = (judge: ComparisonAnalysis['judge']): ComparisonAnalysis => ({
      ...checked,
      disagreements: [],
      // As history lists send it: without the claims, which only one query's page gets.
      claims: undefined,
      judge,
      confidenceRanking: checked.confidenceRanking.map((entry) => ({
        ...entry,
        score: 0.5,
        checked: 0,
        contradicted: 0,
        reason: 'No claim another answer could check',
      })),
    });
    const { rerender } = render(<ComparisonCard comparison={unchecked({ kind: 'local' })} />);
    const card = screen.getByRole('region', { name: 'AI Comparison Analysis' });
    expect(within(card).getByText('No conflicts detected by the local check')).toBeInTheDocument();
    expect(within(card).queryByText('50%')).not.toBeInTheDocument();
    expect(within(card).getByRole('list', { name: 'Confidence ranking' })).toHaveTextContent(
      'ChatGPT: No claim another answer could check',
    );
    expect(within(card).getByText('Local check')).toBeInTheDocument();

    rerender(<ComparisonCard comparison={unchecked({ kind: 'model', model: 'claude', displayName: 'Claude' })} />);
    expect(within(card).getByText('No conflicts detected by the judge')).toBeInTheDocument();
    expect(within(card).queryByText('50%')).not.toBeInTheDocument();
  });

  it('shows equal scores as a tie: a shared rank, and no ranks or colours at all when every score is the same', () => {
    const entry = (model: string, displayName: string, score: number) => ({
      model,
      displayName,
      score,
      checked: 2,
      contradicted: score < 1 ? 1 : 0,
    });
    const { rerender } = render(
      <ComparisonCard
        comparison={{
          ...checked,
          confidenceRanking: [
            entry('chatgpt', 'ChatGPT', 0.5),
            entry('grok', 'Grok', 0.5),
            entry('gemini', 'Gemini', 0.5),
          ],
        }}
      />,
    );
    let ranking = screen.getByRole('list', { name: 'Confidence ranking' });
    expect(ranking.tagName).toBe('UL');
    expect(screen.getByText(ALL_TIED_MESSAGE)).toBeInTheDocument();
    const items = within(ranking).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['ChatGPT50%', 'Grok50%', 'Gemini50%']);
    for (const item of items) expect(item.className).not.toMatch(/green|blue/);
    expect(ranking).not.toHaveTextContent('#');

    // Two tied at the top share the first place (and its colour); the next is third, not second.
    rerender(
      <ComparisonCard
        comparison={{
          ...checked,
          confidenceRanking: [
            entry('gemini', 'Gemini', 0.25),
            entry('chatgpt', 'ChatGPT', 1),
            entry('grok', 'Grok', 1),
          ],
        }}
      />,
    );
    ranking = screen.getByRole('list', { name: 'Confidence ranking' });
    expect(ranking.tagName).toBe('OL');
    expect(screen.queryByText(ALL_TIED_MESSAGE)).not.toBeInTheDocument();
    const places = within(ranking).getAllByRole('listitem');
    expect(places.map((item) => item.textContent)).toEqual(['Tied #1ChatGPT100%', 'Tied #1Grok100%', '#3Gemini25%']);
    expect(places[0]).toHaveClass('bg-green-50');
    expect(places[1]).toHaveClass('bg-green-50');
    expect(places[2]!.className).not.toMatch(/green|blue/);

    // An answer with nothing checked has no place and no percentage: it is listed after the ranking with its reason.
    rerender(
      <ComparisonCard
        comparison={{
          ...checked,
          confidenceRanking: [
            entry('chatgpt', 'ChatGPT', 0.8),
            entry('grok', 'Grok', 0.6),
            {
              ...entry('gemini', 'Gemini', 0.5),
              checked: 0,
              reason: 'Nothing to check: no other answer states the same facts',
            },
          ],
        }}
      />,
    );
    ranking = screen.getByRole('list', { name: 'Confidence ranking' });
    expect(
      within(ranking)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['#1ChatGPT80%', '#2Grok60%']);
    const notChecked = screen.getByRole('list', { name: 'Not checked' });
    expect(notChecked).toHaveTextContent('Gemini: Nothing to check: no other answer states the same facts');
    expect(notChecked).not.toHaveTextContent('%');
  });

  it('shows an analysis stored before these fields as it always did', () => {
    render(<ComparisonCard comparison={analysis} />);
    const card = screen.getByRole('region', { name: 'AI Comparison Analysis' });
    expect(within(card).queryByText('Judge')).not.toBeInTheDocument();
    expect(within(card).queryByText('Local check')).not.toBeInTheDocument();
    expect(within(card).getByText('Judged by Claude').parentElement).toHaveTextContent(/^Judged by Claude$/);
  });
});

describe('ResponseCard marks', () => {
  const text = 'The Berlin Wall came down on **9 November 1990**.';
  const claim = {
    start: text.indexOf('9 November'),
    end: text.indexOf('1990') + 4,
    text: 'The Berlin Wall came down on 9 November 1990.',
    status: 'contradicted' as const,
    agreedBy: [],
    contradictedBy: [{ model: 'chatgpt', value: '9 November 1989', claim: 'The Berlin Wall fell on 9 November 1989.' }],
    source: 'local' as const,
  };

  it('marks its claims only once the answer has finished streaming, and claims win over word overlap', () => {
    const props = { text, claims: [claim], highlight: () => true };
    const { card } = renderCard({ ...props, streaming: true });
    expect(card.querySelector('mark')).toBeNull();
    cleanup();

    const { card: done } = renderCard(props);
    const marked = [...done.querySelectorAll('mark')].map((mark) => [mark.textContent, mark.dataset.status]);
    expect(marked).toEqual([['9 November 1990', 'contradicted']]);
  });
});
