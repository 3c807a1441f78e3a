import { useQueryClient } from '@tanstack/react-query';
import { format } from 'date-fns';
import { AlertTriangle, ArrowDown, ArrowRight } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type {
  Plan,
  PlanChangePreview,
  PlanChangeRefusal,
  PlanChangeResult,
  PlanChangeWhen,
} from '../../../common/billing-schemas';
import { formatPrice, planChangeLabels, UNLIMITED_QUERIES } from '../../../common/plans';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast-store';
import { ApiError, errorText } from '../../lib/api';
import { cn } from '../../lib/cn';
import { DoneGoingHome } from './after-payment';
import { PaymentLoadFailed, PaymentLoading, PaymentNotice, PaymentsNotAvailable } from './payment-states';
import { refusalOf, useConfirmPlanChange, usePlanChangePreview } from '../../api/plan-change';
import { refreshAccountData } from './refresh-account';
import { planChangeTexts } from './checkout-texts';

// The checkout page for a subscriber (decision 0020): what the change does (both plans, what is
// charged today, when it applies), a choice of when for a cheaper plan, and "Confirm change", the
// only thing that changes the plan. Opening the page changes nothing.

const day = (iso: string) => format(new Date(iso), 'MMM d, yyyy');

function allowance(questions: number, interval: string): string {
  return questions === UNLIMITED_QUERIES
    ? 'Unlimited questions'
    : `${questions.toLocaleString('en-US')} questions per ${interval}`;
}

/** Where the user can fix what stops the change. */
function wayOut(reason: PlanChangeRefusal | null, currentTier: string, planId: string): ReactNode {
  if (reason === 'resume_first' || reason === 'payment_issue' || reason === 'card_declined') {
    return (
      <Button asChild variant="outline">
        <Link to="/billing">{planChangeTexts.goToBilling}</Link>
      </Button>
    );
  }
  if (reason === 'change_scheduled' && currentTier !== planId) {
    return (
      <Button asChild variant="outline">
        <Link to={`/checkout/${encodeURIComponent(currentTier)}`}>{planChangeTexts.keepCurrent}</Link>
      </Button>
    );
  }
  return (
    <Button asChild variant="outline">
      <Link to="/pricing">{planChangeTexts.choosePlan}</Link>
    </Button>
  );
}

function PlanSide({ label, side, badge }: { label: string; side: PlanChangePreview['current']; badge?: string }) {
  return (
    <div className={cn('grid min-w-0 gap-1 rounded-lg border p-4', badge && 'border-primary bg-secondary/60')}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</p>
        {badge && <Badge>{badge}</Badge>}
      </div>
      <p className="text-lg font-semibold">{side.displayName}</p>
      <p className="text-sm">
        <span className="font-medium">{formatPrice(side.price, side.currency)}</span> per {side.interval}
      </p>
      <p className="text-sm text-muted-foreground">{allowance(side.questions, side.interval)}</p>
    </div>
  );
}

function Row({ term, children, strong = false }: { term: string; children: ReactNode; strong?: boolean }) {
  // A value that does not fit beside its term moves under it, still on the right.
  return (
    <div className={cn('flex flex-wrap justify-between gap-x-4 gap-y-0.5', strong && 'text-base font-semibold')}>
      <dt className={strong ? undefined : 'text-muted-foreground'}>{term}</dt>
      <dd className="ml-auto whitespace-nowrap text-right">{children}</dd>
    </div>
  );
}

