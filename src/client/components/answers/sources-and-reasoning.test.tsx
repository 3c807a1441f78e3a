import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ComparisonAnalysis } from '../../../common/comparison';
import type { AnswerSource, CitationMark } from '../../../common/query-schemas';
import { questionTotals } from './answer-usage';
import { ComparisonCard } from './comparison-card';
import { Markdown } from './markdown';
import { ResponseCard, type ResponseCardProps } from './response-card';

// Issue 17, items 2 and 3, as a reader of a card sees them: numbered links where the answer cites its
// sources, the list of sources, "Thinking…" and the folded reasoning, and the comparison's word on
// which side of a dispute cites a source.

const SOURCES: AnswerSource[] = [
  { url: 'https://www.toureiffel.paris/en/the-monument', title: 'The monument' },
  { url: 'https://en.wikipedia.org/wiki/Eiffel_Tower', title: null },
  { url: 'javascript:alert(1)', title: 'Not a page' },
];

const at = (text: string, after: string) => text.indexOf(after) + after.length;

function card(props: Partial<ResponseCardProps>) {
  return render(
    <ResponseCard
      model="claude"
      text="An answer."
      error={null}
      responseTime={1200}
      expanded={false}
      onToggleExpanded={() => {}}
      question="How tall is the Eiffel Tower?"
      {...props}
    />,
  );
}

describe('citation marks', () => {
  it("turns the vendor's own [n] into links to the sources, opened safely", () => {
    const text = 'It is 330 metres tall.[1] It opened in 1889.[2]';
    const marks: CitationMark[] = [
      { start: text.indexOf('[1]'), end: at(text, '[1]'), source: 0 },
      { start: text.indexOf('[2]'), end: at(text, '[2]'), source: 1 },
    ];
    const { container } = render(<Markdown text={text} sources={SOURCES} citationMarks={marks} />);
    const first = screen.getByRole('link', { name: 'Source 1: The monument' });
    expect(first).toHaveAttribute('href', SOURCES[0]!.url);
    expect(first).toHaveAttribute('rel', 'noopener noreferrer');
    expect(first).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: `Source 2: ${SOURCES[1]!.url}` })).toHaveTextContent('[2]');
    // The brackets are the links now, not text beside them.
    expect(container.textContent).toBe('It is 330 metres tall.[1] It opened in 1889.[2]');
    expect(container.querySelectorAll('sup.citation')).toHaveLength(2);
  });

  it('puts a marker after the words a source backs, inside formatting, and never a link to a non-web address', () => {
    const text = 'The tower is **330 metres** tall. Gustave Eiffel built it.';
    const marks: CitationMark[] = [
      { start: at(text, 'tall.'), end: at(text, 'tall.'), source: 0 },
      { start: at(text, '**330 metres'), end: at(text, '**330 metres'), source: 1 },
      { start: text.length, end: text.length, source: 2 },
    ];
    const { container } = render(<Markdown text={text} sources={SOURCES} citationMarks={marks} />);
    expect(container.textContent).toBe('The tower is 330 metres[2] tall.[1] Gustave Eiffel built it.[3]');
    expect(container.querySelector('strong')).toHaveTextContent('330 metres[2]');
    expect(screen.queryByRole('link', { name: /Not a page/ })).toBeNull();
    expect(screen.getByTitle('Source 3: Not a page')).toHaveTextContent('[3]');
  });

  it('draws a marker that stands after closing Markdown syntax right after the last word', () => {
    const text = 'Height: **330 m**. Opened: `1889`';
    const marks: CitationMark[] = [
      { start: at(text, '**330 m**'), end: at(text, '**330 m**'), source: 0 },
      { start: text.length, end: text.length, source: 1 },
    ];
    const { container } = render(<Markdown text={text} sources={SOURCES} citationMarks={marks} />);
    expect(container.querySelector('strong')).toHaveTextContent('330 m[1]');
    expect(container.querySelector('code')?.parentElement).toHaveTextContent('Opened: 1889[2]');
  });

  it('still marks the claims around the markers', () => {
    const text = 'It opened in 1889.[1] It is 330 metres tall.';
    const { container } = render(
      <Markdown
        text={text}
        model="claude"
        sources={SOURCES}
        citationMarks={[{ start: text.indexOf('[1]'), end: at(text, '[1]'), source: 0 }]}
        claims={[
          {
            start: text.indexOf('330 metres'),
            end: at(text, '330 metres'),
            text: 'It is 330 metres tall.',
            status: 'contradicted',
            agreedBy: [],
            contradictedBy: [{ model: 'chatgpt', value: '300 metres', claim: 'It is 300 metres tall.' }],
            source: 'local',
          },
        ]}
      />,
    );
    expect(container.querySelector('mark')).toHaveTextContent('330 metres');
    expect(screen.getByRole('link', { name: 'Source 1: The monument' })).toBeInTheDocument();
  });
});

