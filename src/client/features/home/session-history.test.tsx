import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderHome, savedQuery, SESSION, settled } from './test-fixtures';

const older = savedQuery({
  id: 3,
  text: 'What is the tallest mountain?',
  createdAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
  responses: [
    {
      model: 'chatgpt',
      text: 'Mount Everest is the tallest mountain on Earth. It sits in the Himalayas.',
      error: null,
      responseTime: 900,
      confidenceScore: null,
    },
    {
      model: 'claude',
      text: 'Mount Everest is the tallest mountain on Earth. Mauna Kea is taller from base to peak.',
      error: null,
      responseTime: null,
      confidenceScore: null,
    },
  ],
  selectedModels: ['chatgpt', 'claude'],
});
const newer = savedQuery({ id: 7, createdAt: new Date(Date.now() - 5 * 60_000).toISOString() });

function history() {
  return within(screen.getByRole('region', { name: 'Session History' }));
}

describe('Session History', () => {
  it('lists the questions newest first with the time since each was asked', async () => {
    renderHome({ [`GET /api/history/${SESSION}`]: { json: [older, newer] } });
    const items = await history().findAllByRole('button', { name: /ago/ });
    expect(items.map((item) => item.textContent)).toEqual([
      'When did the Berlin Wall fall?5 minutes ago',
      'What is the tallest mountain?3 days ago',
    ]);
    await settled();
  });

  it('shows a question’s results when it is chosen', async () => {
    const { user } = renderHome({ [`GET /api/history/${SESSION}`]: { json: [newer, older] } });
    await user.click(await history().findByRole('button', { name: /tallest mountain/ }));
    // The answer cards load with the first answer shown (docs/performance.md, "Home page weight").
    const current = await screen.findByRole('region', { name: 'Current Query' });
    expect(within(current).getByText('What is the tallest mountain?')).toBeInTheDocument();
    expect(within(current).getByText('3 days ago')).toBeInTheDocument();
    expect(within(current).getByText('2/3 models responded')).toBeInTheDocument();
    expect(screen.getAllByRole('article').map((card) => card.getAttribute('aria-label'))).toEqual([
      'ChatGPT answer',
      'Claude answer',
    ]);
    expect(within(screen.getByRole('article', { name: 'Claude answer' })).getByText('N/A')).toBeInTheDocument();
    expect(history().getByRole('button', { name: /tallest mountain/ })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('button', { name: 'Expand All' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Collapse All' })).toBeInTheDocument();
    await settled();
  });

  it('highlights the sentences another answer does not share when the switch is on', async () => {
    const { user, container } = renderHome({ [`GET /api/history/${SESSION}`]: { json: [older] } });
    await user.click(await history().findByRole('button', { name: /tallest mountain/ }));
    await screen.findByRole('region', { name: 'Current Query' });
    expect(container.querySelector('mark')).toBeNull();
    await user.click(screen.getByRole('switch', { name: 'Highlight differences' }));
    const marked = [...container.querySelectorAll('mark')].map((mark) => mark.textContent);
    expect(marked).toEqual(['It sits in the Himalayas.', 'Mauna Kea is taller from base to peak.']);
    await settled();
  });

  it('copies an answer and says Copied', async () => {
    const { user } = renderHome({ [`GET /api/history/${SESSION}`]: { json: [newer] } });
    await user.click(await history().findByRole('button', { name: /Berlin Wall/ }));
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    await user.click(await screen.findByRole('button', { name: 'Copy Grok answer' }));
    expect(await screen.findByText('Copied')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith('November 9, 1989 was the day.');
    await settled();
  });

  it('asks for confirmation before clearing, then clears and says so', async () => {
    const { user, requests } = renderHome({
      [`GET /api/history/${SESSION}`]: { json: [newer] },
      [`DELETE /api/history/${SESSION}`]: { json: { message: 'History cleared' } },
    });
    await user.click(await history().findByRole('button', { name: /Berlin Wall/ }));
    await user.click(history().getByRole('button', { name: 'Clear history' }));
    let dialog = await screen.findByRole('dialog', { name: 'Clear all history?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);

    await user.click(history().getByRole('button', { name: 'Clear history' }));
    dialog = await screen.findByRole('dialog', { name: 'Clear all history?' });
    await user.click(within(dialog).getByRole('button', { name: 'Clear' }));
    expect(await screen.findByText('History cleared')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([`/api/history/${SESSION}`]);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Current Query' })).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'AI Response Comparison Platform' })).toBeInTheDocument();
    await settled();
  });

  it('says so when clearing fails', async () => {
    const { user } = renderHome({
      [`GET /api/history/${SESSION}`]: { json: [newer] },
      [`DELETE /api/history/${SESSION}`]: { status: 500, json: { message: 'boom' } },
    });
    await user.click(await history().findByRole('button', { name: 'Clear history' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clear all history?' });
    await user.click(within(dialog).getByRole('button', { name: 'Clear' }));
    expect(await screen.findByText('Failed to clear history')).toBeInTheDocument();
    expect(history().getByRole('button', { name: /Berlin Wall/ })).toBeInTheDocument();
    await settled();
  });
});
