import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, CheckCircle2, FileQuestion } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast-store';
import { getSessionId } from '../../lib/session-id';
import { refreshAccountData } from './refresh-account';
import {
  readCheckoutParams,
  verifyCheckout,
  type CheckoutParams,
  type VerificationOutcome,
  type VerificationStep,
} from './verify-checkout';
import { successMessages, stepLabels } from './checkout-texts';

const DASHBOARD_PATH = '/?refresh_subscription=true';

function ResultCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The content changed under the reader: keyboard and screen-reader users start at the new heading.
  useEffect(() => headingRef.current?.focus(), [title]);
  return (
    <div className="mx-auto max-w-lg px-4 py-12 sm:py-16">
      <Card>
        <CardContent className="flex flex-col items-center gap-4 p-8 text-center">
          {icon}
          <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold tracking-tight outline-none">
            {title}
          </h1>
          {children}
        </CardContent>
      </Card>
    </div>
  );
}

function Verification({ params }: { params: CheckoutParams }) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<VerificationStep>('status');
  const [outcome, setOutcome] = useState<VerificationOutcome | null>(null);
  const [run, setRun] = useState(0);
  const startedRun = useRef<number | null>(null);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    // Once per run: StrictMode's second effect must not repeat the checks.
    if (startedRun.current === run) return;
    startedRun.current = run;
    const isCancelled = () => !mounted.current;
    void verifyCheckout(params, getSessionId(), { onStep: setStep, isCancelled }).then((result) => {
      if (!result || isCancelled()) return;
      setOutcome(result);
      if (result.verified) {
        void refreshAccountData(queryClient);
      } else if (result.errored) {
        toast({
          variant: 'destructive',
          title: successMessages.verificationError,
          description: result.message ?? 'The payment could not be checked right now.',
        });
      }
    });
  }, [params, run, queryClient]);

  if (!outcome) {
    return (
      <ResultCard
        icon={<Spinner label="Verifying your payment" className="size-10 text-primary" />}
        title="Verifying your payment"
      >
        <p className="text-muted-foreground" aria-live="polite">
          {stepLabels[step]}
        </p>
        <p className="text-sm text-muted-foreground">This usually takes a few seconds. Please keep this page open.</p>
      </ResultCard>
    );
  }

  if (outcome.verified) {
    return (
      <ResultCard icon={<CheckCircle2 className="size-12 text-success" aria-hidden />} title="Payment Successful">
        <p className="text-muted-foreground">
          Thank you! Your {outcome.planName ? `${outcome.planName} ` : ''}subscription is now active.
        </p>
        <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
          <Button asChild size="lg">
            <Link to={DASHBOARD_PATH}>Go to Dashboard</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/billing">View Billing</Link>
          </Button>
        </div>
      </ResultCard>
    );
  }

  return (
    <ResultCard
      icon={<AlertTriangle className="size-12 text-destructive" aria-hidden />}
      title={successMessages.verificationFailed}
    >
      <p className="text-muted-foreground">{successMessages.verificationFailedDetail}</p>
      {outcome.message && outcome.message !== successMessages.verificationFailedDetail && (
        <p className="text-sm text-muted-foreground">Details: {outcome.message}</p>
      )}
      {outcome.sessionMissing && <p className="text-sm text-muted-foreground">{successMessages.sessionMissing}</p>}
      <p className="text-xs text-muted-foreground break-all">Payment reference: {params.paymentIntentId}</p>
      <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
        <Button
          onClick={() => {
            setOutcome(null);
            setStep('status');
            setRun((n) => n + 1);
          }}
        >
          Try Again
        </Button>
        <Button asChild variant="outline">
          <Link to="/support">Contact Support</Link>
        </Button>
        <Button asChild variant="ghost">
          <Link to={DASHBOARD_PATH}>Go to Dashboard</Link>
        </Button>
      </div>
    </ResultCard>
  );
}

/** /checkout/success: where Stripe returns after a payment that needed its own page. */
export function CheckoutSuccessPage() {
  const [search] = useSearchParams();
  const params = useMemo(() => readCheckoutParams(search), [search]);
  if (!params) {
    return (
      <ResultCard
        icon={<FileQuestion className="size-12 text-muted-foreground" aria-hidden />}
        title={successMessages.invalidRequest}
      >
        <p className="text-muted-foreground">{successMessages.invalidRequestDetail}</p>
        <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
          <Button asChild>
            <Link to="/pricing">View Plans</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/">Go to Dashboard</Link>
          </Button>
        </div>
      </ResultCard>
    );
  }
  return <Verification key={params.paymentIntentId} params={params} />;
}
