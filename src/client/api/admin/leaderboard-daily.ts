import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { leaderboardDailySchema, type LeaderboardDaily } from '../../../common/leaderboard';
import { apiRequest } from '../../lib/api';
import { parseResponse } from '../parse';

// GET /api/admin/leaderboard/daily: the public leaderboard's figures per day, for the dashboard's chart.

const leaderboardDailyPath = (days: number) => `/api/admin/leaderboard/daily?days=${days}`;

export function useLeaderboardDaily(days: number) {
  return useQuery<LeaderboardDaily>({
    queryKey: [leaderboardDailyPath(days)],
    queryFn: async ({ signal }) =>
      parseResponse(leaderboardDailySchema, await apiRequest('GET', leaderboardDailyPath(days), undefined, { signal })),
    // Switching range keeps the last figures on screen until the new ones arrive, instead of a spinner.
    placeholderData: keepPreviousData,
  });
}
