import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  wilsonInterval,
  type Leaderboard,
  type LeaderboardPeriod,
  type LeaderboardRow,
  type LeaderboardShare,
} from '../../../common/leaderboard';
import {
  heldResponse,
  installFakeFetch,
  type FakeHandler,
  type FakeResponse,
} from '../../../../tests/helpers/fake-fetch';
import { renderPage } from '../../../../tests/helpers/render';
import { LeaderboardPage } from './leaderboard-page';

function share(hits: number, total: number): LeaderboardShare {
  return { share: hits / total, ...wilsonInterval(hits, total), hits, total };
}

const claude: LeaderboardRow = {
  model: 'anthropic',
  displayName: 'Claude 3.5 Sonnet',
  modelVersion: 'claude-3-5-sonnet-20241022',
  questions: 60,
  rank: 1,
  contradicted: share(20, 240),
  firstPlace: share(25, 60),
  tiedFirst: share(5, 60),
  firstToken: { medianMs: 1234, lowMs: 1090, highMs: 1420, answers: 58 },
};

const gpt: LeaderboardRow = {
  model: 'openai',
  displayName: 'GPT-4o',
  modelVersion: 'gpt-4o-2024-08-06',
  questions: 80,
  rank: 2,
  contradicted: share(45, 300),
  firstPlace: share(30, 80),
  tiedFirst: share(1, 80),
  firstToken: { medianMs: 640, lowMs: 520, highMs: 810, answers: 80 },
};

const gemini: LeaderboardRow = {
  model: 'google',
  displayName: 'Gemini',
  modelVersion: null,
  questions: 12,
  rank: null,
  contradicted: null,
  firstPlace: share(3, 12),
  tiedFirst: share(0, 12),
  firstToken: null,
};

function board(period: LeaderboardPeriod, overrides: Partial<Leaderboard> = {}): Leaderboard {
  return {
    period,
    from: period === 'all' ? null : '2025-03-01',
    to: '2025-03-30',
    generatedAt: new Date().toISOString(),
    rows: [claude, gpt, gemini],
    examples: [],
    ...overrides,
  };
}

/** The server: answers each period with the board for it, unless a test answers otherwise. */
const byPeriod: FakeHandler = (request) => {
  const period = new URL(request.path, 'http://localhost').searchParams.get('period') as LeaderboardPeriod;
  return { json: board(period) };
};

function renderLeaderboard(at = '/leaderboard', handler: FakeHandler | FakeResponse = byPeriod) {
  const fake = installFakeFetch({ 'GET /api/leaderboard': handler });
  return { ...fake, ...renderPage(<LeaderboardPage />, { path: '/leaderboard', at }) };
}

/** The table's rows after its header row, by position; a missing one fails the test here rather than later. */
function bodyRows(table: HTMLElement, count: number): HTMLElement[] {
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows).toHaveLength(count);
  return rows;
}

function only<T>(items: T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`No item ${index}`);
  return item;
}

const leaderboardRequests = (requests: { path: string }[]) =>
  requests.map((request) => request.path).filter((path) => path.startsWith('/api/leaderboard'));

