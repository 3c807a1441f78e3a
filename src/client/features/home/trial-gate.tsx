import { AlertTriangle, Loader2, Sparkles, X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toastMessages } from '../../../common/messages';
import type { SubscriptionStatus } from '../../../common/subscription-schemas';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { trialGateTexts } from './home-texts';

export type TrialGateCase = 'checking' | 'error' | 'issue' | 'trial' | 'subscribe';

/** The trial gate (docs/product.md, "Free questions and plans"). Null: nothing to say, the visitor just carries on. */
export function trialGateCase(
  status: SubscriptionStatus | undefined,
  { isPending, isError }: { isPending: boolean; isError: boolean },
): TrialGateCase | null {
  if (isError) return 'error';
  if (isPending || !status) return 'checking';
  if (status.hasActiveSubscription) {
    const paid = status.paidQuestionsRemaining;
    return paid === -1 || paid > 0 ? null : 'issue';
  }
  if (status.freeQuestionsRemaining > 0) return 'trial';
  return 'subscribe';
}

function Dismiss({ onClick }: { onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label="Dismiss plan notice"
      className="ml-auto shrink-0 rounded-md p-1 opacity-70 hover:bg-black/5 hover:opacity-100 cursor-pointer"
    >
      <X className="size-4" aria-hidden />
    </button>
  );
}

function Strip({ tone, children }: { tone: 'muted' | 'warning' | 'danger' | 'brand'; children: ReactNode }) {
  return (
    <section
      aria-label="Plan status"
      className={cn(
        'flex shrink-0 flex-wrap items-center gap-x-3 gap-y-1.5 border-b px-3 py-2 text-sm sm:px-4',
        tone === 'muted' && 'bg-muted/50 text-muted-foreground',
        tone === 'warning' && 'border-amber-200 bg-amber-50 text-amber-950',
        tone === 'danger' && 'border-red-200 bg-red-50 text-red-950',
        tone === 'brand' && 'border-indigo-200 bg-secondary text-secondary-foreground',
      )}
    >
      {children}
    </section>
  );
}

/**
 * The trial-gate card under Home's header, for signed-in and anonymous visitors alike. It never
 * blocks the page: each notice can be dismissed until the next page load.
 */
export function TrialGate({
  status,
  isPending,
  isError,
  isFetching,
  onRetry,
}: {
  status: SubscriptionStatus | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  onRetry: () => void;
}) {
  const [dismissed, setDismissed] = useState<ReadonlySet<TrialGateCase>>(new Set());
  const which = trialGateCase(status, { isPending, isError });
  if (!which || dismissed.has(which)) return null;
  const dismiss = () => setDismissed((old) => new Set(old).add(which));

  switch (which) {
    case 'checking':
      return (
        <Strip tone="muted">
          <p role="status" className="flex items-center gap-2 text-xs">
            <Loader2 className="size-3.5 animate-spin" aria-hidden />
            {trialGateTexts.checking}
          </p>
        </Strip>
      );
    case 'error':
      return (
        <Strip tone="warning">
          <p role="alert" className="flex items-center gap-2">
            <AlertTriangle className="size-4 shrink-0" aria-hidden />
            {trialGateTexts.error}
          </p>
          <div className="ml-auto flex gap-2">
            <Button size="sm" variant="outline" onClick={onRetry} disabled={isFetching}>
              {isFetching && <Loader2 className="animate-spin" aria-hidden />}
              Try again
            </Button>
            <Button size="sm" variant="ghost" onClick={dismiss}>
              Continue Anyway
            </Button>
          </div>
        </Strip>
      );
    case 'issue': {
      const free = status?.freeQuestionsRemaining ?? 0;
      return (
        <Strip tone="danger">
          <AlertTriangle className="size-4 shrink-0" aria-hidden />
          <p>
            <strong className="font-semibold">{trialGateTexts.issueTitle}</strong>: {trialGateTexts.issue}
            {free > 0 && ` Your ${free} free questions still work meanwhile.`}
          </p>
          <Button asChild size="sm" variant="outline">
            <Link to="/support">Contact support</Link>
          </Button>
          <Dismiss onClick={dismiss} />
        </Strip>
      );
    }
    case 'trial':
      // Trial mode is the header's free-questions badge: one indicator, not two (issue 16, item 5).
      return null;
    case 'subscribe':
      return (
        <Strip tone="brand">
          <Sparkles className="size-4 shrink-0" aria-hidden />
          <p className="font-medium">{toastMessages.subscriptionRequired}</p>
          <Button asChild size="sm">
            <Link to="/pricing">View Plans</Link>
          </Button>
          <Dismiss onClick={dismiss} />
        </Strip>
      );
  }
}
