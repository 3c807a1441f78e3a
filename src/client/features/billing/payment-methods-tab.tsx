import { CreditCard, Loader2, Plus } from 'lucide-react';
import { Link } from 'react-router';
import type { PaymentMethod } from '../../../common/billing-schemas';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { toast } from '../../components/ui/toast-store';
import { errorText } from '../../lib/api';
import { usePaymentMethods, useSetDefaultPaymentMethod } from '../../api/billing';
import { TabError, TabLoading } from './billing-bits';
import { brandName, formatExpiry } from './billing-format';
import { paymentMethodMessages } from './billing-texts';

function AddLink({ variant = 'default' }: { variant?: 'default' | 'outline' }) {
  return (
    <Button asChild variant={variant} size="sm">
      <Link to="/add-payment-method">
        <Plus aria-hidden />
        Add Payment Method
      </Link>
    </Button>
  );
}

function MethodRow({
  method,
  busy,
  onSetDefault,
}: {
  method: PaymentMethod;
  busy: string | null;
  onSetDefault: (id: string) => void;
}) {
  const nameId = `payment-method-${method.id}`;
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-md bg-muted" aria-hidden>
        <CreditCard className="size-5 text-muted-foreground" />
      </span>
      <div className="min-w-0 flex-1">
        <p id={nameId} className="font-medium">
          {brandName(method.brand)} <span className="text-muted-foreground">ending in</span> {method.last4}
        </p>
        <p className="text-sm text-muted-foreground">Expires {formatExpiry(method.expMonth, method.expYear)}</p>
      </div>
      {method.isDefault ? (
        <span className="rounded-full bg-secondary px-2.5 py-0.5 text-xs font-semibold text-secondary-foreground">
          Default
        </span>
      ) : (
        <Button
          variant="outline"
          size="sm"
          disabled={busy !== null}
          onClick={() => onSetDefault(method.id)}
          aria-describedby={nameId}
        >
          {busy === method.id && <Loader2 className="animate-spin" aria-hidden />}
          Set Default
        </Button>
      )}
    </li>
  );
}

export function PaymentMethodsTab() {
  const methods = usePaymentMethods();
  const setDefault = useSetDefaultPaymentMethod();
  const busy = setDefault.isPending ? (setDefault.variables ?? null) : null;

  const makeDefault = (paymentMethodId: string) =>
    setDefault.mutate(paymentMethodId, {
      onSuccess: (answer) => {
        if (answer && answer.success === false) {
          toast({
            variant: 'destructive',
            title: paymentMethodMessages.setDefaultFailed,
            description: answer.message,
          });
          return;
        }
        toast({ variant: 'success', title: paymentMethodMessages.setDefaultDone });
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: paymentMethodMessages.setDefaultFailed,
          description: errorText(error, 'Please try again.'),
        }),
    });

  return (
    <Card role="region" aria-labelledby="payment-methods-title">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle id="payment-methods-title">Payment Methods</CardTitle>
          <CardDescription>
            The cards saved for your subscription. The default card is charged each period.
          </CardDescription>
        </div>
        {methods.data && methods.data.length > 0 && <AddLink variant="outline" />}
      </CardHeader>
      <CardContent>
        {methods.isLoading ? (
          <TabLoading label="Loading payment methods..." />
        ) : methods.isError ? (
          <TabError
            title={paymentMethodMessages.loadFailed}
            detail={errorText(methods.error, 'Please try again.')}
            onRetry={() => void methods.refetch()}
            retrying={methods.isFetching}
          />
        ) : !methods.data || methods.data.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed p-8 text-center">
            <CreditCard className="size-8 text-muted-foreground" aria-hidden />
            <p className="font-medium">{paymentMethodMessages.empty}</p>
            <p className="text-sm text-muted-foreground">Add a card to pay for your subscription.</p>
            <AddLink />
          </div>
        ) : (
          <ul className="divide-y" aria-label="Saved cards">
            {methods.data.map((method) => (
              <MethodRow key={method.id} method={method} busy={busy} onSetDefault={makeDefault} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
