import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, LogIn } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FullPageLoading } from '../../components/layout/guards';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { toast } from '../../components/ui/toast-store';
import { errorText } from '../../lib/api';
import { useCurrentUser } from '../../api/auth';
import { cn } from '../../lib/cn';
import { useBillingSubscription } from '../../api/billing-subscription';
import { INVALID_RESPONSE } from '../../api/parse';
import { paymentMethodsKey } from '../../api/billing';
import { TabError, TabLoading } from './billing-bits';
import { isManageable } from './billing-format';
import { PaymentMethodsTab } from './payment-methods-tab';
import { ActivePlan, NoSubscription } from './subscription-tab';
import { TerminatePanel } from './terminate-panel';
import { useSubscriptionActions } from './use-subscription-actions';
import { billingPageTexts } from './billing-texts';

/**
 * A forced refetch 0.5 s after mounting and 0.1 s after opening these tabs
 * (docs/product.md, "Cache and timing rules").
 */
export const MOUNT_REFETCH_MS = 500;
export const TAB_REFETCH_MS = 100;

const TABS = ['subscription', 'payment-methods', 'terminate'] as const;
type Tab = (typeof TABS)[number];

function PleaseLogIn() {
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <Card>
        <CardHeader className="items-center text-center">
          <LogIn className="size-10 text-muted-foreground" aria-hidden />
          <h1 className="text-xl font-semibold tracking-tight">Please log in</h1>
          <CardDescription>You need to be logged in to see your subscription and payment methods.</CardDescription>
        </CardHeader>
        <CardContent className="flex justify-center">
          <Button asChild>
            <Link to="/auth">Log in</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}

function asTab(value: string | null): Tab {
  return (TABS as readonly string[]).includes(value ?? '') ? (value as Tab) : 'subscription';
}

function Billing() {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const subscription = useBillingSubscription();
  const { pending, run, refetchSubscription } = useSubscriptionActions();
  const [refreshing, setRefreshing] = useState(false);
  const tab = asTab(params.get('tab'));
  const current = subscription.data ?? null;
  const manageable = isManageable(current);
  // The tab stays listed while it is open, e.g. right after Terminate Now ended the subscription.
  const showTerminate = manageable || tab === 'terminate';

  useEffect(() => {
    const timer = setTimeout(refetchSubscription, MOUNT_REFETCH_MS);
    return () => clearTimeout(timer);
  }, [refetchSubscription]);

  // A background refetch that fails keeps the last answer on screen and says so.
  const lastToasted = useRef(0);
  const { isError, errorUpdatedAt, error, data } = subscription;
  useEffect(() => {
    if (!isError || data === undefined || errorUpdatedAt === lastToasted.current) return;
    lastToasted.current = errorUpdatedAt;
    toast({
      variant: 'destructive',
      title: billingPageTexts.fetchFailed,
      description: errorText(error, 'Please try again.'),
    });
  }, [isError, errorUpdatedAt, error, data]);

  // Radix selects a tab on pointer-down and again on focus: one switch, one refetch.
  const tabTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(tabTimer.current), []);
  const selectTab = (value: string) => {
    const next = asTab(value);
    setParams(next === 'subscription' ? {} : { tab: next }, { replace: true });
    clearTimeout(tabTimer.current);
    if (next === 'terminate' || next === 'subscription') {
      tabTimer.current = setTimeout(refetchSubscription, TAB_REFETCH_MS);
    }
  };

  const refreshAll = async () => {
    setRefreshing(true);
    try {
      const [result] = await Promise.all([
        subscription.refetch(),
        queryClient.refetchQueries({ queryKey: paymentMethodsKey }),
      ]);
      const methodsFailed = queryClient.getQueryState(paymentMethodsKey)?.status === 'error';
      if (result.isError) {
        // This failure is reported here, not again by the background-failure toast.
        lastToasted.current = result.errorUpdatedAt;
        toast({
          variant: 'destructive',
          title: billingPageTexts.refreshFailed,
          description: errorText(result.error, billingPageTexts.fetchFailed),
        });
      } else if (methodsFailed) {
        toast({
          variant: 'destructive',
          title: billingPageTexts.refreshError,
          description: billingPageTexts.refreshErrorDetail,
        });
      } else {
        toast({ variant: 'success', title: 'Billing information refreshed' });
      }
    } finally {
      setRefreshing(false);
    }
  };

  const subscriptionBody = (render: () => ReactNode) =>
    subscription.isLoading ? (
      <TabLoading label="Loading subscription..." />
    ) : subscription.data === undefined ? (
      <TabError
        title={billingPageTexts.loadFailed}
        detail={
          subscription.error instanceof Error && subscription.error.message === INVALID_RESPONSE
            ? INVALID_RESPONSE
            : errorText(subscription.error, billingPageTexts.fetchFailed)
        }
        onRetry={() => void subscription.refetch()}
        retrying={subscription.isFetching}
      />
    ) : (
      render()
    );

  return (
    <div className="mx-auto grid max-w-4xl gap-6 px-4 py-8 sm:py-12">
      <div>
        <Link
          to="/"
          className="inline-flex items-center gap-1 text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden />
          Back to Parallax
        </Link>
        <h1 className="mt-3 text-2xl font-bold tracking-tight sm:text-3xl">Billing</h1>
        <p className="mt-1 text-muted-foreground">Manage your subscription and payment methods.</p>
      </div>

      <Tabs value={tab} onValueChange={selectTab}>
        <TabsList
          className={cn('grid h-auto w-full sm:inline-flex sm:w-auto', showTerminate ? 'grid-cols-3' : 'grid-cols-2')}
        >
          <TabsTrigger value="subscription" className="min-h-9 whitespace-normal leading-tight sm:whitespace-nowrap">
            {current ? 'Active Plan' : 'Get Subscription'}
          </TabsTrigger>
          <TabsTrigger value="payment-methods" className="min-h-9 whitespace-normal leading-tight sm:whitespace-nowrap">
            Payment Methods
          </TabsTrigger>
          {showTerminate && (
            <TabsTrigger value="terminate" className="min-h-9 whitespace-normal leading-tight sm:whitespace-nowrap">
              Manage Cancellation
            </TabsTrigger>
          )}
        </TabsList>

        <TabsContent value="subscription">
          {subscriptionBody(() =>
            current ? (
              <ActivePlan
                subscription={current}
                pending={pending}
                run={run}
                canTerminate={manageable}
                onTerminate={() => selectTab('terminate')}
              />
            ) : (
              <NoSubscription />
            ),
          )}
        </TabsContent>
        <TabsContent value="payment-methods">
          <PaymentMethodsTab />
        </TabsContent>
        <TabsContent value="terminate">
          {subscriptionBody(() => (
            <TerminatePanel
              subscription={current}
              pending={pending}
              run={run}
              onRefresh={() => void refreshAll()}
              refreshing={refreshing}
            />
          ))}
        </TabsContent>
      </Tabs>
    </div>
  );
}

/** /billing: the subscription, its cancellation and the saved cards. */
export function BillingPage() {
  const { data: user, isLoading } = useCurrentUser();
  if (isLoading) return <FullPageLoading />;
  if (!user) return <PleaseLogIn />;
  return <Billing />;
}