/** One sentence a user can check against their card statement. */
function explanation(p: PlanChangePreview): string {
  const next = formatPrice(p.nextPayment.amount, p.nextPayment.currency);
  const nextDay = day(p.nextPayment.date);
  if (p.keepsCurrentPlan) {
    return `You keep ${p.current.displayName}; the change to ${p.scheduledChange?.displayName ?? 'another plan'} is cancelled. Nothing is charged today; your next payment is ${next} on ${nextDay}.`;
  }
  if (p.when === 'period_end') {
    return `Nothing today; from ${day(p.effectiveAt)} you pay ${next}. You keep ${p.current.displayName} and its questions until then.`;
  }
  const today = p.amountDueToday > 0 ? `You pay ${formatPrice(p.amountDueToday, p.currency)} today` : 'Nothing today';
  const credit =
    p.creditToday > 0
      ? `; ${formatPrice(p.creditToday, p.currency)} for the unused part of ${p.current.displayName} becomes credit towards your next payments`
      : ' for the rest of this period';
  const price = formatPrice(p.target.price, p.target.currency);
  let renewal = `Your next payment is ${next} on ${nextDay}`;
  if (p.creditToday > 0 && p.nextPayment.amount === 0) renewal = `Your credit pays the ${price} due on ${nextDay}`;
  else if (p.creditToday > 0 && p.nextPayment.amount < p.target.price)
    renewal = `On ${nextDay} you pay ${next} of ${price}, the rest from your credit`;
  // The questions asked this period carry over (decision 0020): a switch is no refill.
  const applies =
    p.target.questions === UNLIMITED_QUERIES
      ? `${p.target.displayName} applies at once, with unlimited questions`
      : `${p.target.displayName} applies at once, and the questions you have asked this period count towards its allowance`;
  return `${today}${credit}. ${applies}. ${renewal}.`;
}

