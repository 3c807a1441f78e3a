import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AnswerClaim } from '../../../common/comparison';
import { alignToSource } from './mark-claims';
import { Markdown } from './markdown';

// Claim marks drawn from offsets into the Markdown source, as the analysers give them.

/** A claim on the first occurrence of `value` in `text` (after `after`, when given). */
function claimAt(text: string, value: string, extra: Partial<AnswerClaim> = {}, after = 0): AnswerClaim {
  const start = text.indexOf(value, after);
  if (start < 0) throw new Error(`${value} is not in the text`);
  return {
    start,
    end: start + value.length,
    text: value,
    status: 'contradicted',
    agreedBy: [],
    contradictedBy: [{ model: 'grok', value: '9 November 1989', claim: 'The Berlin Wall fell on 9 November 1989.' }],
    source: 'local',
    ...extra,
  };
}

function marks(container: HTMLElement) {
  return [...container.querySelectorAll('mark')].map((mark) => [mark.textContent, mark.dataset.status]);
}

describe('claim marks', () => {
  it('marks a contradicted and a single-source value at their offsets, and leaves agreed claims unmarked', () => {
    const text = 'The Berlin Wall came down on 9 November 1990. About 2 million people crossed. It was in Berlin.';
    const { container } = render(
      <Markdown
        model="chatgpt"
        text={text}
        claims={[
          claimAt(text, '9 November 1990'),
          claimAt(text, '2 million', { status: 'single-source', contradictedBy: [] }),
          claimAt(text, 'Berlin', { status: 'agreed', agreedBy: ['grok'], contradictedBy: [] }, 60),
        ]}
      />,
    );
    expect(marks(container)).toEqual([
      ['9 November 1990', 'contradicted'],
      ['2 million', 'single-source'],
    ]);
    expect(container.querySelector('p')).toHaveTextContent(text);
  });

  it('finds values inside bold and italic text, list items and table cells', () => {
    const text = [
      'The wall fell in **November 1990** and *1991* was next.',
      '',
      '- Crossing at Bornholmer \\*Straße\\* on 9 November',
      '  with **_thousands_** of people',
      '',
      '| Event | Year |',
      '| --- | --- |',
      '| Reunification | 1990 |',
    ].join('\n');
    const { container } = render(
      <Markdown
        model="chatgpt"
        text={text}
        claims={[
          claimAt(text, 'November 1990'),
          claimAt(text, '1991'),
          claimAt(text, '9 November'),
          claimAt(text, 'thousands', { status: 'single-source', contradictedBy: [] }),
          claimAt(text, '1990', {}, text.indexOf('Reunification')),
        ]}
      />,
    );
    expect(marks(container)).toEqual([
      ['November 1990', 'contradicted'],
      ['1991', 'contradicted'],
      ['9 November', 'contradicted'],
      ['thousands', 'single-source'],
      ['1990', 'contradicted'],
    ]);
    expect(screen.getByText('November 1990').closest('strong')).not.toBeNull();
    expect(screen.getByText('1991').closest('em')).not.toBeNull();
    expect(screen.getByText('9 November').closest('li')).not.toBeNull();
    expect(screen.getByText('thousands').closest('em')).not.toBeNull();
    const cell = screen.getByRole('cell', { name: '1990' });
    expect(within(cell).getByText('1990').tagName).toBe('MARK');
  });

  it('skips offsets it cannot place (past the end, across formatting, in code or links) and keeps the text whole', () => {
    const text = 'Fell in 1989 **and** `1990` per [source 1991](https://example.com).';
    const { container } = render(
      <Markdown
        model="chatgpt"
        text={text}
        claims={[
          { ...claimAt(text, '1989'), start: text.length + 3, end: text.length + 8 },
          claimAt(text, '1989 **and'),
          claimAt(text, '1991'),
          claimAt(text, 'in 1989'),
        ]}
      />,
    );
    // Only the last is placeable: the second crosses the bold, the third sits in a link.
    expect(marks(container)).toEqual([['in 1989', 'contradicted']]);
    expect(container.querySelector('p')).toHaveTextContent('Fell in 1989 and 1990 per source 1991.');
  });

  it('counts offsets in UTF-16 units, as the analysers do, past characters outside the BMP', () => {
    const text = 'Party 🎉 at Bornholmer Straße: the wall fell in **1990**.';
    const { container } = render(<Markdown model="chatgpt" text={text} claims={[claimAt(text, '1990')]} />);
    expect(marks(container)).toEqual([['1990', 'contradicted']]);
  });

  it('maps text nodes back to their source through escapes and indentation', () => {
    const source = 'a \\*b\\*\n   c';
    // remark's value for this paragraph: escapes resolved, the continuation line's indent dropped.
    expect(alignToSource('a *b*\nc', source, 0, source.length)).toEqual([0, 1, 3, 4, 6, 7, 11]);
    expect(alignToSource('©', '&copy;', 0, 6)).toBeUndefined();
  });

  it('explains a mark on keyboard focus, names who says what, and closes on Escape', async () => {
    const user = userEvent.setup();
    const text = 'The Berlin Wall came down on **9 November 1990**. Crowds gathered.';
    render(
      <>
        <button type="button">before</button>
        <Markdown
          model="perplexity"
          text={text}
          claims={[
            claimAt(text, '9 November 1990', {
              agreedBy: ['gemini'],
              contradictedBy: [
                { model: 'chatgpt', value: '9 November 1989', claim: 'The Berlin Wall fell on 9 November 1989.' },
              ],
            }),
            claimAt(text, 'Crowds gathered', { status: 'single-source', contradictedBy: [], source: 'judge' }),
          ]}
        />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'before' }));
    await user.tab();
    const mark = screen.getByText('9 November 1990');
    expect(mark).toHaveFocus();
    const tooltip = await screen.findByRole('tooltip');
    expect(within(tooltip).getByText('Contradicted:')).toBeInTheDocument();
    expect(within(tooltip).getByRole('listitem')).toHaveTextContent(
      'ChatGPT says 9 November 1989: “The Berlin Wall fell on 9 November 1989.”',
    );
    expect(within(tooltip).getByText('Gemini agrees.')).toBeInTheDocument();
    expect(within(tooltip).getByText('Found by the local check.')).toBeInTheDocument();
    // Screen readers hear the same words as the focused mark's description.
    expect(mark).toHaveAccessibleDescription(
      'Contradicted: ChatGPT says 9 November 1989: “The Berlin Wall fell on 9 November 1989.” Gemini agrees. Found by the local check.',
    );

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    expect(mark).toHaveFocus();

    await user.tab();
    const single = screen.getByText('Crowds gathered');
    expect(single).toHaveFocus();
    expect(within(await screen.findByRole('tooltip')).getByText('Only Perplexity states this.')).toBeInTheDocument();
    expect(single).toHaveAccessibleDescription('Only Perplexity states this. Found by the judge.');
  });

  it('opens the explanation on a click or tap, where there is no hover', async () => {
    const user = userEvent.setup();
    const text = 'Fell in 1990.';
    render(<Markdown model="chatgpt" text={text} claims={[claimAt(text, '1990')]} />);
    await user.pointer({ keys: '[TouchA]', target: screen.getByText('1990') });
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Grok says 9 November 1989');
  });
});
