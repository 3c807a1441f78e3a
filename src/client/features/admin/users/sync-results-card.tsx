import { AlertTriangle, CheckCircle2, X } from 'lucide-react';
import { useId } from 'react';
import type { SyncResult } from '../../../../common/admin-user-schemas';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';

/** What Sync with Stripe did, until the admin closes it. */
export function SyncResultsCard({ result, onClose }: { result: SyncResult; onClose: () => void }) {
  const titleId = useId();
  const failed = result.errors.length > 0;
  const figures = [
    { label: 'Users processed', value: result.processed },
    { label: 'Subscriptions synced', value: result.syncedCount },
    { label: 'Users updated', value: result.updatedCount },
    { label: 'Errors', value: result.errors.length },
  ];
  return (
    <Card role="region" aria-labelledby={titleId} className={cn(failed ? 'border-amber-300' : 'border-emerald-300')}>
      <CardHeader className="flex-row items-start justify-between gap-4 pb-4">
        <div className="flex items-start gap-3">
          {failed ? (
            <AlertTriangle className="mt-0.5 size-5 shrink-0 text-amber-600" aria-hidden />
          ) : (
            <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-emerald-600" aria-hidden />
          )}
          <div className="grid gap-1">
            <CardTitle id={titleId} className="text-base">
              Stripe Sync Results
            </CardTitle>
            <CardDescription>
              {failed ? 'The sync finished, but some users could not be synced.' : 'Every user was synced with Stripe.'}
            </CardDescription>
          </div>
        </div>
        <Button variant="outline" size="sm" onClick={onClose}>
          <X aria-hidden />
          Close
        </Button>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {figures.map((figure) => (
            <div key={figure.label} className="rounded-lg bg-muted/60 p-3">
              <dt className="text-xs font-medium text-muted-foreground">{figure.label}</dt>
              <dd className="mt-1 text-xl font-semibold tabular-nums">{figure.value}</dd>
            </div>
          ))}
        </dl>
        {failed && (
          <ul
            aria-label="Sync errors"
            className="grid gap-1 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800"
          >
            {result.errors.map((message, index) => (
              <li key={index} className="break-words">
                {message}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
