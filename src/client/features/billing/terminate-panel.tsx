import { AlertOctagon, Loader2, PlayCircle, RefreshCw, XCircle } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { BillingSubscription } from '../../../common/billing-schemas';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../components/ui/card';
import { subscriptionRequests, type SubscriptionAction } from '../../api/billing';
import { InfoRow, StatusBadges } from './billing-bits';
import { formatPeriodDate, formatPlanPrice } from './billing-format';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';

type Run = (action: SubscriptionAction, request: () => Promise<unknown>) => Promise<void>;
type Confirming = 'cancel' | 'resume' | 'terminate' | null;

/** The Manage Cancellation tab: everything about the subscription, and the ways to end it. */
export function TerminatePanel({
  subscription,
  pending,
  run,
  onRefresh,
  refreshing,
}: {
  subscription: BillingSubscription | null;
  pending: SubscriptionAction | null;
  run: Run;
  onRefresh: () => void;
  refreshing: boolean;
}) {
  const [confirming, setConfirming] = useState<Confirming>(null);
  const refresh = (
    <Button variant="outline" onClick={onRefresh} disabled={refreshing}>
      <RefreshCw className={refreshing ? 'animate-spin' : undefined} aria-hidden />
      {refreshing ? 'Refreshing...' : 'Refresh'}
    </Button>
  );

  if (!subscription) {
    return (
      <Card>
        <CardContent className="flex flex-col items-center gap-3 p-8 text-center">
          <p className="font-medium">You have no active subscription.</p>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button asChild>
              <Link to="/checkout">Subscribe Now</Link>
            </Button>
            {refresh}
          </div>
        </CardContent>
      </Card>
    );
  }

  const ends = formatPeriodDate(subscription.currentPeriodEnd);
  const close = (open: boolean) => !open && setConfirming(null);
  const canCancel = subscription.status === 'active' && !subscription.cancelAtPeriodEnd;

  return (
    <Card role="region" aria-labelledby="manage-cancellation-title">
      <CardHeader>
        <CardTitle id="manage-cancellation-title">Subscription information</CardTitle>
        <CardDescription>Cancel at the end of the period, resume, or end your subscription now.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="divide-y rounded-lg border px-4">
          <InfoRow label="Status">
            <StatusBadges subscription={subscription} />
          </InfoRow>
          <InfoRow label="Plan">{subscription.plan.nickname}</InfoRow>
          <InfoRow label="Current period start">{formatPeriodDate(subscription.currentPeriodStart)}</InfoRow>
          <InfoRow label="Current period end">{ends}</InfoRow>
          <InfoRow label="Subscription ID">
            <code className="font-mono text-xs">{subscription.id}</code>
          </InfoRow>
          <InfoRow label="Price">{formatPlanPrice(subscription.plan)}</InfoRow>
        </dl>
        <div className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">
          <AlertOctagon className="mt-0.5 size-4 shrink-0" aria-hidden />
          <p>
            Terminate Now ends your subscription immediately. You lose your paid questions straight away and the current
            period is not refunded.
          </p>
        </div>
      </CardContent>
      <CardFooter className="flex-wrap">
        {refresh}
        {canCancel && (
          <Button variant="outline" onClick={() => setConfirming('cancel')} disabled={pending !== null}>
            {pending === 'cancel' ? <Loader2 className="animate-spin" aria-hidden /> : <XCircle aria-hidden />}
            Cancel Subscription
          </Button>
        )}
        {subscription.cancelAtPeriodEnd && (
          <Button onClick={() => setConfirming('resume')} disabled={pending !== null}>
            {pending === 'resume' ? <Loader2 className="animate-spin" aria-hidden /> : <PlayCircle aria-hidden />}
            Resume Subscription
          </Button>
        )}
        <Button variant="destructive" onClick={() => setConfirming('terminate')} disabled={pending !== null}>
          {pending === 'terminate' && <Loader2 className="animate-spin" aria-hidden />}
          Terminate Now
        </Button>
      </CardFooter>
      <ConfirmDialog
        open={confirming === 'cancel'}
        onOpenChange={close}
        description={`Your subscription will be cancelled at the end of the current period (${ends}). You keep your plan until then.`}
        dismissLabel="Keep Subscription"
        confirmLabel="Yes, Cancel Subscription"
        destructive
        onConfirm={() => void run('cancel', () => subscriptionRequests.cancelFromPanel(subscription.id))}
      />
      <ConfirmDialog
        open={confirming === 'resume'}
        onOpenChange={close}
        description="Your subscription will continue and renew automatically at the end of the current period."
        dismissLabel="Not Now"
        confirmLabel="Yes, Resume"
        onConfirm={() => void run('resume', () => subscriptionRequests.resume(subscription.id))}
      />
      <ConfirmDialog
        open={confirming === 'terminate'}
        onOpenChange={close}
        description="Your subscription ends right now, with no refund for the rest of the period. This cannot be undone."
        dismissLabel="Keep Subscription"
        confirmLabel="Yes, Terminate Now"
        destructive
        onConfirm={() => void run('terminate', subscriptionRequests.terminateNow)}
      />
    </Card>
  );
}