function WhenChoice({
  preview,
  value,
  onChange,
  disabled,
}: {
  preview: PlanChangePreview;
  value: PlanChangeWhen;
  onChange: (when: PlanChangeWhen) => void;
  disabled: boolean;
}) {
  const name = useId();
  const options: { value: PlanChangeWhen; label: string; hint: string }[] = [
    {
      value: 'period_end',
      label: `At the end of the period (${day(preview.periodEnd)})`,
      hint: `Nothing today. You keep ${preview.current.displayName} and its questions until then.`,
    },
    {
      value: 'now',
      label: 'Now',
      hint: `${preview.target.displayName} applies at once, counting the questions asked this period; the unused part of ${preview.current.displayName} becomes credit.`,
    },
  ];
  return (
    <fieldset className="grid gap-2" disabled={disabled}>
      <legend className="mb-2 text-sm font-medium">{planChangeTexts.whenLegend}</legend>
      {options.map((option) => (
        <label
          key={option.value}
          className={cn(
            'flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
            value === option.value && 'border-primary bg-secondary/60',
          )}
        >
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
            className="mt-0.5 size-4 accent-primary"
          />
          <span className="grid gap-0.5">
            <span className="font-medium">{option.label}</span>
            <span className="text-muted-foreground">{option.hint}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

function PlanChangeDone({ result, shown }: { result: PlanChangeResult; shown: PlanChangePreview }) {
  if (shown.keepsCurrentPlan) {
    return <DoneGoingHome title="Plan kept">{result.message}</DoneGoingHome>;
  }
  if (result.when === 'period_end') {
    return (
      <DoneGoingHome title="Plan change scheduled">
        Your plan changes to {shown.target.displayName} on {day(result.effectiveAt)}; until then you keep{' '}
        {shown.current.displayName}.
      </DoneGoingHome>
    );
  }
  return (
    <DoneGoingHome title="Plan changed!">
      You are now on the {shown.target.displayName} plan.{' '}
      {result.amountCharged > 0
        ? `We charged ${formatPrice(result.amountCharged, result.currency)} today.`
        : 'Nothing was charged today.'}
    </DoneGoingHome>
  );
}

/** The subscriber's change to `plan`: the preview, then "Confirm change". */
export function PlanChangePanel({ plan, currentTier }: { plan: Plan; currentTier: string }) {
  const queryClient = useQueryClient();
  const [when, setWhen] = useState<PlanChangeWhen | undefined>(undefined);
  const preview = usePlanChangePreview(plan.id, when);
  const confirm = useConfirmPlanChange();
  const [done, setDone] = useState<{ result: PlanChangeResult; shown: PlanChangePreview } | null>(null);
  const [problem, setProblem] = useState<{ reason: PlanChangeRefusal | null; message: string } | null>(null);

  if (done) return <PlanChangeDone {...done} />;
  if (preview.isPending) return <PaymentLoading label={planChangeTexts.loading} />;
  if (preview.isError && !preview.data) {
    const error = preview.error;
    const reason = refusalOf(error);
    if (error instanceof ApiError && error.status === 503) {
      return <PaymentsNotAvailable backTo="/pricing" backLabel="Back to pricing" />;
    }
    if (reason || (error instanceof ApiError && (error.status === 400 || error.status === 404))) {
      return (
        <PaymentNotice
          title={errorText(error, planChangeTexts.loadFailed)}
          action={wayOut(reason, currentTier, plan.id)}
        />
      );
    }
    return <PaymentLoadFailed message={planChangeTexts.loadFailed} onRetry={() => void preview.refetch()} />;
  }

  const shown = preview.data;
  const updating = preview.isFetching || preview.isPlaceholderData;
  const canChoose = shown.direction === 'downgrade' && !shown.keepsCurrentPlan && shown.scheduledChange === null;
  const label = shown.keepsCurrentPlan ? planChangeTexts.keepCurrent : planChangeLabels[shown.direction];

  const submit = () => {
    setProblem(null);
    confirm.mutate(
      { planId: plan.id, when: shown.when, prorationDate: shown.prorationDate },
      {
        onSuccess: (result) => {
          setDone({ result, shown });
          void refreshAccountData(queryClient);
        },
        onError: (error) => {
          const reason = refusalOf(error);
          const message = errorText(error, planChangeTexts.failedFallback);
          setProblem({ reason, message });
          toast({ variant: 'destructive', title: planChangeTexts.failed, description: message });
          // New amounts for the moment of the next click.
          if (reason === 'quote_expired') void preview.refetch();
        },
      },
    );
  };

  return (
    <div className="grid gap-5" aria-busy={updating}>
      <div className="grid items-stretch gap-2 sm:grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] sm:gap-3">
        <PlanSide label="Current plan" side={shown.current} />
        <div className="flex items-center justify-center text-muted-foreground" aria-hidden>
          <ArrowDown className="size-5 sm:hidden" />
          <ArrowRight className="hidden size-5 sm:block" />
        </div>
        <PlanSide label={shown.keepsCurrentPlan ? 'Keep' : 'New plan'} side={shown.target} badge={label} />
      </div>

      {canChoose && (
        <WhenChoice preview={shown} value={when ?? shown.when} onChange={setWhen} disabled={confirm.isPending} />
      )}

      <dl className="grid gap-2 rounded-lg border p-4 text-sm" aria-label="What happens">
        <Row term="Charged today" strong>
          {shown.amountDueToday > 0 ? formatPrice(shown.amountDueToday, shown.currency) : planChangeTexts.nothingToday}
        </Row>
        {shown.creditToday > 0 && (
          <Row term="Credit for unused time">{formatPrice(shown.creditToday, shown.currency)}</Row>
        )}
        <Row term="Takes effect">
          {shown.when === 'now' ? `Now (${day(shown.effectiveAt)})` : `${day(shown.effectiveAt)} (end of period)`}
        </Row>
        <Row term="Next payment">
          {formatPrice(shown.nextPayment.amount, shown.nextPayment.currency)} on {day(shown.nextPayment.date)}
        </Row>
      </dl>
      <p className="text-sm text-muted-foreground">{explanation(shown)}</p>

      {problem && (
        <div
          role="alert"
          className="flex flex-col gap-3 rounded-lg border border-destructive/50 p-4 text-sm sm:flex-row sm:items-center"
        >
          <AlertTriangle className="size-5 shrink-0 text-destructive" aria-hidden />
          <p className="flex-1">{problem.message}</p>
          {problem.reason && problem.reason !== 'quote_expired' && wayOut(problem.reason, currentTier, plan.id)}
        </div>
      )}

      <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
        <Button onClick={submit} disabled={confirm.isPending || updating} className="w-full sm:w-auto">
          {confirm.isPending ? planChangeTexts.confirming : planChangeTexts.confirm}
        </Button>
      </div>
    </div>
  );
}
