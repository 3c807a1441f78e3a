import { AlertTriangle, ArrowLeft, ArrowRight, Check, ExternalLink, Sparkles } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Plan } from '../../../common/billing-schemas';
import { holdsSubscription, isActiveStatus } from '../../../common/subscription-state';
import { PREFILL_EMAIL_KEY } from '../../lib/browser-storage';
import { formatPrice, planChangeDirection, planChangeLabels, UNLIMITED_QUERIES } from '../../../common/plans';
import type { PublicUser } from '../../../common/user-schemas';
import { FullPageLoading } from '../../components/layout/guards';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { FormField, fieldA11y } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { toast } from '../../components/ui/toast-store';
import { useCurrentUser } from '../../api/auth';
import { cn } from '../../lib/cn';
import { getSessionId } from '../../lib/session-id';
import { directCheckoutUrl } from './direct-checkout';
import { usePlans } from '../../api/plans';
import { usePaymentMode } from '../../api/stripe-config';
import { subscribeMessages } from './subscribe-texts';

/** The plans this picker offers, in this order; the test plan joins them in test mode. */
const PICKER_PLANS = ['basic', 'standard', 'unlimited'] as const;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type Redirect = (url: string) => void;
const assignLocation: Redirect = (url) => window.location.assign(url);

function readStoredEmail(fallback: string | null): string {
  try {
    return localStorage.getItem(PREFILL_EMAIL_KEY) ?? fallback ?? '';
  } catch {
    return fallback ?? '';
  }
}

function storeEmail(email: string) {
  try {
    if (email.trim()) localStorage.setItem(PREFILL_EMAIL_KEY, email.trim());
    else localStorage.removeItem(PREFILL_EMAIL_KEY);
  } catch {
    // Storage may be unavailable (private mode); the field still works for this visit.
  }
}

function offeredPlans(plans: Plan[], mode: 'test' | 'live'): Plan[] {
  const rank = (plan: Plan) => {
    const index = (PICKER_PLANS as readonly string[]).indexOf(plan.name);
    return index === -1 ? PICKER_PLANS.length : index;
  };
  return plans
    .filter((plan) => (PICKER_PLANS as readonly string[]).includes(plan.name) || (plan.testOnly && mode === 'test'))
    .sort((a, b) => rank(a) - rank(b));
}

function isCurrent(plan: Plan, user: PublicUser): boolean {
  return (
    (isActiveStatus(user.subscriptionStatus) || holdsSubscription(user)) &&
    (user.subscriptionTier === plan.name || user.subscriptionTier === plan.id)
  );
}

/** A subscriber's way to another plan: the confirmed change on the checkout page, labelled by price. */
interface PlanChangeLink {
  label: string;
  to: string;
}

function PickerCard({
  plan,
  highlighted,
  current,
  change,
  onCheckout,
}: {
  plan: Plan;
  highlighted: boolean;
  current: boolean;
  /** Set for a user who holds a subscription: a Payment Link would start a second one that bills too. */
  change: PlanChangeLink | null;
  onCheckout: (plan: Plan) => void;
}) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (highlighted) ref.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [highlighted]);
  const titleId = `subscribe-${plan.id}`;
  const limit =
    plan.limits.queries === UNLIMITED_QUERIES
      ? 'Unlimited questions'
      : `${plan.limits.queries.toLocaleString('en-US')} questions per ${plan.interval}`;
  return (
    <section
      ref={ref}
      aria-labelledby={titleId}
      aria-current={highlighted ? 'true' : undefined}
      className={cn(
        'flex flex-col gap-4 rounded-xl border bg-card p-5 shadow-sm sm:flex-row sm:items-center',
        highlighted && 'border-primary ring-2 ring-primary',
      )}
    >
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id={titleId} className="text-lg font-semibold">
            {plan.displayName}
          </h2>
          {plan.isPopular && (
            <span className="inline-flex items-center gap-1 rounded-full bg-secondary px-2 py-0.5 text-xs font-medium text-secondary-foreground">
              <Sparkles className="size-3" aria-hidden />
              Popular
            </span>
          )}
          {plan.testOnly && (
            <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">Test mode</span>
          )}
          {highlighted && !current && (
            <span className="rounded-full bg-primary px-2 py-0.5 text-xs font-medium text-primary-foreground">
              Selected
            </span>
          )}
        </div>
        <p className="mt-1 text-sm text-muted-foreground">
          <span className="font-semibold text-foreground">{formatPrice(plan.price, plan.currency)}</span> per{' '}
          {plan.interval} · {limit}
        </p>
        {plan.description && <p className="mt-1 text-sm text-muted-foreground">{plan.description}</p>}
      </div>
      {change && !current ? (
        <Button asChild className="w-full sm:w-auto" variant={highlighted || plan.isPopular ? 'default' : 'outline'}>
          <Link to={change.to}>
            {change.label} <span className="sr-only">to {plan.displayName}</span>
            <ArrowRight aria-hidden />
          </Link>
        </Button>
      ) : (
        <Button
          className="w-full sm:w-auto"
          variant={highlighted || plan.isPopular ? 'default' : 'outline'}
          disabled={current}
          onClick={() => onCheckout(plan)}
        >
          {current ? (
            <>
              <Check aria-hidden />
              Current Plan
            </>
          ) : (
            <>
              Direct Checkout <span className="sr-only">for {plan.displayName}</span>
              <ExternalLink aria-hidden />
            </>
          )}
        </Button>
      )}
    </section>
  );
}

