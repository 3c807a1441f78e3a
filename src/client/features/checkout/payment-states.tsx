import { AlertTriangle, CircleSlash, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { paymentMessages } from './checkout-texts';

// What the payment area shows instead of a form: waiting, not possible, or failed with a retry.

export function PaymentLoading({ label }: { label: string }) {
  return (
    <div
      className="flex min-h-40 flex-col items-center justify-center gap-3 text-sm text-muted-foreground"
      role="status"
    >
      <Spinner label={label} className="size-6" />
      <span>{label}</span>
    </div>
  );
}

export function PaymentNotice({
  title,
  children,
  tone = 'neutral',
  action,
}: {
  title: string;
  children?: ReactNode;
  tone?: 'neutral' | 'error';
  action?: ReactNode;
}) {
  const Icon = tone === 'error' ? AlertTriangle : CircleSlash;
  return (
    <div
      role={tone === 'error' ? 'alert' : undefined}
      className="flex min-h-40 flex-col items-center justify-center gap-3 rounded-lg border border-dashed p-6 text-center"
    >
      <Icon className={tone === 'error' ? 'size-8 text-destructive' : 'size-8 text-muted-foreground'} aria-hidden />
      <h3 className="font-semibold">{title}</h3>
      {children && <div className="max-w-sm text-sm text-muted-foreground">{children}</div>}
      {action}
    </div>
  );
}

export function PaymentLoadFailed({
  onRetry,
  message = paymentMessages.loadFailed,
}: {
  onRetry: () => void;
  message?: string;
}) {
  return (
    <PaymentNotice
      tone="error"
      title={message}
      action={
        <Button variant="outline" onClick={onRetry}>
          <RefreshCw aria-hidden />
          Retry
        </Button>
      }
    />
  );
}

export function PaymentsNotAvailable({ backTo, backLabel }: { backTo: string; backLabel: string }) {
  return (
    <PaymentNotice
      title={paymentMessages.notAvailableTitle}
      action={
        <Button asChild variant="outline">
          <Link to={backTo}>{backLabel}</Link>
        </Button>
      }
    >
      {paymentMessages.notAvailable}
    </PaymentNotice>
  );
}
