import type { Appearance, StripeElementsOptions } from '@stripe/stripe-js';
import { Elements } from '@stripe/react-stripe-js';
import { useMemo, useState, type ReactNode } from 'react';
import { PaymentLoadFailed, PaymentLoading } from './payment-states';
import { useStripeInstance, type StripeLoader } from './stripe-loader';
import { useTheme, type Theme } from '../../theme/theme';

const fontFamily = "Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";

/** The Payment Element's look, from the app's tokens in each theme (src/client/styles.css). */
export function stripeAppearance(theme: Theme): Appearance {
  return theme === 'dark'
    ? {
        theme: 'night',
        variables: {
          colorPrimary: '#a5b4fc',
          colorBackground: '#111a2e',
          colorText: '#e2e8f0',
          colorTextSecondary: '#a3b0c2',
          colorDanger: '#fca5a5',
          borderRadius: '6px',
          fontFamily,
        },
      }
    : {
        theme: 'stripe',
        variables: {
          colorPrimary: '#4f46e5',
          colorText: '#0f172a',
          colorDanger: '#dc2626',
          borderRadius: '6px',
          fontFamily,
        },
      };
}

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
  // A theme switched while the form is open reaches the Payment Element too (Elements passes a changed
  // appearance on to it).
  const { theme } = useTheme();
  const options = useMemo<StripeElementsOptions>(
    () => ({ clientSecret, appearance: stripeAppearance(theme) }),
    [clientSecret, theme],
  );

  if (state.status === 'loading') return <PaymentLoading label="Loading secure payment form..." />;
  if (state.status === 'failed' || elementFailedAt === attempt) return <PaymentLoadFailed onRetry={retry} />;
  return (
    // A new attempt gets a new Elements: its stripe prop cannot change once set.
    <Elements key={attempt} stripe={state.stripe} options={options}>
      {children(() => setElementFailedAt(attempt))}
    </Elements>
  );
}
