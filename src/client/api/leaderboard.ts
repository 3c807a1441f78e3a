import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { leaderboardSchema, type Leaderboard, type LeaderboardPeriod } from '../../common/leaderboard';
import { apiRequest } from '../lib/api';
import { parseResponse } from './parse';

// The public reliability leaderboard (issue 14, item 3): GET /api/leaderboard for the page, and the same figures
// as a file from /api/leaderboard.csv. The key is the request path, as for every other call.

export const leaderboardPath = (period: LeaderboardPeriod) => `/api/leaderboard?period=${encodeURIComponent(period)}`;

/** Fetched by the browser itself through a download link, never through the query cache. */
export const leaderboardCsvPath = (period: LeaderboardPeriod) =>
  `/api/leaderboard.csv?period=${encodeURIComponent(period)}`;

export function leaderboardOptions(period: LeaderboardPeriod) {
  return queryOptions<Leaderboard>({
    queryKey: [leaderboardPath(period)],
    queryFn: async ({ signal }) =>
      parseResponse(leaderboardSchema, await apiRequest('GET', leaderboardPath(period), undefined, { signal })),
    // Switching period keeps the last table on screen (marked as updating) instead of flashing the skeleton.
    placeholderData: keepPreviousData,
  });
}
