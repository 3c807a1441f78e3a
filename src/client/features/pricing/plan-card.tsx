import { Check, Loader2, Sparkles } from 'lucide-react';
import type { Plan } from '../../../common/billing-schemas';
import { formatPrice } from '../../../common/plans';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { queryLimitLabel, repeatsCardOrEveryone } from '../../../common/plans';
import type { PlanButtonState } from './plan-rules';

export function PlanCard({
  plan,
  button,
  onChoose,
}: {
  plan: Plan;
  button: PlanButtonState;
  onChoose: (plan: Plan) => void;
}) {
  const limit = queryLimitLabel(plan.limits.queries);
  // The allowance has its own line and what everyone gets is said once above the cards: a feature
  // that only repeats either is not listed again.
  const features = plan.features.filter((feature) => !repeatsCardOrEveryone(feature, plan.limits.queries));
  const titleId = `plan-${plan.id}-title`;
  const current = button.label === 'Current Plan';

  return (
    <Card
      role="article"
      aria-labelledby={titleId}
      className={cn('relative flex flex-col', plan.isPopular && 'border-primary ring-2 ring-primary shadow-md')}
    >
      {plan.isPopular && (
        <span className="absolute -top-3 left-1/2 inline-flex -translate-x-1/2 items-center gap-1 rounded-full bg-primary px-3 py-1 text-xs font-semibold text-primary-foreground shadow-sm">
          <Sparkles className="size-3.5" aria-hidden />
          Popular
        </span>
      )}
      <CardHeader className="pt-8">
        <div className="flex items-start justify-between gap-2">
          <CardTitle id={titleId}>{plan.displayName}</CardTitle>
          {current && (
            <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800">Your plan</span>
          )}
        </div>
        {plan.description && <CardDescription>{plan.description}</CardDescription>}
        <p className="mt-3 flex items-baseline gap-1">
          <span className="text-4xl font-bold tracking-tight">{formatPrice(plan.price, plan.currency)}</span>
          <span className="text-sm text-muted-foreground">per {plan.interval}</span>
        </p>
        <p className="mt-2 w-fit rounded-md bg-secondary px-2.5 py-1 text-sm font-medium text-secondary-foreground">
          {limit}
        </p>
      </CardHeader>
      <CardContent className="flex-1">
        {features.length > 0 && (
          <ul className="grid gap-2 text-sm" aria-label={`${plan.displayName} features`}>
            {features.map((feature) => (
              <li key={feature} className="flex items-start gap-2">
                <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
                <span>{feature}</span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <CardFooter>
        <Button
          className="w-full"
          size="lg"
          variant={plan.isPopular && !button.disabled ? 'default' : current ? 'secondary' : 'outline'}
          disabled={button.disabled}
          onClick={() => onChoose(plan)}
          aria-describedby={titleId}
        >
          {button.label === 'Processing...' && <Loader2 className="animate-spin" aria-hidden />}
          {button.label}
        </Button>
      </CardFooter>
    </Card>
  );
}
