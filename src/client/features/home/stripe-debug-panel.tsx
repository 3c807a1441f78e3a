import { useMutation, useQueryClient } from '@tanstack/react-query';
import { format, fromUnixTime } from 'date-fns';
import { Loader2, RefreshCw, Search } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast-store';
import { errorText } from '../../lib/api';
import { currentUserKey } from '../../api/auth';
import { fetchCustomerDiagnostics, refreshSubscription } from '../../api/subscription-sync';
import { subscriptionTexts } from './home-texts';

// The Stripe check box's body; stripe-debug-box.tsx loads it only for an account that needs it.

export function DebugBox({ customerId, onRefreshed }: { customerId: string; onRefreshed: () => Promise<unknown> }) {
  const queryClient = useQueryClient();
  const check = useMutation({
    mutationFn: () => fetchCustomerDiagnostics(customerId),
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: subscriptionTexts.checkFailed,
        description: errorText(error, subscriptionTexts.processFailed),
      }),
  });
  const refresh = useMutation({
    mutationFn: refreshSubscription,
    onSuccess: async (answer) => {
      toast({ variant: answer.hasSubscription ? 'success' : 'default', title: answer.message });
      await Promise.all([queryClient.invalidateQueries({ queryKey: currentUserKey }), onRefreshed()]);
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: subscriptionTexts.refreshFailed,
        description: errorText(error, subscriptionTexts.processFailed),
      }),
  });

  const found = check.data?.subscriptions;
  return (
    <section
      aria-label="Stripe debug"
      className="grid gap-2 rounded-lg border border-dashed bg-muted/40 p-3 text-xs text-muted-foreground"
    >
      <p>
        <span className="font-medium text-foreground">Customer ID:</span>{' '}
        <code className="break-all">{customerId}</code>
      </p>
      <p>No subscription is linked to this account yet.</p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="outline" onClick={() => check.mutate()} disabled={check.isPending}>
          {check.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Search aria-hidden />}
          Check Stripe
        </Button>
        <Button size="sm" variant="outline" onClick={() => refresh.mutate()} disabled={refresh.isPending}>
          {refresh.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <RefreshCw aria-hidden />}
          Force Refresh
        </Button>
      </div>
      {found &&
        (found.length === 0 ? (
          <p role="status">{subscriptionTexts.noneFound}</p>
        ) : (
          <ul aria-label="Subscriptions found" className="grid gap-1">
            {found.map((sub) => (
              <li key={sub.id} className="rounded-md bg-card px-2 py-1.5">
                <code className="break-all text-foreground">{sub.id}</code>
                <span className="block">
                  {sub.status}
                  {sub.cancelAtPeriodEnd ? ', cancels at period end' : ''}, created{' '}
                  {format(fromUnixTime(sub.created), 'MMM d, yyyy')}
                </span>
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}
