import { AlertTriangle, CheckCircle2, X, XCircle } from 'lucide-react';
import { useId } from 'react';
import type { SyncJob } from '../../../../common/admin-job-schemas';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';

/** How far a running sync has got: a progress bar that a screen reader reads as "N of M users". */
export function SyncProgressCard({ job }: { job: SyncJob }) {
  const titleId = useId();
  const total = job.total ?? 0;
  const percent = total > 0 ? Math.min(100, Math.round((job.processed / total) * 100)) : 0;
  const counted = job.total === null ? 'Counting the users to sync...' : `${job.processed} of ${total} users`;
  return (
    <Card role="region" aria-labelledby={titleId} className="border-sky-300">
      <CardHeader className="pb-4">
        <CardTitle id={titleId} className="text-base">
          Syncing with Stripe
        </CardTitle>
        <CardDescription>
          {job.status === 'queued'
            ? 'Waiting for a server to start the sync...'
            : 'The sync runs on the server: you can leave this page and come back.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        <div
          role="progressbar"
          aria-label="Sync progress"
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={job.processed}
          aria-valuetext={counted}
          className="h-2.5 w-full overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full rounded-full bg-sky-600 transition-[width]" style={{ width: `${percent}%` }} />
        </div>
        <p className="text-sm text-muted-foreground tabular-nums" aria-live="polite">
          {counted}
          {job.failedCount > 0 && ` · ${job.failedCount} failed so far`}
        </p>
      </CardContent>
    </Card>
  );
}

/** What Sync with Stripe did (or how far it got before it failed), until the admin closes it. */
export function SyncResultsCard({ job, onClose }: { job: SyncJob; onClose: () => void }) {
  const titleId = useId();
  const stopped = job.status === 'failed';
  const partly = !stopped && job.failedCount > 0;
  const figures = [
    { label: 'Users processed', value: job.processed },
    { label: 'Subscriptions synced', value: job.syncedCount },
    { label: 'Users updated', value: job.updatedCount },
    { label: 'Users unchanged', value: job.unchangedCount },
    { label: 'Errors', value: job.failedCount },
  ];
  const Icon = stopped ? XCircle : partly ? AlertTriangle : CheckCircle2;
  return (
    <Card
      role="region"
      aria-labelledby={titleId}
      className={cn(stopped ? 'border-red-300' : partly ? 'border-amber-300' : 'border-emerald-300')}
    >
      <CardHeader className="flex-row items-start justify-between gap-4 pb-4">
        <div className="flex min-w-0 items-start gap-3">
          <Icon
            className={cn(
              'mt-0.5 size-5 shrink-0',
              stopped ? 'text-red-600' : partly ? 'text-amber-600' : 'text-emerald-600',
            )}
            aria-hidden
          />
          <div className="grid min-w-0 gap-1">
            <CardTitle id={titleId} className="text-base">
              {stopped ? 'Stripe Sync Failed' : 'Stripe Sync Results'}
            </CardTitle>
            <CardDescription className="break-words">
              {stopped
                ? `The sync stopped: ${job.error ?? 'unknown error'}`
                : partly
                  ? 'The sync finished, but some users could not be synced.'
                  : 'Every user was synced with Stripe.'}
            </CardDescription>
          </div>
        </div>
        {/* Only the icon on a phone, so the title keeps its one line; the name stays 'Close'. */}
        <Button variant="outline" size="sm" onClick={onClose} className="shrink-0">
          <X aria-hidden />
          <span className="sr-only sm:not-sr-only">Close</span>
        </Button>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {/* A label on two lines must not push its figure below its neighbours'; the fifth tile
              fills the last row of two on a phone. */}
          {figures.map((figure) => (
            <div
              key={figure.label}
              className="flex flex-col justify-between rounded-lg bg-muted/60 p-3 last:col-span-2 sm:last:col-span-1"
            >
              <dt className="text-xs font-medium text-muted-foreground">{figure.label}</dt>
              <dd className="mt-1 text-xl font-semibold tabular-nums">{figure.value}</dd>
            </div>
          ))}
        </dl>
        {job.errors.length > 0 && (
          <div className="grid gap-1">
            <ul
              aria-label="Sync errors"
              className="grid max-h-64 gap-1 overflow-y-auto rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800"
              tabIndex={0}
            >
              {job.errors.map((message, index) => (
                <li key={index} className="break-words">
                  {message}
                </li>
              ))}
            </ul>
            {job.failedCount > job.errors.length && (
              <p className="text-xs text-muted-foreground">
                The first {job.errors.length} of {job.failedCount} errors are listed.
              </p>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
