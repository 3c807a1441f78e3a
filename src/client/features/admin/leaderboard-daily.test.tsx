import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LeaderboardDaily } from '../../../common/leaderboard';
import type { FakeHandler } from '../../../../tests/helpers/fake-fetch';
import { lastParams, renderAdmin, requestsTo } from './shared/admin-test-data';
import { LeaderboardDailyCard } from './leaderboard-daily';

const PATH = '/api/admin/leaderboard/daily';

function makeDaily(overrides: Partial<LeaderboardDaily> = {}): LeaderboardDaily {
  return {
    days: ['2026-11-18', '2026-11-19', '2026-11-20'],
    series: [
      {
        model: 'chatgpt',
        displayName: 'ChatGPT',
        modelVersion: 'gpt-5',
        points: [
          {
            questions: 8,
            contradictedShare: 0.125,
            firstPlaceShare: 0.5,
            tiedFirstShare: 0.25,
            medianFirstTokenMs: 812.4,
          },
          null,
          { questions: 1, contradictedShare: null, firstPlaceShare: 1, tiedFirstShare: 0, medianFirstTokenMs: 1500 },
        ],
      },
      {
        model: 'claude',
        displayName: 'Claude',
        modelVersion: null,
        points: [
          {
            questions: 8,
            contradictedShare: 0.05,
            firstPlaceShare: 0.375,
            tiedFirstShare: 0.25,
            medianFirstTokenMs: null,
          },
          { questions: 3, contradictedShare: 0, firstPlaceShare: 0, tiedFirstShare: 1 / 3, medianFirstTokenMs: 2345 },
          null,
        ],
      },
    ],
    ...overrides,
  };
}

/** Each row of the figures as [day, value per model], newest day first. */
async function figures(tableName: string) {
  const table = await screen.findByRole('table', { name: tableName });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [
      within(row).getByRole('rowheader').textContent,
      ...within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ]);
}

const answer = (daily: LeaderboardDaily) => ({ [`GET ${PATH}`]: { json: daily } });

