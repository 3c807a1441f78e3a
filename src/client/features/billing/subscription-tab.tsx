import { ArrowUpCircle, Check, Loader2, PlayCircle, Undo2, XCircle, Zap } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { BillingSubscription, Plan } from '../../../common/billing-schemas';
import { formatPrice, planSeeds, UNLIMITED_QUERIES } from '../../../common/plans';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../components/ui/card';
import { useCurrentUser } from '../../api/auth';
import { usePlans } from '../../api/plans';
import { subscriptionRequests, type SubscriptionAction } from '../../api/billing';
import { InfoRow, StatusBadges } from './billing-bits';
import { formatPeriodDate, formatPlanPrice, isCancelling } from './billing-format';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { scheduledTexts } from './billing-texts';

const CARD_PLANS = ['basic', 'standard', 'unlimited'] as const;

type Run = (action: SubscriptionAction, request: () => Promise<unknown>) => Promise<void>;

export function ActivePlan({
  subscription,
  pending,
  run,
  canTerminate,
  onTerminate,
}: {
  subscription: BillingSubscription;
  pending: SubscriptionAction | null;
  run: Run;
  canTerminate: boolean;
  onTerminate: () => void;
}) {
  const [confirming, setConfirming] = useState<'cancel' | 'resume' | 'keep' | null>(null);
  const { data: me } = useCurrentUser();
  const cancelling = isCancelling(subscription);
  const ends = formatPeriodDate(subscription.currentPeriodEnd);
  // A subscription set to end never reaches a change set for the period's end.
  const next = cancelling ? null : (subscription.scheduledChange ?? null);
  const current = subscription.plan.nickname;

  return (
    <Card role="region" aria-labelledby="active-plan-title">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <CardTitle id="active-plan-title">{subscription.plan.nickname}</CardTitle>
          <StatusBadges subscription={subscription} />
        </div>
        <CardDescription>Your current subscription</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="divide-y rounded-lg border px-4">
          <InfoRow label="Price">{formatPlanPrice(subscription.plan)}</InfoRow>
          <InfoRow label="Current period ends">{ends}</InfoRow>
          {next && (
            <InfoRow label="Next plan">
              {scheduledTexts.changes(next.nickname, formatPeriodDate(next.startsAt))}
            </InfoRow>
          )}
        </dl>
        {next && (
          <div className="flex flex-col gap-3 rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-950 sm:flex-row sm:items-center sm:justify-between">
            <p>
              {scheduledTexts.detail(
                next.nickname,
                formatPlanPrice({ ...subscription.plan, amount: next.amount, currency: next.currency }),
                formatPeriodDate(next.startsAt),
                current,
              )}
            </p>
            {me?.subscriptionTier && (
              <Button
                variant="outline"
                className="shrink-0 bg-background"
                onClick={() => setConfirming('keep')}
                disabled={pending !== null}
              >
                {pending === 'keep' ? <Loader2 className="animate-spin" aria-hidden /> : <Undo2 aria-hidden />}
                {scheduledTexts.keep(current)}
              </Button>
            )}
          </div>
        )}
        {cancelling && (
          <p className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
            Your subscription will end on {ends}. You keep your plan until then, and you can resume it any time before
            it ends.
          </p>
        )}
      </CardContent>
      <CardFooter className="flex-wrap">
        {!cancelling && (
          <Button variant="outline" onClick={() => setConfirming('cancel')} disabled={pending !== null}>
            {pending === 'cancel' ? <Loader2 className="animate-spin" aria-hidden /> : <XCircle aria-hidden />}
            Cancel
          </Button>
        )}
        <Button asChild variant={cancelling ? 'outline' : 'default'}>
          <Link to="/pricing">
            <ArrowUpCircle aria-hidden />
            Upgrade Plan
          </Link>
        </Button>
        {cancelling && (
          <Button onClick={() => setConfirming('resume')} disabled={pending !== null}>
            {pending === 'resume' ? <Loader2 className="animate-spin" aria-hidden /> : <PlayCircle aria-hidden />}
            Resume Subscription
          </Button>
        )}
        {canTerminate && (
          <Button variant="ghost" className="text-destructive hover:bg-red-50" onClick={onTerminate}>
            Terminate Subscription Immediately
          </Button>
        )}
      </CardFooter>
      <ConfirmDialog
        open={confirming === 'cancel'}
        onOpenChange={(open) => !open && setConfirming(null)}
        description={`Your subscription will be cancelled at the end of the current period (${ends}). You keep your plan until then and will not be charged again.`}
        dismissLabel="Keep Subscription"
        confirmLabel="Yes, Cancel Subscription"
        destructive
        onConfirm={() => void run('cancel', subscriptionRequests.cancelAtPeriodEnd)}
      />
      <ConfirmDialog
        open={confirming === 'resume'}
        onOpenChange={(open) => !open && setConfirming(null)}
        description="Your subscription will continue and renew automatically at the end of the current period."
        dismissLabel="Not Now"
        confirmLabel="Yes, Resume"
        onConfirm={() => void run('resume', () => subscriptionRequests.resume(subscription.id))}
      />
      {next && me?.subscriptionTier && (
        <ConfirmDialog
          open={confirming === 'keep'}
          onOpenChange={(open) => !open && setConfirming(null)}
          description={scheduledTexts.confirm(
            current,
            formatPlanPrice(subscription.plan),
            next.nickname,
            formatPeriodDate(next.startsAt),
          )}
          dismissLabel="Not Now"
          confirmLabel={`Yes, ${scheduledTexts.keep(current)}`}
          onConfirm={() => void run('keep', () => subscriptionRequests.keepPlan(me.subscriptionTier))}
        />
      )}
    </Card>
  );
}

