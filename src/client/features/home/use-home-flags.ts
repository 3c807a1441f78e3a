import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../components/ui/toast-store';

export const PAYMENT_SUCCESS_TOAST_MS = 8000;

/**
 * Query-string flags on / (docs/product.md, "Home page"): refresh_subscription=true forces a subscription
 * refresh, payment_success=true says the payment went through. Both leave the address afterwards.
 */
export function useHomeFlags(refreshSubscription: () => unknown) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const handled = useRef<string | null>(null);
  const refresh = params.get('refresh_subscription') === 'true';
  const paid = params.get('payment_success') === 'true';

  useEffect(() => {
    if (!refresh && !paid) return;
    // Once per address: StrictMode's second run must not toast twice.
    if (handled.current === location.key) return;
    handled.current = location.key;
    // A payment changes the subscription too, so either flag re-reads it.
    void refreshSubscription();
    if (paid) {
      toast({
        variant: 'success',
        title: 'Payment successful',
        description: 'Your subscription is now active.',
        duration: PAYMENT_SUCCESS_TOAST_MS,
      });
    }
    const rest = new URLSearchParams(params);
    rest.delete('refresh_subscription');
    rest.delete('payment_success');
    const search = rest.toString();
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true },
    );
  }, [refresh, paid, params, navigate, location, refreshSubscription]);
}
