import { useEffect, useRef, useState } from 'react';
import { adminToastMessages } from '../../../../common/admin-messages';
import { isJobActive, type SyncJob } from '../../../../common/admin-job-schemas';
import { toast } from '../../../components/ui/toast-store';
import { serverMessage } from '../../../lib/api';
import { useLatestSync, useStartSync } from '../../../api/admin/stripe-sync';
import { useRefreshUsers } from '../../../api/admin/users';

/**
 * Sync with Stripe as the Users section shows it (decision 0036): the sync this page started, or found
 * running, is followed until it ends; then its result stays until closed, and the user lists reload.
 */
export function useStripeSync() {
  const latest = useLatestSync();
  const start = useStartSync();
  const refreshUsers = useRefreshUsers();
  const [followed, setFollowed] = useState<number | null>(null);
  const [closed, setClosed] = useState<number | null>(null);
  const announced = useRef<number | null>(null);
  const job: SyncJob | null = latest.data ?? null;
  const running = job !== null && isJobActive(job.status);

  useEffect(() => {
    if (running && followed !== job.id) setFollowed(job.id);
  }, [running, followed, job?.id]);

  useEffect(() => {
    if (!job || job.id !== followed || isJobActive(job.status) || announced.current === job.id) return;
    announced.current = job.id;
    void refreshUsers();
    if (job.status === 'succeeded') toast({ variant: 'success', title: adminToastMessages.syncComplete });
    else toast({ variant: 'destructive', title: adminToastMessages.syncError, description: job.error ?? undefined });
  }, [job, followed, refreshUsers]);

  const begin = async () => {
    try {
      const started = await start.mutateAsync();
      setFollowed(started.id);
    } catch (error) {
      toast({ variant: 'destructive', title: adminToastMessages.syncError, description: serverMessage(error) });
    }
  };

  const shown = job && job.id === followed ? job : null;
  return {
    begin,
    busy: start.isPending || running,
    progress: shown && isJobActive(shown.status) ? shown : null,
    result: shown && !isJobActive(shown.status) && closed !== shown.id ? shown : null,
    close: () => setClosed(followed),
  };
}
