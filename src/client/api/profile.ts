import { useMutation, useQueryClient } from '@tanstack/react-query';
import { publicUserSchema } from '../../common/user-schemas';
import { apiRequest } from '../lib/api';
import { currentUserKey } from './current-user-key';
import { parseResponse } from './parse';

// The profile's own settings; kept apart from auth.ts, which every page loads.

/** PUT /api/profile/leaderboard: whether the user's questions may be shown on the leaderboard (issue 14, item 4). */
export function useLeaderboardContribution() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (contributes: boolean) =>
      parseResponse(publicUserSchema, await apiRequest('PUT', '/api/profile/leaderboard', { contributes })),
    onSuccess: (user) => queryClient.setQueryData(currentUserKey, user),
  });
}