describe('LeaderboardPage', () => {
  it('shows a skeleton until the figures arrive', async () => {
    const held = heldResponse({ json: board('30d') });
    renderLeaderboard('/leaderboard', held.handler);
    expect(screen.getByRole('heading', { level: 1, name: 'Model reliability leaderboard' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading the leaderboard' })).toBeInTheDocument();
    held.release();
    expect(await screen.findByRole('table', { name: 'Leaderboard, Last 30 days' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading the leaderboard' })).not.toBeInTheDocument();
  });

  it('lists the ranked models in rank order with each figure, its interval and its count', async () => {
    renderLeaderboard();
    const table = await screen.findByRole('table', { name: 'Leaderboard, Last 30 days' });
    const rows = bodyRows(table, 4);
    const first = only(rows, 0);
    const second = only(rows, 1);

    expect(within(first).getByRole('rowheader')).toHaveTextContent('Claude 3.5 Sonnet');
    expect(within(first).getByText('claude-3-5-sonnet-20241022')).toBeInTheDocument();
    for (const text of ['1', '8.3%', '5.5–12.5%', '240 claims', '41.7%', '30.1–54.3%', 'of 60 questions']) {
      expect(within(first).getByText(text)).toBeInTheDocument();
    }
    for (const text of ['1.2 s', '1.1–1.4 s', '58 answers', '60']) {
      expect(within(first).getByText(text)).toBeInTheDocument();
    }

    expect(within(second).getByRole('rowheader')).toHaveTextContent('GPT-4o');
    for (const text of ['2', '15.0%', '11.4–19.5%', '300 claims', '37.5%', '27.7–48.5%', 'of 80 questions']) {
      expect(within(second).getByText(text)).toBeInTheDocument();
    }
    for (const text of ['0.6 s', '0.5–0.8 s', '80 answers']) {
      expect(within(second).getByText(text)).toBeInTheDocument();
    }

    // The same order on phones, where each model is a card.
    const cards = within(screen.getByRole('list', { name: 'Ranked models' })).getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Claude 3.5 Sonnetclaude-3-5-sonnet-20241022',
      'GPT-4ogpt-4o-2024-08-06',
    ]);
    expect(within(only(cards, 0)).getByText('5.5–12.5%')).toBeInTheDocument();
  });

  it('counts first place won alone and shows the questions where the top score was shared beside it', async () => {
    // ChatGPT led alone on 3 questions and shared the top score on 14 with Grok and Gemini, which never led alone.
    const tie = (model: string, displayName: string, alone: number, tied: number): LeaderboardRow => ({
      model,
      displayName,
      modelVersion: `${model}-v`,
      questions: 17,
      rank: null,
      contradicted: share(2, 40),
      firstPlace: share(alone, 17),
      tiedFirst: share(tied, 17),
      firstToken: null,
    });
    renderLeaderboard('/leaderboard', {
      json: board('30d', {
        rows: [tie('chatgpt', 'ChatGPT', 3, 14), tie('grok', 'Grok', 0, 14), tie('gemini', 'Gemini', 0, 1)],
      }),
    });
    const table = await screen.findByRole('table', { name: 'Leaderboard, Last 30 days' });
    expect(within(table).getByRole('columnheader', { name: /Ranked first/ })).toHaveTextContent(
      'Ranked firstalone, in the confidence ranking',
    );
    const [, chatgpt, grok, gemini] = bodyRows(table, 4);
    expect(within(chatgpt!).getByText('17.6%')).toBeInTheDocument();
    expect(within(chatgpt!).getByText('Tied first on 14 questions')).toBeInTheDocument();
    expect(within(grok!).getByText('0.0%')).toBeInTheDocument();
    expect(within(grok!).getByText('Tied first on 14 questions')).toBeInTheDocument();
    expect(within(gemini!).getByText('Tied first on 1 question')).toBeInTheDocument();
    // The same on phones, and the rule is said above the table.
    const cards = within(screen.getByRole('list', { name: 'Models not ranked' })).getAllByRole('article');
    expect(within(only(cards, 1)).getByText('Tied first on 14 questions')).toBeInTheDocument();
    expect(screen.getByText(/each is counted as tied first instead/)).toBeInTheDocument();
  });

  it('puts a model with too few compared questions below the ranking, marked as not ranked', async () => {
    renderLeaderboard();
    const table = await screen.findByRole('table', { name: 'Leaderboard, Last 30 days' });
    const rows = bodyRows(table, 4);
    const group = only(rows, 2);
    const unranked = only(rows, 3);
    expect(group).toHaveTextContent('Not ranked: fewer than 30 compared questions');
    expect(within(unranked).getByRole('rowheader')).toHaveTextContent('Gemini');
    expect(within(unranked).getByText('Not ranked')).toBeInTheDocument();
    expect(within(unranked).getByText('Version not recorded')).toBeInTheDocument();
    expect(within(unranked).getByText('No checked claims')).toBeInTheDocument();
    expect(within(unranked).getByText('Not timed')).toBeInTheDocument();
    expect(within(unranked).getByText('of 12 questions')).toBeInTheDocument();

    const card = within(screen.getByRole('list', { name: 'Models not ranked' })).getByRole('article', {
      name: /Gemini/,
    });
    expect(within(card).getByText('Not ranked')).toBeInTheDocument();
  });

  it('asks for the chosen period, keeps it in the address and in the CSV link', async () => {
    const { requests, router, user } = renderLeaderboard();
    await screen.findByRole('table', { name: 'Leaderboard, Last 30 days' });
    expect(leaderboardRequests(requests)).toEqual(['/api/leaderboard?period=30d']);
    expect(screen.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/api/leaderboard.csv?period=30d',
    );

    await user.click(screen.getByRole('button', { name: 'Last 7 days' }));
    expect(await screen.findByRole('table', { name: 'Leaderboard, Last 7 days' })).toBeInTheDocument();
    expect(leaderboardRequests(requests)).toEqual(['/api/leaderboard?period=30d', '/api/leaderboard?period=7d']);
    expect(router.state.location.search).toBe('?period=7d');
    expect(screen.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'false');
    const csv = screen.getByRole('link', { name: 'Download CSV' });
    expect(csv).toHaveAttribute('href', '/api/leaderboard.csv?period=7d');
    expect(csv).toHaveAttribute('download');
  });

  it('is driven from the keyboard and from a shared link', async () => {
    const { requests, router, user } = renderLeaderboard('/leaderboard?period=90d');
    await screen.findByRole('table', { name: 'Leaderboard, Last 90 days' });
    expect(leaderboardRequests(requests)).toEqual(['/api/leaderboard?period=90d']);
    expect(screen.getByText('Mar 1, 2025 – Mar 30, 2025 (UTC)', { exact: false })).toBeInTheDocument();

    screen.getByRole('button', { name: 'All time' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('table', { name: 'Leaderboard, All time' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?period=all');
    expect(screen.getByText('All questions up to Mar 30, 2025 (UTC)', { exact: false })).toBeInTheDocument();
  });

  it('falls back to the default period for one it does not know', async () => {
    const { requests } = renderLeaderboard('/leaderboard?period=forever');
    await screen.findByRole('table', { name: 'Leaderboard, Last 30 days' });
    expect(leaderboardRequests(requests)).toEqual(['/api/leaderboard?period=30d']);
  });

  it('says when the period has no compared questions', async () => {
    renderLeaderboard('/leaderboard', { json: board('30d', { rows: [], examples: [] }) });
    expect(await screen.findByText('No compared questions in this period yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Recently disputed questions' })).not.toBeInTheDocument();
  });

  it('reports a failed load and tries again', async () => {
    let calls = 0;
    const { user } = renderLeaderboard('/leaderboard', (request) => {
      calls += 1;
      return calls === 1 ? { status: 500, text: 'Internal Server Error' } : byPeriod(request);
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The leaderboard could not be loaded. Please try again.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Leaderboard, Last 30 days' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('treats an answer it cannot read as a failed load', async () => {
    renderLeaderboard('/leaderboard', { json: { period: '30d', rows: 'nope' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('The leaderboard could not be loaded.');
  });

  it('lists recently disputed questions with the models and which were contradicted', async () => {
    renderLeaderboard('/leaderboard', {
      json: board('30d', {
        examples: [
          {
            question: 'When did the Berlin Wall fall?',
            askedAt: '2026-11-25T09:30:00.000Z',
            models: ['openai', 'anthropic', 'mistral'],
            contradicted: ['openai'],
          },
        ],
      }),
    });
    const section = await screen.findByRole('region', { name: 'Recently disputed questions' });
    expect(within(section).getByText(/only questions from signed-in people who allow theirs/i)).toBeInTheDocument();
    const item = within(section).getByText('When did the Berlin Wall fall?').closest('li') as HTMLElement;
    const models = within(item).getByRole('list', { name: 'Models compared' });
    expect(
      within(models)
        .getAllByRole('listitem')
        .map((entry) => entry.textContent),
    ).toEqual([
      'GPT-4o: contradicted',
      'Claude 3.5 Sonnet',
      // A model no row names is shown as the server wrote it.
      'mistral',
    ]);
    expect(item).toHaveTextContent('Asked Nov 25, 2026');
  });
});
