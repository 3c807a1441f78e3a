import { Check } from 'lucide-react';
import type { Plan } from '../../../common/billing-schemas';
import { formatPrice, queryLimitLabel, repeatsCardOrEveryone } from '../../../common/plans';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';

export function OrderSummary({ plan }: { plan: Plan }) {
  const price = formatPrice(plan.price, plan.currency);
  const allowance = queryLimitLabel(plan.limits.queries, plan.interval);
  // As on the plan's card: the allowance has its own line, and what every account gets is not sold here.
  const features = plan.features.filter((feature) => !repeatsCardOrEveryone(feature, plan.limits.queries));
  return (
    <Card role="region" aria-labelledby="order-summary-title">
      <CardHeader className="pb-4">
        <CardTitle id="order-summary-title" className="text-lg">
          Order summary
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex items-start justify-between gap-4">
          <div className="min-w-0">
            <p className="font-semibold">{plan.displayName} plan</p>
            {plan.description && <p className="text-sm text-muted-foreground">{plan.description}</p>}
            <p className="mt-1 text-sm text-muted-foreground">{allowance}</p>
          </div>
          <p className="shrink-0 text-right">
            <span className="font-semibold">{price}</span>
            <span className="block text-xs text-muted-foreground">per {plan.interval}</span>
          </p>
        </div>
        {features.length > 0 && (
          <ul className="grid gap-1.5 text-sm" aria-label="Included">
            {features.map((feature) => (
              <li key={feature} className="flex items-start gap-2">
                <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
                {feature}
              </li>
            ))}
          </ul>
        )}
        <div className="grid gap-1 border-t pt-4">
          <dl className="flex items-center justify-between text-base font-semibold">
            <dt>Total today</dt>
            <dd>{price}</dd>
          </dl>
          <p className="text-xs text-muted-foreground">
            Then {price} per {plan.interval} until you cancel. Cancel any time; you keep access until the end of the
            period you paid for.
          </p>
        </div>
      </CardContent>
    </Card>
  );
}
