import { Check } from 'lucide-react';
import { Link } from 'react-router';
import type { BillingSubscription, Plan } from '../../../common/billing-schemas';
import { formatPrice, UNLIMITED_QUERIES } from '../../../common/plans';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { subscriptionTexts, usePlans } from './subscription-api';

export function planLimitText(queries: number): string {
  return queries === UNLIMITED_QUERIES ? 'Unlimited questions' : `${queries.toLocaleString('en-US')} questions per month`;
}

/** The user's plan: by tier name, or by the Stripe price the subscription bills. */
export function isCurrentPlan(plan: Plan, tier: string, billing: BillingSubscription | null | undefined): boolean {
  if (plan.name === tier || plan.id === tier) return true;
  return Boolean(billing && plan.stripePriceId && plan.stripePriceId === billing.plan.id);
}

/** 'Upgrade Subscription' tab: every active plan, the current one marked, the others a way to checkout. */
export function UpgradePlans({ tier, billing }: { tier: string; billing: BillingSubscription | null | undefined }) {
  const plans = usePlans(true);

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

  return (
    <ul aria-label="Plans" className="grid gap-2">
      {offered.map((plan) => {
        const current = isCurrentPlan(plan, tier, billing);
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
              <span className="inline-flex items-center gap-1 rounded-full bg-primary px-2.5 py-1 text-xs font-medium text-primary-foreground">
                <Check className="size-3.5" aria-hidden />
                Current Plan
              </span>
            ) : (
              <Button asChild size="sm">
                <Link to={`/checkout/${encodeURIComponent(plan.id)}`} aria-label={`Upgrade to ${plan.displayName}`}>
                  Upgrade
                </Link>
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
