import { useMutation } from '@tanstack/react-query';
import { FlaskConical, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { fillMessage } from '../../../common/messages';
import { TEST_RESETS_PER_HOUR } from '../../../common/test-tools';
import { testToolsMessages } from '../../../common/test-tools-messages';
import { useStripeConfig } from '../../api/stripe-config';
import { resetOwnAccount } from '../../api/test-tools';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { toast } from '../../components/ui/toast-store';
import { errorText } from '../../lib/api';
import { useCurrentUser } from '../../api/auth';

/**
 * /test-tools: resets the caller's own account (decision 0021: only while payments run in test mode
 * with a test key, a few times an hour, cancelling any subscription at Stripe; the server enforces
 * all of it) and explains how to test webhooks locally.
 */
export function TestToolsPage() {
  const { data: user } = useCurrentUser();
  const config = useStripeConfig();
  const [confirming, setConfirming] = useState(false);
  const reset = useMutation({
    mutationFn: resetOwnAccount,
    onSuccess: (result) => toast({ variant: 'success', title: 'Account reset', description: result.message }),
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Reset failed',
        description: errorText(error, testToolsMessages.resetFailed),
      }),
    onSettled: () => setConfirming(false),
  });
  const testMode = config.data?.mode === 'test';
  const available = testMode && config.data?.configured === true;
  const unavailableReason = !config.data
    ? null
    : !testMode
      ? testToolsMessages.liveMode
      : !available
        ? testToolsMessages.notConfigured
        : null;

  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-10">
      <div className="flex items-center gap-3">
        <FlaskConical className="size-7 text-primary" aria-hidden />
        <h1 className="text-2xl font-bold tracking-tight">Testing tools</h1>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Reset my account</CardTitle>
          <CardDescription>
            Puts your account back to the free plan with a fresh set of free questions and cancels its subscription at
            Stripe, so you can test subscribing again. Available only while payments run in test mode.{' '}
            {fillMessage(testToolsMessages.limit, { count: TEST_RESETS_PER_HOUR })}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          <p className="text-sm">
            Payment mode: <strong>{config.isLoading ? 'checking...' : (config.data?.mode ?? 'unknown')}</strong>
          </p>
          <Button
            variant="destructive"
            className="w-fit"
            disabled={!available || !user || reset.isPending}
            onClick={() => setConfirming(true)}
          >
            <RotateCcw aria-hidden />
            Reset account
          </Button>
          {unavailableReason && <p className="text-sm text-muted-foreground">{unavailableReason}</p>}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Testing webhooks</CardTitle>
          <CardDescription>
            Stripe tells the app about payments through webhooks. To receive them on your machine:
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ol className="list-decimal space-y-2 pl-5 text-sm">
            <li>
              Install the Stripe CLI and run <code className="rounded bg-muted px-1">stripe login</code>.
            </li>
            <li>
              Forward events:{' '}
              <code className="rounded bg-muted px-1">
                stripe listen --forward-to {window.location.origin}/stripe-webhook
              </code>
            </li>
            <li>
              Copy the signing secret it prints (whsec_...) into the test webhook secret of the admin console's Payment
              Settings.
            </li>
            <li>
              Pay with the test card <code className="rounded bg-muted px-1">4242 4242 4242 4242</code>, any future
              expiry and any CVC.
            </li>
            <li>
              Or trigger events by hand: <code className="rounded bg-muted px-1">stripe trigger invoice.paid</code>.
            </li>
          </ol>
        </CardContent>
      </Card>
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Reset your account?</DialogTitle>
            <DialogDescription>
              Your subscription is cancelled at Stripe, and your plan and paid questions are cleared. Your question
              history stays.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button variant="destructive" disabled={reset.isPending} onClick={() => reset.mutate()}>
              {reset.isPending ? 'Resetting...' : 'Reset account'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
