import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Lock, SearchX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import type { Plan } from '../../../common/billing-schemas';
import { holdsSubscription } from '../../../common/subscription-state';
import { formatPrice } from '../../../common/plans';
import { FullPageLoading } from '../../components/layout/guards';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { toast } from '../../components/ui/toast-store';
import { ApiError, errorText } from '../../lib/api';
import { useCurrentUser } from '../../api/auth';
import { DoneGoingHome } from './after-payment';
import { useCreateSubscription, usePlan } from '../../api/checkout';
import { useStripeConfig } from '../../api/stripe-config';
import { confirmWithStripe } from './confirm-with-stripe';
import { OrderSummary } from './order-summary';
import { PaymentLoadFailed, PaymentLoading, PaymentNotice, PaymentsNotAvailable } from './payment-states';
import { PlanChangePanel } from './plan-change-panel';
import { refreshAccountData } from './refresh-account';
import { defaultStripeLoader, type StripeLoader } from './stripe-loader';
import { StripeForm } from './stripe-form';
import { StripePanel } from './stripe-panel';
import { paymentMessages } from './checkout-texts';

/** /checkout?plan=testPlan buys the test plan (docs/product.md, "Pages and routes"). */
export const TEST_PLAN_QUERY = 'testPlan';
export const TEST_PLAN_ID = 'test';

interface StripeOptions {
  /** How Stripe.js is loaded; tests and offline machines pass their own. */
  stripeLoader?: StripeLoader;
  stripeTimeoutMs?: number;
}

function withParam(url: string, name: string, value: string): string {
  const parsed = new URL(url, window.location.origin);
  parsed.searchParams.set(name, value);
  return parsed.toString();
}

/** create-subscription's 409: the account holds a subscription after all; reading it again shows the plan change. */
function RefreshOnConflict({ message }: { message: string }) {
  const queryClient = useQueryClient();
  useEffect(() => void refreshAccountData(queryClient), [queryClient]);
  return (
    <PaymentNotice
      title={message}
      action={
        <Button asChild variant="outline">
          <Link to="/pricing">Choose another plan</Link>
        </Button>
      }
    />
  );
}

function CheckoutPayment({
  plan,
  stripeLoader,
  stripeTimeoutMs,
}: { plan: Plan } & Required<Pick<StripeOptions, 'stripeLoader'>> & StripeOptions) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const config = useStripeConfig();
  const purchasable = plan.isActive && plan.stripePriceId !== null;
  const publishableKey = config.data?.publishableKey ?? null;
  const subscription = useCreateSubscription(plan.id, purchasable && publishableKey !== null);
  const [paid, setPaid] = useState(false);

  useEffect(() => {
    // The payment configuration failing is a 'Configuration Error' (live mode assumed;
    // docs/product.md, "Errors and messages").
    if (config.isError)
      toast({
        variant: 'destructive',
        title: paymentMessages.configurationError,
        description: errorText(config.error, 'Could not read the payment settings.'),
      });
  }, [config.isError, config.error]);

  if (paid) {
    return <DoneGoingHome title="Payment successful!">Your {plan.displayName} subscription is active.</DoneGoingHome>;
  }
  if (!purchasable) {
    return (
      <PaymentNotice
        title="This plan is currently unavailable"
        action={
          <Button asChild variant="outline">
            <Link to="/pricing">Choose another plan</Link>
          </Button>
        }
      />
    );
  }
  if (config.isLoading) return <PaymentLoading label="Loading payment settings..." />;
  if (config.isError) return <PaymentLoadFailed onRetry={() => void config.refetch()} />;
  if (!publishableKey) return <PaymentsNotAvailable backTo="/pricing" backLabel="Back to pricing" />;
  if (subscription.isLoading) return <PaymentLoading label="Preparing secure payment form..." />;
  if (subscription.isError) {
    const error = subscription.error;
    if (error instanceof ApiError && error.status === 503) {
      return <PaymentsNotAvailable backTo="/pricing" backLabel="Back to pricing" />;
    }
    if (error instanceof ApiError && error.status === 409) {
      return <RefreshOnConflict message={errorText(error, paymentMessages.processFailed)} />;
    }
    if (error instanceof ApiError && error.status === 400) {
      return (
        <PaymentNotice
          title={error.serverMessage ?? 'This plan is currently unavailable'}
          action={
            <Button asChild variant="outline">
              <Link to="/pricing">Choose another plan</Link>
            </Button>
          }
        />
      );
    }
    return (
      <PaymentLoadFailed
        message={`${paymentMessages.processFailed}. ${errorText(error, 'Please try again.')}`}
        onRetry={() => void subscription.refetch()}
      />
    );
  }
  const started = subscription.data;
  if (!started) return <PaymentLoading label="Preparing secure payment form..." />;
  const clientSecret = started.clientSecret;

  const confirm = async (stripe: Stripe, elements: StripeElements) => {
    const result = await confirmWithStripe(
      () =>
        stripe.confirmPayment({
          elements,
          // A bank check that needs a page of its own comes back to the success page with these.
          confirmParams: { return_url: withParam(started.successUrl, 'subscription_id', started.subscriptionId) },
          redirect: 'if_required',
        }),
      { title: paymentMessages.paymentFailed, fallback: paymentMessages.paymentFailedFallback },
    );
    if (!result) return;
    const intent = result.paymentIntent;
    void refreshAccountData(queryClient);
    if (intent.status === 'succeeded') {
      setPaid(true);
      return;
    }
    // Still processing: the success page's checks settle it.
    const params = new URLSearchParams({
      payment_intent: intent.id,
      payment_intent_client_secret: intent.client_secret ?? '',
      subscription_id: started.subscriptionId,
    });
    void navigate(`/checkout/success?${params.toString()}`);
  };

  return (
    <StripePanel
      publishableKey={publishableKey}
      clientSecret={clientSecret}
      loader={stripeLoader}
      timeoutMs={stripeTimeoutMs}
    >
      {(onLoadError) => (
        <StripeForm
          submitLabel={`Pay ${formatPrice(plan.price, plan.currency)}`}
          confirm={confirm}
          onLoadError={onLoadError}
          footer={`You will be charged ${formatPrice(plan.price, plan.currency)} today and every ${plan.interval} until you cancel.`}
        />
      )}
    </StripePanel>
  );
}

