import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { RecordedRequest } from '../../../../tests/helpers/fake-fetch';
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
    renderHome({ [`GET /api/history/${SESSION}`]: { json: [newer, older] } });
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

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
const question = (id: number, text: string, createdAt: string, answer = 'An answer.') =>
  savedQuery({
    id,
    text,
    createdAt,
    selectedModels: ['chatgpt'],
    responses: [{ model: 'chatgpt', text: answer, error: null, responseTime: 900, confidenceScore: null }],
    comparisonSummary: null,
  });
const query = (request: RecordedRequest) => new URL(request.path, 'http://localhost').searchParams;

describe('Session History: dates, pages and search', () => {
  it('groups the questions by date under headings: Today, Yesterday, Previous 7 days, Older', async () => {
    const now = new Date();
    const justAfterMidnight = new Date(now.getFullYear(), now.getMonth(), now.getDate(), 0, 1).toISOString();
    renderHome({
      [`GET /api/history/${SESSION}`]: {
        json: [
          question(9, 'Asked today', justAfterMidnight),
          question(
            8,
            'Asked yesterday',
            new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1, 12).toISOString(),
          ),
          question(
            7,
            'Asked four days ago',
            new Date(now.getFullYear(), now.getMonth(), now.getDate() - 4, 12).toISOString(),
          ),
          question(6, 'Asked last month', daysAgo(40)),
        ],
      },
    });
    await history().findByRole('button', { name: /Asked today/ });
    const list = history().getByRole('list', { name: 'Previous questions' });
    expect(
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Today', 'Yesterday', 'Previous 7 days', 'Older']);
    expect(within(history().getByRole('list', { name: 'Older' })).getByText('Asked last month')).toBeInTheDocument();
    await settled();
  });

  it('loads the next page from the cursor the server names, with a Load more button for the keyboard', async () => {
    const cursor = '2026-01-01T10:00:00.123456Z,5';
    const { user, requests } = renderHome({
      [`GET /api/history/${SESSION}`]: (request) =>
        query(request).get('before') === cursor
          ? { json: [question(4, 'On the second page', daysAgo(2))] }
          : { json: [question(5, 'On the first page', daysAgo(1))], headers: { 'x-next-cursor': cursor } },
    });
    await history().findByRole('button', { name: /On the first page/ });
    await user.click(await history().findByRole('button', { name: 'Load more' }));
    expect(await history().findByRole('button', { name: /On the second page/ })).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'GET' && r.path.startsWith('/api/history/')).map((r) => r.path)).toEqual(
      [`/api/history/${SESSION}`, `/api/history/${SESSION}?before=${encodeURIComponent(cursor)}`],
    );
    // The last page names no cursor: nothing more to load.
    expect(history().queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    await settled();
  });

  it('searches on the server as typing pauses, says how many it found, quotes the answer that matched, and Escape clears', async () => {
    const mountain = question(
      3,
      'What is the tallest mountain?',
      daysAgo(3),
      '**Mount Everest** rises 8,849 m in the Himalayas.',
    );
    const { user, requests } = renderHome({
      [`GET /api/history/${SESSION}`]: (request) => {
        const q = query(request).get('q');
        if (q === 'himal') return { json: [mountain], headers: { 'x-total-count': '1' } };
        if (q) return { json: [], headers: { 'x-total-count': '0' } };
        return { json: [newer, mountain] };
      },
    });
    const box = await history().findByRole('searchbox', { name: 'Search history' });
    expect(box).toHaveAttribute('id', 'history-search');
    await user.type(box, 'himal');
    // Said politely: the count is a status message.
    expect(await history().findByText('1 question found')).toHaveAttribute('role', 'status');
    const found = history().getByRole('button', { name: /tallest mountain/ });
    // The marks and the quote load with the first search.
    await waitFor(() =>
      expect(found).toHaveTextContent('In the answer: Mount Everest rises 8,849 m in the Himalayas.'),
    );
    expect(within(found).getByText('Himal', { selector: 'mark' })).toBeInTheDocument();
    expect(history().queryByRole('button', { name: /Berlin Wall/ })).not.toBeInTheDocument();
    // One request for the word, not one per letter.
    expect(requests.filter((r) => query(r).has('q')).map((r) => query(r).get('q'))).toEqual(['himal']);

    await user.type(box, 'x');
    expect(await history().findByText('No questions match')).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(box).toHaveValue('');
    expect(await history().findByRole('button', { name: /Berlin Wall/ })).toBeInTheDocument();
    await settled();
  });

  it('deletes one question with Undo, which puts it back where it was', async () => {
    let deleted = false;
    const { user, requests } = renderHome({
      [`GET /api/history/${SESSION}`]: () => ({ json: deleted ? [newer] : [newer, older] }),
      'DELETE /api/query/3': () => {
        deleted = true;
        return { json: { message: 'Question deleted' } };
      },
      'POST /api/query/3/restore': () => {
        deleted = false;
        return { json: { message: 'Question restored' } };
      },
    });
    await history().findByRole('button', { name: /tallest mountain/ });
    const bins = history().getAllByRole('button', { name: 'Delete question' });
    expect(bins[1]).toHaveAccessibleDescription('What is the tallest mountain?');
    await user.click(bins[1]!);
    await waitFor(() => expect(history().queryByRole('button', { name: /tallest mountain/ })).not.toBeInTheDocument());
    expect(await screen.findByText('Question deleted')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      `/api/query/3?sessionId=${SESSION}`,
    ]);

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    const items = await history().findAllByRole('button', { name: /ago/ });
    await waitFor(() =>
      expect(
        history()
          .getAllByRole('button', { name: /ago/ })
          .map((item) => item.textContent),
      ).toEqual(['When did the Berlin Wall fall?5 minutes ago', 'What is the tallest mountain?3 days ago']),
    );
    expect(items.length).toBeGreaterThan(0);
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      `/api/query/3/restore?sessionId=${SESSION}`,
    ]);
    await settled();
  });

  it('clears the view when the question it shows is deleted, and brings a failed delete back', async () => {
    const { user } = renderHome({
      [`GET /api/history/${SESSION}`]: { json: [newer, older] },
      'DELETE /api/query/7': { json: { message: 'Question deleted' } },
      'DELETE /api/query/3': { status: 500, json: { message: 'boom' } },
    });
    await user.click(await history().findByRole('button', { name: /Berlin Wall/ }));
    await screen.findByRole('region', { name: 'Current Query' });
    const [shown, other] = history().getAllByRole('button', { name: 'Delete question' });
    await user.click(shown!);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Current Query' })).not.toBeInTheDocument());

    await user.click(other!);
    expect(await screen.findByText('Failed to delete question')).toBeInTheDocument();
    expect(await history().findByRole('button', { name: /tallest mountain/ })).toBeInTheDocument();
    await settled();
  });
});
