import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../components/ui/toast-store';

export const PAYMENT_SUCCESS_TOAST_MS = 8000;

/**
 * Query-string flags on / (docs/product.md, "Home page"): refresh_subscription=true forces a subscription
 * refresh, payment_success=true says the payment went through; q (with models) puts a question in the box,
 * as a shared report's 'Ask this yourself' does. All leave the address afterwards.
 */
export function useHomeFlags(refreshSubscription: () => unknown, prefill: (text: string, models: string[]) => void) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const handled = useRef<string | null>(null);
  const refresh = params.get('refresh_subscription') === 'true';
  const paid = params.get('payment_success') === 'true';
  const question = params.get('q');

  useEffect(() => {
    if (!refresh && !paid && question === null) return;
    // Once per address: StrictMode's second run must not toast twice.
    if (handled.current === location.key) return;
    handled.current = location.key;
    if (question !== null) prefill(question, params.get('models')?.split(',') ?? []);
    // A payment changes the subscription too, so either flag re-reads it.
    if (refresh || paid) void refreshSubscription();
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
    rest.delete('q');
    rest.delete('models');
    const search = rest.toString();
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true },
    );
  }, [refresh, paid, question, params, navigate, location, refreshSubscription, prefill]);
}