function PlanProblem({ notFound, onRetry }: { notFound: boolean; onRetry: () => void }) {
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <Card>
        <CardContent className="flex flex-col items-center gap-4 p-8 text-center">
          <SearchX className="size-10 text-muted-foreground" aria-hidden />
          <h1 className="text-xl font-semibold">{notFound ? 'Plan not found' : 'Could not load this plan'}</h1>
          <p className="text-sm text-muted-foreground">
            {notFound
              ? 'The plan you picked does not exist or is no longer offered.'
              : 'Check your connection and try again.'}
          </p>
          <div className="flex flex-col gap-2 sm:flex-row">
            {!notFound && <Button onClick={onRetry}>Try Again</Button>}
            <Button asChild variant="outline">
              <Link to="/pricing">View all plans</Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}

function BackToPricing() {
  return (
    <Link
      to="/pricing"
      className="inline-flex items-center gap-1 text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden />
      Back to pricing
    </Link>
  );
}

/** A subscriber's checkout: the change from their plan to this one, made only on "Confirm change". */
function PlanChangeCheckout({ plan, currentTier }: { plan: Plan; currentTier: string }) {
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-8 sm:py-12">
      <div>
        <BackToPricing />
        <h1 className="mt-3 text-2xl font-bold tracking-tight sm:text-3xl">Change plan</h1>
        <p className="mt-1 text-muted-foreground">
          Review the change to the {plan.displayName} plan. Nothing changes until you confirm.
        </p>
      </div>
      <Card role="region" aria-labelledby="plan-change-title">
        <CardHeader className="pb-4">
          <CardTitle id="plan-change-title" className="text-lg">
            Your plan change
          </CardTitle>
        </CardHeader>
        <CardContent>
          <PlanChangePanel plan={plan} currentTier={currentTier} />
        </CardContent>
      </Card>
    </div>
  );
}

function Checkout({
  planId,
  ...stripe
}: { planId: string } & Required<Pick<StripeOptions, 'stripeLoader'>> & StripeOptions) {
  const plan = usePlan(planId);
  // The route's guard has read the user already; until it is known, nothing may start a subscription.
  const me = useCurrentUser();
  if (plan.isLoading || me.isPending) return <FullPageLoading label="Loading plan..." />;
  if (!plan.data) {
    const notFound = plan.error instanceof ApiError && plan.error.status === 404;
    return <PlanProblem notFound={notFound} onRetry={() => void plan.refetch()} />;
  }
  if (holdsSubscription(me.data)) {
    return <PlanChangeCheckout plan={plan.data} currentTier={me.data!.subscriptionTier} />;
  }
  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-8 sm:py-12">
      <div>
        <BackToPricing />
        <h1 className="mt-3 text-2xl font-bold tracking-tight sm:text-3xl">Checkout</h1>
        <p className="mt-1 text-muted-foreground">Subscribe to the {plan.data.displayName} plan.</p>
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="lg:order-2 lg:sticky lg:top-6">
          <OrderSummary plan={plan.data} />
        </div>
        <Card role="region" aria-labelledby="payment-title" className="lg:order-1">
          <CardHeader className="flex-row items-center justify-between gap-2 space-y-0 pb-4">
            <CardTitle id="payment-title" className="text-lg">
              Payment details
            </CardTitle>
            <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
              <Lock className="size-3.5" aria-hidden />
              Secured by Stripe
            </span>
          </CardHeader>
          <CardContent>
            <CheckoutPayment plan={plan.data} {...stripe} />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

/**
 * /checkout/:planId, and /checkout?plan=testPlan for the test plan. Without a plan the visitor goes
 * to /pricing to pick one.
 */
export function CheckoutPage({ stripeLoader = defaultStripeLoader, stripeTimeoutMs }: StripeOptions) {
  const { planId: routePlanId } = useParams();
  const [params] = useSearchParams();
  const planId = routePlanId ?? (params.get('plan') === TEST_PLAN_QUERY ? TEST_PLAN_ID : undefined);
  if (!planId) return <Navigate to="/pricing" replace />;
  return <Checkout key={planId} planId={planId} stripeLoader={stripeLoader} stripeTimeoutMs={stripeTimeoutMs} />;
}
