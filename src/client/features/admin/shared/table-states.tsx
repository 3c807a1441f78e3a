import { AlertTriangle, Inbox, RefreshCw } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { TableCell, TableRow } from '../../../components/ui/table';
import { toast } from '../../../components/ui/toast-store';
import { ApiError, errorText } from '../../../lib/api';
import { cn } from '../../../lib/cn';

/**
 * Load failures are red toasts; the section also keeps an inline notice with a retry
 * (docs/product.md, "Admin messages").
 */
export function useLoadErrorToast(error: unknown, title: string) {
  useEffect(() => {
    if (!error) return;
    const description = error instanceof ApiError ? error.serverMessage : undefined;
    toast({ variant: 'destructive', title, ...(description ? { description } : {}) });
  }, [error, title]);
}

/** The red toast of a change that failed, with the server's reason when it gave one. */
export function toastFailure(title: string) {
  return (error: unknown) =>
    toast({ variant: 'destructive', title, description: errorText(error, 'Please try again.') });
}

// On a phone the list's rows are cards (responsive-table.tsx); the loading and empty rows are a card too, as wide
// as the list rather than shrunk to their text.
const PLACEHOLDER_ROW = 'hover:bg-transparent max-sm:block max-sm:rounded-lg';
const PLACEHOLDER_CELL = 'py-10 max-sm:block';

export function TableLoadingRow({ colSpan, label = 'Loading...' }: { colSpan: number; label?: string }) {
  return (
    <TableRow className={PLACEHOLDER_ROW}>
      <TableCell colSpan={colSpan} className={PLACEHOLDER_CELL}>
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
    <TableRow className={PLACEHOLDER_ROW}>
      <TableCell colSpan={colSpan} className={PLACEHOLDER_CELL}>
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

/**
 * A settings form's data: a spinner while it loads, the failure with Try Again, then the form, made
 * from the loaded data by `children`.
 */
export function WhenLoaded<T>({
  query,
  loadingLabel,
  errorTitle,
  children,
}: {
  query: { isPending: boolean; isError: boolean; isFetching: boolean; data: T | undefined; refetch: () => unknown };
  loadingLabel: string;
  errorTitle: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <div className="flex items-center gap-2 py-6 text-sm text-muted-foreground">
        <Spinner label={loadingLabel} />
        {loadingLabel}
      </div>
    );
  }
  if (query.isError || query.data === undefined) {
    return <LoadError title={errorTitle} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  return <>{children(query.data)}</>;
}
