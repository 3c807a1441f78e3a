import { useMutation, useQueryClient } from '@tanstack/react-query';
import { format, fromUnixTime } from 'date-fns';
import { AlertTriangle, Loader2, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import type { BillingSubscription, SubscriptionActionResponse } from '../../../common/billing-schemas';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast-store';
import { errorText } from '../../lib/api';
import { billingSubscriptionKey } from '../../api/billing-subscription';
import { runSubscriptionRequest, subscriptionRequests } from '../../api/billing';
import { subscriptionTexts } from './home-texts';

type Kind = 'cancel' | 'resume';

const texts: Record<Kind, { done: string; failed: string }> = {
  cancel: { done: subscriptionTexts.cancelled, failed: subscriptionTexts.cancelFailed },
  resume: { done: subscriptionTexts.resumed, failed: subscriptionTexts.resumeFailed },
};

/** 'MMM d, yyyy' of the period end, or null when the subscription does not say. */
export function periodEnd(billing: BillingSubscription | null | undefined): string | null {
  return billing?.currentPeriodEnd ? format(fromUnixTime(billing.currentPeriodEnd), 'MMM d, yyyy') : null;
}

/**
 * Cancel or resume with the documented toasts (docs/product.md, "Cancel, resume and terminate"); `onDone` runs
 * after a change went through.
 */
function useChange(kind: Kind, onDone: () => void) {
  const queryClient = useQueryClient();
  const text = texts[kind];
  return useMutation({
    mutationFn: () =>
      // Cancel at period end with no body, as the billing page's plan tab sends it, or resume.
      runSubscriptionRequest(
        kind === 'cancel' ? subscriptionRequests.cancelAtPeriodEnd : () => subscriptionRequests.resume(),
      ),
    onSuccess: (answer: SubscriptionActionResponse) => {
      if (!answer.success && !answer.reset) {
        toast({
          variant: 'destructive',
          title: text.failed,
          description: answer.message || subscriptionTexts.processFailed,
        });
        return;
      }
      if (answer.reset) toast({ title: subscriptionTexts.dataReset, description: answer.message });
      else toast({ variant: 'success', title: text.done, description: answer.message });
      void queryClient.invalidateQueries({ queryKey: billingSubscriptionKey });
      onDone();
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: text.failed,
        description: errorText(error, subscriptionTexts.processFailed),
      });
    },
  });
}

/** 'Cancel Subscription' tab: a confirm step ('Are you sure?'), then the cancel at period end. */
export function CancelTab({
  billing,
  onDone,
}: {
  billing: BillingSubscription | null | undefined;
  onDone: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const cancel = useChange('cancel', onDone);
  const end = periodEnd(billing);
  const until = end ? `until ${end}` : 'until the end of the current billing period';

  if (!confirming) {
    return (
      <div className="grid gap-3 text-sm">
        <p>Cancelling stops the next renewal. You keep your plan and its questions {until}; nothing more is charged.</p>
        <Button variant="destructive" className="justify-self-start" onClick={() => setConfirming(true)}>
          Cancel Subscription
        </Button>
      </div>
    );
  }

  return (
    <section
      aria-labelledby="cancel-confirm-title"
      className="grid gap-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-950"
    >
      <h3 id="cancel-confirm-title" className="flex items-center gap-2 font-semibold">
        <AlertTriangle className="size-4" aria-hidden />
        Are you sure?
      </h3>
      <p>Your subscription will not renew. Access stays {until}; fees for the current period are not refunded.</p>
      <div className="flex flex-wrap gap-2">
        <Button variant="destructive" size="sm" onClick={() => cancel.mutate()} disabled={cancel.isPending}>
          {cancel.isPending && <Loader2 className="animate-spin" aria-hidden />}
          {cancel.isPending ? 'Cancelling...' : 'Yes, cancel subscription'}
        </Button>
        <Button variant="outline" size="sm" onClick={() => setConfirming(false)} disabled={cancel.isPending}>
          Keep Subscription
        </Button>
      </div>
    </section>
  );
}

/**
 * 'Resume Subscription' tab, shown instead of Cancel while the subscription is set to end; confirmed first
 * (docs/product.md, "Cancel, resume and terminate").
 */
export function ResumeTab({
  billing,
  onDone,
}: {
  billing: BillingSubscription | null | undefined;
  onDone: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const resume = useChange('resume', onDone);
  const end = periodEnd(billing);
  if (confirming) {
    return (
      <section aria-labelledby="resume-confirm-title" className="grid gap-3 rounded-lg border p-3 text-sm">
        <h3 id="resume-confirm-title" className="font-semibold">
          Resume your subscription?
        </h3>
        <p>It will renew automatically at the end of the current period and be charged as before.</p>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={() => resume.mutate()} disabled={resume.isPending}>
            {resume.isPending && <Loader2 className="animate-spin" aria-hidden />}
            {resume.isPending ? 'Resuming...' : 'Yes, resume'}
          </Button>
          <Button variant="outline" size="sm" onClick={() => setConfirming(false)} disabled={resume.isPending}>
            Not now
          </Button>
        </div>
      </section>
    );
  }
  return (
    <div className="grid gap-3 text-sm">
      <p>
        Your subscription is set to end {end ? `on ${end}` : 'at the end of the current billing period'}. Resume it to
        keep your plan renewing as before.
      </p>
      <Button className="justify-self-start" onClick={() => setConfirming(true)}>
        <RotateCcw aria-hidden />
        Resume Subscription
      </Button>
    </div>
  );
}
