import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { Loader2, Lock } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';

/**
 * The Payment Element and its submit button. `confirm` talks to Stripe (confirmPayment or
 * confirmSetup) and reports the outcome itself; the button reads 'Processing...' meanwhile.
 */
export function StripeForm({
  submitLabel,
  confirm,
  onLoadError,
  footer,
}: {
  submitLabel: string;
  confirm: (stripe: Stripe, elements: StripeElements) => Promise<void>;
  onLoadError: () => void;
  footer?: string;
}) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const busy = useRef(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements || busy.current) return;
    busy.current = true;
    setSubmitting(true);
    try {
      await confirm(stripe, elements);
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="grid gap-5" aria-busy={submitting}>
      {!ready && <p className="text-sm text-muted-foreground">Loading card form...</p>}
      <PaymentElement options={{ layout: 'tabs' }} onReady={() => setReady(true)} onLoadError={onLoadError} />
      <Button type="submit" size="lg" className="w-full" disabled={!stripe || !elements || !ready || submitting}>
        {submitting ? <Loader2 className="animate-spin" aria-hidden /> : <Lock aria-hidden />}
        {submitting ? 'Processing...' : submitLabel}
      </Button>
      {footer && <p className="text-center text-xs text-muted-foreground">{footer}</p>}
    </form>
  );
}