describe('model reliability per day (issue 14, item 3)', () => {
  it('shows the contradicted share of each model per day for the last 30 days', async () => {
    const { requests } = renderAdmin(<LeaderboardDailyCard />, { handlers: answer(makeDaily()) });
    const card = within(await screen.findByRole('region', { name: 'Model reliability per day' }));
    const table = await card.findByRole('table', { name: 'Contradicted claims % per day' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Day', 'ChatGPT (gpt-5)', 'Claude']);
    expect(await figures('Contradicted claims % per day')).toEqual([
      ['Nov 20, 2026', '—1 question', '—'],
      ['Nov 19, 2026', '—', '0%3 questions'],
      ['Nov 18, 2026', '12.5%8 questions', '5%8 questions'],
    ]);
    expect(lastParams(requests, PATH).get('days')).toBe('30');
    expect(card.getByRole('combobox', { name: 'Range' })).toHaveDisplayValue('Last 30 days');
    expect(card.getByRole('button', { name: 'Contradicted claims %' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows the figure chosen in the switch, without asking the server again', async () => {
    const { user, requests } = renderAdmin(<LeaderboardDailyCard />, { handlers: answer(makeDaily()) });
    await screen.findByRole('table', { name: 'Contradicted claims % per day' });

    await user.click(screen.getByRole('button', { name: 'Ranked first %' }));
    expect(screen.getByRole('button', { name: 'Ranked first %' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Contradicted claims %' })).toHaveAttribute('aria-pressed', 'false');
    expect(await figures('Ranked first % per day')).toEqual([
      ['Nov 20, 2026', '100%1 question', '—'],
      ['Nov 19, 2026', '—', '0%3 questions'],
      ['Nov 18, 2026', '50%8 questions', '37.5%8 questions'],
    ]);

    // The questions where the top score was shared are a figure of their own, never counted as first.
    await user.click(screen.getByRole('button', { name: 'Tied first %' }));
    expect(await figures('Tied first % per day')).toEqual([
      ['Nov 20, 2026', '0%1 question', '—'],
      ['Nov 19, 2026', '—', '33.3%3 questions'],
      ['Nov 18, 2026', '25%8 questions', '25%8 questions'],
    ]);

    await user.click(screen.getByRole('button', { name: 'Median first token (ms)' }));
    expect(await figures('Median first token (ms) per day')).toEqual([
      ['Nov 20, 2026', '1,500 ms1 question', '—'],
      ['Nov 19, 2026', '—', '2,345 ms3 questions'],
      ['Nov 18, 2026', '812 ms8 questions', '—8 questions'],
    ]);
    expect(screen.queryByRole('table', { name: 'Contradicted claims % per day' })).not.toBeInTheDocument();
    expect(requestsTo(requests, 'GET', PATH)).toHaveLength(1);
  });

  it('asks for the days of the range chosen and shows them', async () => {
    const byDays: FakeHandler = (request) => {
      const days = new URLSearchParams(request.path.split('?')[1]).get('days');
      return days === '7'
        ? {
            json: makeDaily({
              days: ['2026-11-20'],
              series: [
                {
                  model: 'grok',
                  displayName: 'Grok',
                  modelVersion: 'grok-4',
                  points: [
                    {
                      questions: 2,
                      contradictedShare: 0.5,
                      firstPlaceShare: 0,
                      tiedFirstShare: 0,
                      medianFirstTokenMs: 900,
                    },
                  ],
                },
              ],
            }),
          }
        : { json: makeDaily() };
    };
    const { user, requests } = renderAdmin(<LeaderboardDailyCard />, { handlers: { [`GET ${PATH}`]: byDays } });
    await screen.findByRole('table', { name: 'Contradicted claims % per day' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Range' }), 'Last 7 days');
    expect(await screen.findByRole('columnheader', { name: 'Grok (grok-4)' })).toBeInTheDocument();
    expect(await figures('Contradicted claims % per day')).toEqual([['Nov 20, 2026', '50%2 questions']]);
    expect(lastParams(requests, PATH).get('days')).toBe('7');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Range' }), 'Last 90 days');
    expect(await screen.findByRole('columnheader', { name: 'Claude' })).toBeInTheDocument();
    expect(lastParams(requests, PATH).get('days')).toBe('90');
    expect(requestsTo(requests, 'GET', PATH).map((request) => request.path)).toEqual([
      `${PATH}?days=30`,
      `${PATH}?days=7`,
      `${PATH}?days=90`,
    ]);
  });

  it('says so when no model had a compared question in the range', async () => {
    renderAdmin(<LeaderboardDailyCard />, { handlers: answer(makeDaily({ series: [] })) });
    expect(await screen.findByText('No compared questions in these days yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('counts days without a compared question as empty too', async () => {
    const daily = makeDaily();
    const blank = { ...daily, series: daily.series.map((series) => ({ ...series, points: [null, null, null] })) };
    renderAdmin(<LeaderboardDailyCard />, { handlers: answer(blank) });
    expect(await screen.findByText('No compared questions in these days yet.')).toBeInTheDocument();
  });

  it('shows a load failure with Try Again, which loads the figures', async () => {
    let calls = 0;
    const { user, requests } = renderAdmin(<LeaderboardDailyCard />, {
      handlers: {
        [`GET ${PATH}`]: () =>
          calls++ === 0 ? { status: 500, json: { message: 'Database unavailable' } } : { json: makeDaily() },
      },
    });
    expect(await screen.findByText('Failed to load the figures per day.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('table', { name: 'Contradicted claims % per day' })).toBeInTheDocument();
    expect(screen.queryByText('Failed to load the figures per day.')).not.toBeInTheDocument();
    expect(requestsTo(requests, 'GET', PATH)).toHaveLength(2);
  });

  it('treats an answer that breaks the contract as a load failure', async () => {
    renderAdmin(<LeaderboardDailyCard />, { handlers: { [`GET ${PATH}`]: { json: { days: 'yesterday' } } } });
    expect(await screen.findByText('Failed to load the figures per day.')).toBeInTheDocument();
  });

  it('keeps the figures readable where the chart cannot be drawn', async () => {
    renderAdmin(<LeaderboardDailyCard />, { handlers: answer(makeDaily()) });
    expect(await screen.findByText('This browser cannot draw the chart; the figures are below.')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Contradicted claims % per day' });
    expect(table.closest('details')).toHaveAttribute('open');
  });
});
