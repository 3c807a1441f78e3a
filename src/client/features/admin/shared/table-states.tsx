import { AlertTriangle, Inbox, RefreshCw } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { TableCell, TableRow } from '../../../components/ui/table';
import { toast } from '../../../components/ui/toast-store';
import { ApiError } from '../../../lib/api';
import { cn } from '../../../lib/cn';

/** Spec section 8: load failures are red toasts; the section also keeps an inline notice with a retry. */
export function useLoadErrorToast(error: unknown, title: string) {
  useEffect(() => {
    if (!error) return;
    const description = error instanceof ApiError ? error.serverMessage : undefined;
    toast({ variant: 'destructive', title, ...(description ? { description } : {}) });
  }, [error, title]);
}

export function TableLoadingRow({ colSpan, label = 'Loading...' }: { colSpan: number; label?: string }) {
  return (
    <TableRow className="hover:bg-transparent">
      <TableCell colSpan={colSpan} className="py-10">
        <span className="flex items-center justify-center gap-2 text-sm text-muted-foreground">
          <Spinner label={label} />
          {label}
        </span>
      </TableCell>
    </TableRow>
  );
}

export function TableEmptyRow({ colSpan, title, hint }: { colSpan: number; title: string; hint?: ReactNode }) {
  return (
    <TableRow className="hover:bg-transparent">
      <TableCell colSpan={colSpan} className="py-10">
        <div className="flex flex-col items-center gap-2 text-center">
          <Inbox className="size-8 text-muted-foreground/70" aria-hidden />
          <p className="font-medium">{title}</p>
          {hint && <p className="max-w-sm text-sm text-muted-foreground">{hint}</p>}
        </div>
      </TableCell>
    </TableRow>
  );
}

export function LoadError({
  title,
  onRetry,
  retrying = false,
  className,
}: {
  title: string;
  onRetry: () => void;
  retrying?: boolean;
  className?: string;
}) {
  return (
    <div
      className={cn(
        'flex flex-col items-center gap-3 rounded-lg border border-dashed border-destructive/40 bg-red-50/50 p-8 text-center',
        className,
      )}
    >
      <AlertTriangle className="size-7 text-destructive" aria-hidden />
      <p className="font-medium">{title}</p>
      <Button variant="outline" size="sm" onClick={onRetry} disabled={retrying}>
        <RefreshCw className={cn(retrying && 'animate-spin')} aria-hidden />
        Try Again
      </Button>
    </div>
  );
}
