import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Lock } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { toast } from '../../components/ui/toast-store';
import { ApiError, errorText } from '../../lib/api';
import { useSetupIntent } from '../../api/checkout';
import { useStripeConfig } from '../../api/stripe-config';
import { confirmWithStripe } from './confirm-with-stripe';
import { PaymentLoadFailed, PaymentLoading, PaymentsNotAvailable } from './payment-states';
import { refreshAccountData } from './refresh-account';
import { defaultStripeLoader, type StripeLoader } from './stripe-loader';
import { StripeForm } from './stripe-form';
import { StripePanel } from './stripe-panel';
import { paymentMessages, addCardMessages } from './checkout-texts';

export const BILLING_PAYMENT_METHODS_PATH = '/billing?tab=payment-methods';

function AddCardForm({ stripeLoader, stripeTimeoutMs }: { stripeLoader: StripeLoader; stripeTimeoutMs?: number }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const config = useStripeConfig();
  const publishableKey = config.data?.publishableKey ?? null;
  const setup = useSetupIntent(publishableKey !== null);

  useEffect(() => {
    if (config.isError) {
      toast({
        variant: 'destructive',
        title: paymentMessages.configurationError,
        description: errorText(config.error, 'Could not read the payment settings.'),
      });
    }
  }, [config.isError, config.error]);

  if (config.isLoading) return <PaymentLoading label="Loading payment settings..." />;
  if (config.isError) return <PaymentLoadFailed onRetry={() => void config.refetch()} />;
  if (!publishableKey)
    return <PaymentsNotAvailable backTo={BILLING_PAYMENT_METHODS_PATH} backLabel="Back to billing" />;
  if (setup.isLoading) return <PaymentLoading label="Preparing secure card form..." />;
  if (setup.isError) {
    if (setup.error instanceof ApiError && setup.error.status === 503) {
      return <PaymentsNotAvailable backTo={BILLING_PAYMENT_METHODS_PATH} backLabel="Back to billing" />;
    }
    return <PaymentLoadFailed message={addCardMessages.setupFailed} onRetry={() => void setup.refetch()} />;
  }
  if (!setup.data) return <PaymentLoading label="Preparing secure card form..." />;

  const confirm = async (stripe: Stripe, elements: StripeElements) => {
    const result = await confirmWithStripe(
      () =>
        stripe.confirmSetup({
          elements,
          confirmParams: { return_url: `${window.location.origin}${BILLING_PAYMENT_METHODS_PATH}` },
          redirect: 'if_required',
        }),
      { title: addCardMessages.failed, fallback: addCardMessages.failedFallback },
    );
    if (!result) return;
    await refreshAccountData(queryClient);
    toast({ variant: 'success', title: addCardMessages.added, description: addCardMessages.addedDetail });
    void navigate(BILLING_PAYMENT_METHODS_PATH);
  };

  return (
    <StripePanel
      publishableKey={publishableKey}
      clientSecret={setup.data.clientSecret}
      loader={stripeLoader}
      timeoutMs={stripeTimeoutMs}
    >
      {(onLoadError) => (
        <StripeForm
          submitLabel="Save Payment Method"
          confirm={confirm}
          onLoadError={onLoadError}
          footer="Your card is saved with Stripe for future payments. You will not be charged now."
        />
      )}
    </StripePanel>
  );
}

/** /add-payment-method: save a card through a SetupIntent, then back to the billing page. */
export function AddPaymentMethodPage({
  stripeLoader = defaultStripeLoader,
  stripeTimeoutMs,
}: {
  stripeLoader?: StripeLoader;
  stripeTimeoutMs?: number;
}) {
  return (
    <div className="mx-auto grid max-w-xl gap-6 px-4 py-8 sm:py-12">
      <div>
        <Link
          to={BILLING_PAYMENT_METHODS_PATH}
          className="inline-flex items-center gap-1 text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden />
          Back to billing
        </Link>
        <h1 className="mt-3 text-2xl font-bold tracking-tight sm:text-3xl">Add Payment Method</h1>
      </div>
      <Card role="region" aria-labelledby="card-form-title">
        <CardHeader className="pb-4">
          <div className="flex items-center justify-between gap-2">
            <CardTitle id="card-form-title" className="text-lg">
              Card details
            </CardTitle>
            <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
              <Lock className="size-3.5" aria-hidden />
              Secured by Stripe
            </span>
          </div>
          <CardDescription>We never see or store your full card number.</CardDescription>
        </CardHeader>
        <CardContent>
          <AddCardForm stripeLoader={stripeLoader} stripeTimeoutMs={stripeTimeoutMs} />
        </CardContent>
      </Card>
    </div>
  );
}