describe('the answer card', () => {
  it('lists its sources by title and site, each opening in a new tab', () => {
    card({ sources: SOURCES.slice(0, 2) });
    const list = screen.getByRole('region', { name: 'Claude sources' });
    const links = within(list).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      'The monumenttoureiffel.paris(opens in a new tab)',
      // No title from the vendor: the site alone.
      'en.wikipedia.org(opens in a new tab)',
    ]);
    for (const link of links) expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('says it is thinking until the first answer word, then folds the reasoning under "How it reasoned"', async () => {
    const user = userEvent.setup();
    const view = card({ text: null, streaming: true, thinking: true });
    expect(screen.getByRole('status')).toHaveTextContent('Thinking…');
    view.rerender(
      <ResponseCard
        model="claude"
        text="330 metres."
        error={null}
        responseTime={5200}
        expanded={false}
        onToggleExpanded={() => {}}
        question="How tall?"
        thinking
        reasoning="The question asks for the height. The tip adds antennas."
        thinkingTime={3100}
        firstTokenTime={4000}
      />,
    );
    expect(screen.queryByText('Thinking…')).toBeNull();
    const summary = screen.getByText('How it reasoned');
    expect(summary.closest('summary')).toHaveTextContent('Thought for 3.1s · first words at 4.0s');
    const reasoning = screen.getByText(/The tip adds antennas/);
    expect(reasoning).not.toBeVisible();
    await user.click(summary);
    expect(reasoning).toBeVisible();
  });
});

describe('the comparison', () => {
  it('says which side of a dispute cites a source, with links to the cited sites', () => {
    const comparison: ComparisonAnalysis = {
      summary: 'They disagree on the height.',
      agreements: [],
      disagreements: [
        {
          topic: 'Height of the Eiffel Tower',
          positions: [
            { model: 'claude', claim: 'It is 330 metres tall.', value: '330 metres', citedSources: [SOURCES[0]!] },
            { model: 'chatgpt', claim: 'It is 300 metres tall.', value: '300 metres', citedSources: [] },
          ],
        },
      ],
      confidenceRanking: [],
      judge: { kind: 'local' },
    };
    render(<ComparisonCard comparison={comparison} />);
    expect(screen.getByText('Only Claude cites a source for this.')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'toureiffel.paris' });
    expect(link).toHaveAttribute('href', SOURCES[0]!.url);
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });
});

describe('what an answer used (issue 13, item 4)', () => {
  it('shows the tokens the vendor counted, when the first word came and the whole time', () => {
    card({
      usage: { inputTokens: 1234, outputTokens: 567 },
      firstTokenTime: 800,
      responseTime: 3200,
    });
    expect(screen.getByText('1,234 in · 567 out tokens · first words at 0.8s · 3.2s in all')).toBeInTheDocument();
  });

  it('says nothing it was not told', () => {
    card({ usage: null, firstTokenTime: null });
    expect(screen.queryByText(/tokens|first words/)).toBeNull();
  });

  it("adds a question's answers up, with its slowest answer", () => {
    expect(
      questionTotals([
        {
          model: 'claude',
          text: 'a',
          error: null,
          responseTime: 1200,
          confidenceScore: null,
          usage: { inputTokens: 10, outputTokens: 1000 },
        },
        {
          model: 'grok',
          text: 'b',
          error: null,
          responseTime: 4100,
          confidenceScore: null,
          usage: { inputTokens: 12, outputTokens: null },
        },
        { model: 'gemini', text: null, error: 'x', responseTime: null, confidenceScore: null, usage: null },
      ]),
    ).toBe('In all: 22 in · 1,000 out tokens · slowest answer 4.1s');
  });
});
