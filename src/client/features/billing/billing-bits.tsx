import { AlertTriangle, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import type { BillingSubscription } from '../../../common/billing-schemas';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { statusBadges, type StatusBadge } from './billing-format';

const toneClass: Record<StatusBadge['tone'], string> = {
  success: 'bg-green-100 text-green-800',
  warning: 'bg-amber-100 text-amber-900',
  danger: 'bg-red-100 text-red-800',
  neutral: 'bg-muted text-muted-foreground',
};

export function StatusBadges({ subscription }: { subscription: BillingSubscription }) {
  return (
    <span className="inline-flex flex-wrap gap-1.5">
      {statusBadges(subscription).map((badge) => (
        <span key={badge.label} className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', toneClass[badge.tone])}>
          {badge.label}
        </span>
      ))}
    </span>
  );
}

export function TabLoading({ label }: { label: string }) {
  return (
    <div className="flex min-h-40 items-center justify-center gap-2 text-sm text-muted-foreground">
      <Spinner label={label} />
      {label}
    </div>
  );
}

export function TabError({
  title,
  detail,
  onRetry,
  retrying,
}: {
  title: string;
  detail?: string;
  onRetry: () => void;
  retrying?: boolean;
}) {
  return (
    <Card role="alert">
      <CardContent className="flex flex-col items-center gap-3 p-8 text-center">
        <AlertTriangle className="size-8 text-destructive" aria-hidden />
        <p className="font-medium">{title}</p>
        {detail && <p className="max-w-md text-sm text-muted-foreground">{detail}</p>}
        <Button variant="outline" onClick={onRetry} disabled={retrying}>
          <RefreshCw className={cn(retrying && 'animate-spin')} aria-hidden />
          Try Again
        </Button>
      </CardContent>
    </Card>
  );
}

export function InfoRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 py-2.5 sm:grid-cols-[12rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-sm font-medium break-words">{children}</dd>
    </div>
  );
}
