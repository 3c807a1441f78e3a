import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Clock, RefreshCw } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { errorText } from '../../lib/api';
import { currentUserKey } from '../../api/auth';
import { cn } from '../../lib/cn';
import { planLabel } from '../../lib/format';
import { getSessionId } from '../../lib/session-id';
import type { SubscriptionRefresh } from '../../../common/subscription-schemas';
import { useSubscriptionStatus } from '../../api/subscription-status';
import { refreshSubscription } from '../../api/subscription-sync';

/** The subscription-successful page counts down 10 s, then goes to the main site (docs/product.md, "After payment"). */
export const SUCCESS_COUNTDOWN_SECONDS = 10;

type Activation =
  | { state: 'idle' }
  | { state: 'running' }
  | { state: 'done'; answer: SubscriptionRefresh }
  | { state: 'failed'; message: string };

function useCountdown(seconds: number, running: boolean, onDone: () => void) {
  const [left, setLeft] = useState(seconds);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  }, [onDone]);
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setLeft((n) => Math.max(0, n - 1)), 1000);
    return () => clearInterval(timer);
  }, [running]);
  useEffect(() => {
    if (running && left === 0) done.current();
  }, [running, left]);
  return left;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4 py-2">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium">{children}</dd>
    </div>
  );
}

/** /subscribe/success: where a Payment Link brings the payer back. */
export function SubscribeSuccessPage({ countdownSeconds = SUCCESS_COUNTDOWN_SECONDS }: { countdownSeconds?: number }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [sessionId] = useState(getSessionId);
  const status = useSubscriptionStatus(sessionId);
  const [stayed, setStayed] = useState(false);
  const [activation, setActivation] = useState<Activation>({ state: 'idle' });
  const tried = useRef(false);

  const settled = !status.isLoading;
  const active = status.data?.hasActiveSubscription === true;
  const counting = settled && !stayed;
  const left = useCountdown(countdownSeconds, counting, () => void navigate('/'));

  useEffect(() => {
    // While Pending, once the countdown has started: one manual activation attempt.
    if (!settled || active || tried.current) return;
    tried.current = true;
    setActivation({ state: 'running' });
    refreshSubscription().then(
      (answer) => {
        setActivation({ state: 'done', answer });
        if (answer.hasSubscription || answer.refreshed) {
          void status.refetch();
          void queryClient.invalidateQueries({ queryKey: currentUserKey });
        }
      },
      (error: unknown) =>
        setActivation({ state: 'failed', message: errorText(error, 'Could not activate the subscription yet.') }),
    );
  }, [settled, active, status, queryClient]);

  const data = status.data;
  const queriesLeft = !data
    ? '—'
    : data.paidQuestionsRemaining === -1
      ? 'Unlimited'
      : String(active ? data.paidQuestionsRemaining : data.freeQuestionsRemaining);

  return (
    <div className="mx-auto max-w-lg px-4 py-12 sm:py-16">
      <Card>
        <CardContent className="flex flex-col items-center gap-5 p-8 text-center">
          {active ? (
            <CheckCircle2 className="size-12 text-success" aria-hidden />
          ) : (
            <Clock className="size-12 text-warning" aria-hidden />
          )}
          <div>
            <h1 className="text-2xl font-bold tracking-tight">Subscription Successful</h1>
            <p className="mt-1 text-muted-foreground">Thank you for subscribing to Parallax.</p>
          </div>

          {status.isLoading ? (
            <Spinner label="Loading your subscription" className="size-6" />
          ) : (
            <dl className="w-full divide-y rounded-lg border px-4 text-left">
              <Row label="Status">
                <span
                  className={cn(
                    'rounded-full px-2 py-0.5 text-xs font-semibold',
                    active ? 'bg-green-100 text-green-800' : 'bg-amber-100 text-amber-900',
                  )}
                >
                  {active ? 'Active' : 'Pending'}
                </span>
              </Row>
              <Row label="Plan">{data ? planLabel(data.subscriptionTier) : '—'}</Row>
              <Row label="Queries remaining">{queriesLeft}</Row>
            </dl>
          )}

          {activation.state !== 'idle' && (
            <div aria-live="polite" className="w-full text-sm text-muted-foreground">
              {activation.state === 'running' && (
                <p className="flex items-center justify-center gap-2">
                  <Spinner label="Activating" /> Activating your subscription...
                </p>
              )}
              {activation.state === 'done' &&
                (activation.answer.hasSubscription ? (
                  <p className="text-success">{activation.answer.message ?? 'Your subscription is active.'}</p>
                ) : (
                  <p>
                    Your payment is still being confirmed; it can take a minute.
                    {activation.answer.message && (
                      <span className="block text-xs">Latest check: {activation.answer.message}</span>
                    )}
                  </p>
                ))}
              {activation.state === 'failed' && <p className="text-destructive">{activation.message}</p>}
            </div>
          )}

          {counting ? (
            <p className="text-sm text-muted-foreground">
              Redirecting to Parallax in <span className="font-semibold tabular-nums text-foreground">{left}</span>{' '}
              {left === 1 ? 'second' : 'seconds'}.{' '}
              <button
                type="button"
                onClick={() => setStayed(true)}
                className="font-medium text-primary underline-offset-4 hover:underline cursor-pointer"
              >
                Stay on this page
              </button>
            </p>
          ) : null}

          <div className="flex w-full flex-col gap-2 sm:flex-row sm:justify-center">
            <Button asChild>
              <Link to="/">Go to Main Site</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/?refresh_subscription=true">
                <RefreshCw aria-hidden />
                Refresh Subscription
              </Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
