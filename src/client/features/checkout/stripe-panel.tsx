import type { Appearance, StripeElementsOptions } from '@stripe/stripe-js';
import { Elements } from '@stripe/react-stripe-js';
import { useMemo, useState, type ReactNode } from 'react';
import { PaymentLoadFailed, PaymentLoading } from './payment-states';
import { useStripeInstance, type StripeLoader } from './stripe-loader';

// The Payment Element's look follows the app's tokens (src/client/styles.css).
const appearance: Appearance = {
  theme: 'stripe',
  variables: {
    colorPrimary: '#4f46e5',
    colorText: '#0f172a',
    colorDanger: '#dc2626',
    borderRadius: '6px',
    fontFamily: "Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  },
};

/**
 * Loads Stripe.js and provides Elements for `clientSecret` to the form inside. When Stripe.js or
 * the Payment Element cannot load, it says so and offers Retry instead of a broken form.
 */
export function StripePanel({
  publishableKey,
  clientSecret,
  loader,
  timeoutMs,
  children,
}: {
  publishableKey: string;
  clientSecret: string;
  loader: StripeLoader;
  timeoutMs?: number;
  /** The form; `onLoadError` is for the Payment Element's own load failure. */
  children: (onLoadError: () => void) => ReactNode;
}) {
  const { state, attempt, retry } = useStripeInstance(publishableKey, loader, timeoutMs);
  const [elementFailedAt, setElementFailedAt] = useState<number | null>(null);
  const options = useMemo<StripeElementsOptions>(() => ({ clientSecret, appearance }), [clientSecret]);

  if (state.status === 'loading') return <PaymentLoading label="Loading secure payment form..." />;
  if (state.status === 'failed' || elementFailedAt === attempt) return <PaymentLoadFailed onRetry={retry} />;
  return (
    // A new attempt gets a new Elements: its stripe prop cannot change once set.
    <Elements key={attempt} stripe={state.stripe} options={options}>
      {children(() => setElementFailedAt(attempt))}
    </Elements>
  );
}
