import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useState } from 'react';

// Stripe.js comes from js.stripe.com and cannot be bundled. The pure entry loads it only when a
// payment form is shown (not on every page), and the loader is a parameter of the payment pages so
// that tests, and machines without internet, meet a clear 'could not load' state instead of a hang.

export type StripeLoader = (publishableKey: string) => Promise<Stripe | null>;

export const defaultStripeLoader: StripeLoader = (publishableKey) => loadStripe(publishableKey);

/** Past this, a load that has neither succeeded nor failed counts as failed (the user can retry). */
export const STRIPE_LOAD_TIMEOUT_MS = 10_000;

export type StripeLoadState = { status: 'loading' } | { status: 'ready'; stripe: Stripe } | { status: 'failed' };

/** Loads Stripe.js for `publishableKey`; `retry` starts a new attempt after a failure. */
export function useStripeInstance(
  publishableKey: string,
  loader: StripeLoader,
  timeoutMs: number = STRIPE_LOAD_TIMEOUT_MS,
): { state: StripeLoadState; attempt: number; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ attempt: number; state: StripeLoadState } | null>(null);

  useEffect(() => {
    let settled = false;
    const finish = (state: StripeLoadState) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      setResult({ attempt, state });
    };
    const timer = setTimeout(() => finish({ status: 'failed' }), timeoutMs);
    let promise: Promise<Stripe | null>;
    try {
      promise = loader(publishableKey);
    } catch {
      promise = Promise.resolve(null);
    }
    promise.then(
      (stripe) => finish(stripe ? { status: 'ready', stripe } : { status: 'failed' }),
      () => finish({ status: 'failed' }),
    );
    return () => {
      // Unmounted or superseded: a late answer must not land on the next attempt.
      settled = true;
      clearTimeout(timer);
    };
  }, [publishableKey, loader, timeoutMs, attempt]);

  const state: StripeLoadState = result?.attempt === attempt ? result.state : { status: 'loading' };
  return { state, attempt, retry: () => setAttempt((n) => n + 1) };
}
