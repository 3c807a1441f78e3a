import { AlertTriangle, Check, CreditCard, Info } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Plan } from '../../../common/billing-schemas';
import { FREE_QUESTIONS_DEFAULT } from '../../../common/limits';
import { FullPageLoading } from '../../components/layout/guards';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { toast } from '../../components/ui/toast-store';
import { ApiError } from '../../lib/api';
import { useCurrentUser } from '../../api/auth';
import { cn } from '../../lib/cn';
import { PlanCard } from './plan-card';
import { includedForEveryone } from '../../../common/plans';
import { isPurchasable, isSubscribed, planButtonState } from './plan-rules';
import { usePlans } from '../../api/plans';
import { PricingFaq } from './pricing-faq';
import { pricingMessages } from './pricing-texts';

function PlansError({ error, onRetry, retrying }: { error: unknown; onRetry: () => void; retrying: boolean }) {
  return (
    <Card role="alert" className="mx-auto max-w-lg">
      <CardContent className="flex flex-col items-center gap-4 p-8 text-center">
        <AlertTriangle className="size-10 text-destructive" aria-hidden />
        <p className="font-medium">
          {error instanceof ApiError ? pricingMessages.loadFailed : pricingMessages.unexpected}
        </p>
        <Button onClick={onRetry} disabled={retrying}>
          {retrying ? 'Trying again...' : 'Try Again'}
        </Button>
      </CardContent>
    </Card>
  );
}

function PlanGrid({ plans, children }: { plans: Plan[]; children: ReactNode }) {
  return (
    <div
      className={cn(
        'grid items-stretch gap-6 pt-3 sm:grid-cols-2',
        plans.length >= 4 ? 'lg:grid-cols-4' : 'lg:grid-cols-3',
        plans.length === 1 && 'mx-auto max-w-sm sm:grid-cols-1 lg:grid-cols-1',
      )}
    >
      {children}
    </div>
  );
}

/** Said once above the cards, so no plan seems to sell what the free questions already give. */
function IncludedForEveryone() {
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-2 rounded-lg border bg-muted/40 px-4 py-3 text-sm">
      <p className="font-medium">Included with every account, free questions too:</p>
      <ul className="grid gap-1.5 sm:grid-cols-3 sm:gap-3" aria-label="Included with every account">
        {includedForEveryone.map((item) => (
          <li key={item} className="flex items-start gap-2 text-muted-foreground">
            <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
            <span>{item}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function PricingPage() {
  const { data: user, isLoading: userLoading } = useCurrentUser();
  const plans = usePlans();
  const navigate = useNavigate();
  const [processing, setProcessing] = useState<string | null>(null);

  const choose = (plan: Plan) => {
    if (!user) {
      toast({ title: pricingMessages.loginRequiredTitle, description: pricingMessages.loginRequired });
      // After signing in the visitor comes straight back to the plan they picked.
      void navigate('/auth', { state: { from: `/checkout/${encodeURIComponent(plan.id)}` } });
      return;
    }
    setProcessing(plan.id);
    void navigate(`/checkout/${encodeURIComponent(plan.id)}`);
  };

  const subscribed = isSubscribed(user);
  const list = plans.data ?? [];
  const noneForSale = list.length > 0 && !list.some(isPurchasable);

  return (
    <div className="mx-auto grid max-w-6xl gap-12 px-4 py-8 sm:py-12">
      <header className="mx-auto max-w-2xl text-center">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Choose your plan</h1>
        <p className="mt-3 text-muted-foreground">
          Every account starts with {FREE_QUESTIONS_DEFAULT} free questions and every feature. When you need more
          questions, pick a monthly plan.
        </p>
        {subscribed && (
          <p className="mt-4 text-sm">
            <CreditCard className="mr-1 inline size-4 align-text-bottom text-muted-foreground" aria-hidden />
            Already subscribed?{' '}
            <Link to="/billing" className="font-medium text-primary underline-offset-4 hover:underline">
              Manage your subscription
            </Link>
          </p>
        )}
      </header>

      {plans.isLoading || userLoading ? (
        <FullPageLoading label="Loading plans..." />
      ) : plans.isError ? (
        <PlansError error={plans.error} onRetry={() => void plans.refetch()} retrying={plans.isFetching} />
      ) : list.length === 0 ? (
        <Card className="mx-auto max-w-lg">
          <CardContent className="p-8 text-center text-muted-foreground">
            No plans are available right now. Please check back later.
          </CardContent>
        </Card>
      ) : (
        <section aria-label="Plans" className="grid gap-6">
          {noneForSale && (
            <p className="mx-auto flex max-w-2xl items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
              <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
              Online payments are not available yet. You can keep using your free questions in the meantime.
            </p>
          )}
          <IncludedForEveryone />
          <PlanGrid plans={list}>
            {list.map((plan) => (
              <PlanCard key={plan.id} plan={plan} button={planButtonState(plan, user, processing)} onChoose={choose} />
            ))}
          </PlanGrid>
          <p className="text-center text-xs text-muted-foreground">
            Prices in US dollars. Plans renew monthly until cancelled. Payments are processed securely by Stripe.
          </p>
        </section>
      )}

      <PricingFaq />
    </div>
  );
}
