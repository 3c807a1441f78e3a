import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ConsensusCard } from './consensus-card';

describe('the Parallax answer card', () => {
  it('shows each shared fact with who states it, their words on request, and the disputes as disputes', async () => {
    const user = userEvent.setup();
    render(
      <ConsensusCard
        consensus={{
          writtenBy: 'assembled',
          sentences: [
            {
              text: 'The Berlin Wall fell on 9 November 1989.',
              models: ['chatgpt', 'grok'],
              quotes: [
                { model: 'chatgpt', text: 'The Berlin Wall fell on 9 November 1989.' },
                { model: 'grok', text: 'It came down on 9 November 1989.' },
              ],
            },
          ],
          disputes: [
            {
              topic: 'Length of the wall',
              sides: [
                { value: '155 kilometres', models: ['chatgpt', 'claude'] },
                { value: '140 kilometres', models: ['grok'] },
              ],
            },
          ],
        }}
      />,
    );
    const card = within(screen.getByRole('region', { name: 'Parallax answer' }));
    const supporters = card.getByRole('button', { name: 'Stated by ChatGPT and Grok: show their words' });
    expect(supporters).toHaveAttribute('aria-expanded', 'false');
    expect(card.queryByText('It came down on 9 November 1989.')).toBeNull();
    await user.click(supporters);
    expect(supporters).toHaveAttribute('aria-expanded', 'true');
    expect(supporters).toHaveAccessibleName('Stated by ChatGPT and Grok: hide their words');
    expect(card.getByText('It came down on 9 November 1989.')).toBeInTheDocument();
    const dispute = card.getByText('Length of the wall').closest('li')!;
    expect([...dispute.querySelectorAll('li')].map((side) => side.textContent)).toEqual([
      'ChatGPT and Claude: 155 kilometres',
      'Grok: 140 kilometres',
    ]);
  });

  it('marks a fact the models settled on re-checking, and names who is unsure in a dispute', () => {
    render(
      <ConsensusCard
        consensus={{
          writtenBy: 'assembled',
          sentences: [
            {
              text: 'The Eiffel Tower is 330 metres tall.',
              models: ['chatgpt', 'claude'],
              quotes: [
                { model: 'chatgpt', text: 'The Eiffel Tower is 330 metres tall.' },
                { model: 'claude', text: 'REVISE: 330 metres.' },
              ],
              settled: true,
            },
          ],
          disputes: [
            {
              topic: 'Year it was completed',
              sides: [{ value: '1889', models: ['chatgpt'] }],
              uncertain: ['claude'],
            },
          ],
        }}
      />,
    );
    const card = within(screen.getByRole('region', { name: 'Parallax answer' }));
    expect(card.getByText('The Eiffel Tower is 330 metres tall.', { exact: false }).textContent).toContain(
      'Settled on re-check',
    );
    const dispute = card.getByText('Year it was completed').closest('li')!;
    expect(dispute.textContent).toContain('ChatGPT: 1889');
    expect(dispute.textContent).toContain('Claude: not sure, asked to re-check');
  });

  it('shows the quotes while the mouse rests on the badges, and says who worded it and what the check left out', async () => {
    const user = userEvent.setup();
    render(
      <ConsensusCard
        consensus={{
          writtenBy: 'judge',
          judge: { model: 'claude', displayName: 'Claude' },
          dropped: 1,
          sentences: [
            {
              text: 'The wall fell on 9 November 1989, after 28 years.',
              models: ['chatgpt', 'grok'],
              quotes: [
                { model: 'chatgpt', text: 'The Berlin Wall fell on 9 November 1989.' },
                { model: 'grok', text: 'It stood for 28 years.' },
              ],
            },
          ],
          disputes: [],
        }}
      />,
    );
    const card = within(screen.getByRole('region', { name: 'Parallax answer' }));
    expect(
      card.getByText(
        'Worded by Claude from the shared claims, without seeing the answers or who gave them; each sentence checked against the claims it cites, 1 sentence it could not trace left out.',
      ),
    ).toBeInTheDocument();
    const badges = card.getByRole('button', { name: /Stated by ChatGPT and Grok/ });
    await user.hover(badges);
    expect(card.getByText('It stood for 28 years.')).toBeInTheDocument();
    expect(badges).toHaveAttribute('aria-expanded', 'true');
    await user.unhover(badges);
    expect(card.queryByText('It stood for 28 years.')).toBeNull();
    // Reaching the badges with the keyboard shows them too.
    await user.tab();
    expect(badges).toHaveFocus();
    expect(card.getByText('It stood for 28 years.')).toBeInTheDocument();
    // Enter hides what focus showed, and says so; Enter again shows it.
    await user.keyboard('{Enter}');
    expect(card.queryByText('It stood for 28 years.')).toBeNull();
    expect(badges).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{Enter}');
    expect(card.getByText('It stood for 28 years.')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    await user.tab();
    expect(card.queryByText('It stood for 28 years.')).toBeNull();
    // A press pins them open.
    await user.click(badges);
    await user.unhover(badges);
    expect(card.getByText('It stood for 28 years.')).toBeInTheDocument();
  });
});
