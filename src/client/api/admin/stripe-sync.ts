import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  isJobActive,
  latestSyncJobSchema,
  SYNC_POLL_MS,
  syncJobSchema,
  type SyncJob,
} from '../../../common/admin-job-schemas';
import { apiRequest } from '../../lib/api';
import { parseResponse } from '../parse';

// 'Sync with Stripe' runs as a background job (decision 0036): starting it answers at once with the
// job, and the console follows the newest sync, asking again every SYNC_POLL_MS while it runs.

const syncPath = '/api/admin/sync-stripe-subscriptions';
export const latestSyncKey = [`${syncPath}/latest`] as const;

export async function fetchLatestSync(signal?: AbortSignal): Promise<SyncJob | null> {
  return parseResponse(latestSyncJobSchema, await apiRequest('GET', latestSyncKey[0], undefined, { signal })).job;
}

/** The newest sync (null when none ever ran); polled while it is queued or running. */
export function useLatestSync() {
  return useQuery({
    queryKey: latestSyncKey,
    queryFn: ({ signal }) => fetchLatestSync(signal),
    refetchInterval: (query) => {
      const job = query.state.data;
      return job && isJobActive(job.status) ? SYNC_POLL_MS : false;
    },
  });
}

/** Queues a sync, or joins the one already running; the answer becomes the newest sync at once. */
export function useStartSync() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => parseResponse(syncJobSchema, await apiRequest('POST', syncPath)),
    onSuccess: (job) => queryClient.setQueryData(latestSyncKey, job),
  });
}