function planCardsFrom(plans: Plan[] | undefined) {
  const fromApi = (plans ?? []).filter((plan) => (CARD_PLANS as readonly string[]).includes(plan.name));
  if (fromApi.length > 0) {
    return CARD_PLANS.flatMap((name) => fromApi.filter((plan) => plan.name === name)).map((plan) => ({
      id: plan.id,
      displayName: plan.displayName,
      description: plan.description,
      price: formatPrice(plan.price, plan.currency),
      queries: plan.limits.queries,
      isPopular: plan.isPopular,
    }));
  }
  // Until (or unless) the plans arrive, the documented plans (docs/product.md, "Free questions and plans") stand in.
  return planSeeds
    .filter((seed) => (CARD_PLANS as readonly string[]).includes(seed.id))
    .map((seed) => ({
      id: seed.id,
      displayName: seed.displayName,
      description: seed.description,
      price: formatPrice(seed.price),
      queries: seed.queryLimit,
      isPopular: seed.isPopular,
    }));
}

export function NoSubscription() {
  const plans = usePlans();
  const cards = planCardsFrom(plans.data);
  return (
    <div className="grid gap-4">
      <div>
        <h2 className="text-xl font-semibold">You have no active subscription</h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Choose a plan to keep asking questions after your free ones are used up.
        </p>
      </div>
      <div className="grid gap-4 md:grid-cols-3">
        {cards.map((plan) => (
          <Card key={plan.id} role="article" aria-labelledby={`billing-plan-${plan.id}`} className="flex flex-col">
            <CardHeader className="pb-3">
              <div className="flex items-center justify-between gap-2">
                <CardTitle id={`billing-plan-${plan.id}`} className="text-lg">
                  {plan.displayName}
                </CardTitle>
                {plan.isPopular && (
                  <span className="inline-flex items-center gap-1 rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground">
                    <Zap className="size-3" aria-hidden />
                    Popular
                  </span>
                )}
              </div>
              {plan.description && <CardDescription>{plan.description}</CardDescription>}
            </CardHeader>
            <CardContent className="flex-1">
              <p>
                <span className="text-2xl font-bold">{plan.price}</span>{' '}
                <span className="text-sm text-muted-foreground">per month</span>
              </p>
              <p className="mt-2 flex items-center gap-1.5 text-sm">
                <Check className="size-4 text-success" aria-hidden />
                {plan.queries === UNLIMITED_QUERIES
                  ? 'Unlimited questions'
                  : `${plan.queries.toLocaleString('en-US')} questions per month`}
              </p>
            </CardContent>
            <CardFooter>
              <Button asChild className="w-full" variant={plan.isPopular ? 'default' : 'outline'}>
                <Link to={`/checkout/${plan.id}`} aria-describedby={`billing-plan-${plan.id}`}>
                  Subscribe
                </Link>
              </Button>
            </CardFooter>
          </Card>
        ))}
      </div>
      <p className="text-sm text-muted-foreground">
        Want to compare everything first?{' '}
        <Link to="/pricing" className="font-medium text-primary underline-offset-4 hover:underline">
          See all plans and the FAQ
        </Link>
      </p>
    </div>
  );
}