/** /subscribe: the simple plan picker that sends the user to the plan's Stripe Payment Link. */
export function SubscribePage({ redirect = assignLocation }: { redirect?: Redirect }) {
  const { data: user, isLoading: userLoading } = useCurrentUser();
  const [params] = useSearchParams();
  const plans = usePlans();
  const { config, isLoading: configLoading } = usePaymentMode();
  const emailId = useId();
  const [email, setEmail] = useState<string | null>(null);
  const [emailError, setEmailError] = useState<string | undefined>();

  const preselected = params.get('planId');
  const upgrade = params.get('upgrade') === 'true';

  if (userLoading || plans.isLoading || configLoading) return <FullPageLoading label="Loading plans..." />;
  if (!user) return null; // The route's guard sends anonymous visitors to /auth.

  const emailValue = email ?? readStoredEmail(user.email);
  const list = offeredPlans(plans.data ?? [], config?.mode ?? 'live');
  // A subscriber changes plan through the confirmed change, never a second subscription (decision 0020).
  const changing = holdsSubscription(user);
  const currentPlan = (plans.data ?? []).find((plan) => isCurrent(plan, user));
  const changeTo = (plan: Plan): PlanChangeLink | null => {
    if (!changing) return null;
    const direction = currentPlan ? planChangeDirection(currentPlan.price, plan.price) : 'switch';
    return { label: planChangeLabels[direction], to: `/checkout/${encodeURIComponent(plan.id)}` };
  };

  const checkout = (plan: Plan) => {
    if (!plan.paymentLink) {
      toast({
        variant: 'destructive',
        title: subscribeMessages.missingLink,
        description: subscribeMessages.missingLinkDetail(plan.displayName),
      });
      return;
    }
    if (emailValue.trim() && !EMAIL_PATTERN.test(emailValue.trim())) {
      setEmailError(subscribeMessages.invalidEmail);
      document.getElementById(emailId)?.focus();
      return;
    }
    storeEmail(emailValue);
    redirect(
      directCheckoutUrl(plan.paymentLink, {
        userId: user.id,
        sessionId: getSessionId(),
        email: emailValue,
        origin: window.location.origin,
      }),
    );
  };

  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-8 sm:py-12">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
          {changing ? subscribeMessages.changeTitle : upgrade ? 'Upgrade your plan' : 'Choose a plan'}
        </h1>
        <p className="mt-1 text-muted-foreground">
          {changing ? (
            subscribeMessages.changeIntro(currentPlan?.displayName ?? user.subscriptionTier)
          ) : (
            <>
              Pick a monthly plan and pay securely on Stripe&apos;s checkout page. You will come back here when you are
              done.
            </>
          )}
        </p>
        {config?.mode === 'test' && (
          <p className="mt-3 w-fit rounded-md bg-amber-50 px-3 py-1.5 text-sm text-amber-900">
            Payments are in test mode: use a Stripe test card.
          </p>
        )}
      </div>

      {!changing && (
        <FormField
          id={emailId}
          label="Email for checkout (optional)"
          error={emailError}
          hint="We prefill this on the payment page and remember it on this device."
          className="max-w-md"
        >
          <Input
            {...fieldA11y(emailId, emailError)}
            type="email"
            autoComplete="email"
            value={emailValue}
            onChange={(event) => {
              setEmail(event.target.value);
              setEmailError(undefined);
              storeEmail(event.target.value);
            }}
          />
        </FormField>
      )}

      {plans.isError ? (
        <Card role="alert">
          <CardContent className="flex flex-col items-center gap-4 p-8 text-center">
            <AlertTriangle className="size-8 text-destructive" aria-hidden />
            <p className="font-medium">{subscribeMessages.loadFailed}</p>
            <Button onClick={() => void plans.refetch()}>Try Again</Button>
          </CardContent>
        </Card>
      ) : list.length === 0 ? (
        <Card>
          <CardContent className="p-8 text-center text-muted-foreground">
            No plans are available right now. Please check back later.
          </CardContent>
        </Card>
      ) : (
        <div className="grid gap-4" aria-label="Plans" role="group">
          {list.map((plan) => (
            <PickerCard
              key={plan.id}
              plan={plan}
              highlighted={preselected === plan.id || preselected === plan.name}
              current={isCurrent(plan, user)}
              change={changeTo(plan)}
              onCheckout={checkout}
            />
          ))}
        </div>
      )}

      <div className="flex flex-col gap-2 border-t pt-6 sm:flex-row sm:items-center sm:justify-between">
        <Button asChild variant="outline">
          <Link to="/">
            <ArrowLeft aria-hidden />
            Return to Application
          </Link>
        </Button>
        <p className="text-xs text-muted-foreground">
          Prefer to pay here?{' '}
          <Link to="/pricing" className="font-medium text-primary underline-offset-4 hover:underline">
            See all plans
          </Link>
        </p>
      </div>
    </div>
  );
}
