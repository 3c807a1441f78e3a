import { format, fromUnixTime } from 'date-fns';
import { Check } from 'lucide-react';
import { Link } from 'react-router';
import type { BillingSubscription, Plan } from '../../../common/billing-schemas';
import { formatPrice, planChangeDirection, planChangeLabels, UNLIMITED_QUERIES } from '../../../common/plans';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { usePlans } from '../../api/plans';
import { subscriptionTexts } from './home-texts';

export function planLimitText(queries: number): string {
  return queries === UNLIMITED_QUERIES
    ? 'Unlimited questions'
    : `${queries.toLocaleString('en-US')} questions per month`;
}

/** The user's plan: by tier name, or by the Stripe price the subscription bills. */
export function isCurrentPlan(plan: Plan, tier: string, billing: BillingSubscription | null | undefined): boolean {
  if (plan.name === tier || plan.id === tier) return true;
  return Boolean(billing && plan.stripePriceId && plan.stripePriceId === billing.plan.id);
}

/**
 * 'Upgrade Subscription' tab: every active plan, the current one marked, the others a way to the
 * checkout page, where the change is shown and confirmed. Each button says what the change is by
 * price: Upgrade, Downgrade or Switch. A change already set for the period's end is shown as such.
 */
export function UpgradePlans({ tier, billing }: { tier: string; billing: BillingSubscription | null | undefined }) {
  const plans = usePlans();

  if (plans.isPending) {
    return (
      <div className="flex justify-center py-6">
        <Spinner label="Loading plans" />
      </div>
    );
  }
  if (plans.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {subscriptionTexts.plansFailed}
      </p>
    );
  }

  const offered = plans.data.filter((plan) => plan.isActive);
  if (offered.length === 0) return <p className="text-sm text-muted-foreground">No plans are available right now.</p>;
  const currentPrice = offered.find((plan) => isCurrentPlan(plan, tier, billing))?.price ?? billing?.plan.amount;
  const scheduled = billing?.scheduledChange ?? null;

  return (
    <ul aria-label="Plans" className="grid gap-2">
      {offered.map((plan) => {
        const current = isCurrentPlan(plan, tier, billing);
        const direction = currentPrice === undefined ? 'switch' : planChangeDirection(currentPrice, plan.price);
        const label = planChangeLabels[direction];
        const starts = scheduled?.planId === plan.id ? format(fromUnixTime(scheduled.startsAt), 'MMM d, yyyy') : null;
        return (
          <li
            key={plan.id}
            aria-label={plan.displayName}
            className={cn(
              'flex flex-wrap items-center justify-between gap-3 rounded-lg border p-3',
              current && 'border-primary bg-secondary/60',
            )}
          >
            <div className="min-w-0">
              <p className="font-medium">{plan.displayName}</p>
              <p className="text-sm text-muted-foreground">
                {formatPrice(plan.price, plan.currency)} / {plan.interval} · {planLimitText(plan.limits.queries)}
              </p>
            </div>
            {current ? (
              <div className="flex flex-wrap items-center gap-2">
                <span className="inline-flex items-center gap-1 rounded-full bg-primary px-2.5 py-1 text-xs font-medium text-primary-foreground">
                  <Check className="size-3.5" aria-hidden />
                  Current Plan
                </span>
                {scheduled && (
                  <Button asChild size="sm" variant="outline">
                    <Link to={`/checkout/${encodeURIComponent(plan.id)}`}>Keep this plan</Link>
                  </Button>
                )}
              </div>
            ) : starts ? (
              <span className="rounded-full border px-2.5 py-1 text-xs font-medium">From {starts}</span>
            ) : (
              <Button asChild size="sm" variant={direction === 'upgrade' ? 'default' : 'outline'}>
                <Link to={`/checkout/${encodeURIComponent(plan.id)}`} aria-label={`${label} to ${plan.displayName}`}>
                  {label}
                </Link>
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
