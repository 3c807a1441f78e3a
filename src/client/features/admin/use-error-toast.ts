import { useEffect } from 'react';
import { toast } from '../../components/ui/toast-store';

/**
 * A red toast each time a query newly fails (spec section 8: errors show as red toasts). Keyed
 * on the failure's time, so a re-render does not repeat it but a later failed refetch does.
 */
export function useErrorToast(failedAt: number, isError: boolean, title: string) {
  useEffect(() => {
    if (isError) toast({ variant: 'destructive', title });
  }, [failedAt, isError, title]);
}
