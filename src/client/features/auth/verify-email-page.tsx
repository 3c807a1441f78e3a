import { ArrowLeft, CircleX, LoaderCircle, Mail } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toastMessages } from '../../../common/messages';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast-store';
import { errorText } from '../../lib/api';
import { useCurrentUser, useResendVerification, useVerifyEmail } from '../../api/auth';
import { AuthCard, AuthDoneCard, AuthNote } from './auth-card';
import { PendingLabel } from './pending-label';

function BackToLogin({ variant = 'outline' }: { variant?: 'default' | 'outline' }) {
  return (
    <Button asChild variant={variant} size="lg" className="w-full">
      <Link to="/auth">
        <ArrowLeft aria-hidden />
        Back to Login
      </Link>
    </Button>
  );
}

export function VerifyEmailPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  // A new token is a new verification: the key gives it fresh state.
  return token ? <TokenVerification key={token} token={token} /> : <AwaitingVerification />;
}

function AwaitingVerification() {
  const { data: user } = useCurrentUser();
  const resend = useResendVerification();
  const canResend = Boolean(user && !user.emailVerified);

  const sendAgain = () =>
    resend.mutate(undefined, {
      onSuccess: ({ message }) => toast({ title: message, variant: 'success' }),
      onError: (error) =>
        toast({
          title: 'Could not resend the verification email',
          description: errorText(error, 'Please try again later.'),
          variant: 'destructive',
        }),
    });

  return (
    <AuthCard icon={<Mail />} title="Email Verification" description="Please check your email for a verification link.">
      <AuthNote>Can&apos;t find it? Check your spam or junk folder.</AuthNote>
      {user?.emailVerified && (
        <p className="text-center text-sm font-medium text-success">Your email address is already verified.</p>
      )}
      {canResend && (
        <Button size="lg" className="w-full" onClick={sendAgain} disabled={resend.isPending}>
          <PendingLabel pending={resend.isPending} idle="Resend verification email" busy="Sending..." />
        </Button>
      )}
      <BackToLogin variant={canResend ? 'outline' : 'default'} />
    </AuthCard>
  );
}

function TokenVerification({ token }: { token: string }) {
  const { mutate, status, error } = useVerifyEmail();
  // StrictMode runs effects twice in development; a token is single-use, so a second request
  // would turn a success into a 'Verification Failed'. The ref survives the double run.
  const requestedFor = useRef<string | null>(null);

  useEffect(() => {
    if (requestedFor.current === token) return;
    requestedFor.current = token;
    mutate(token, {
      onError: (failure) =>
        toast({
          title: toastMessages.verificationFailed,
          description: errorText(failure, 'Please request a new link.'),
          variant: 'destructive',
        }),
    });
  }, [token, mutate]);

  if (status === 'success') {
    return (
      <AuthDoneCard
        title="Email Verified"
        description="Thank you, your email address is confirmed."
        to="/"
        action="Go to Dashboard"
      />
    );
  }

  if (status === 'error') {
    const serverText = errorText(error, '');
    return (
      <AuthCard
        icon={<CircleX />}
        tone="destructive"
        title="Verification Failed"
        description="The verification link may have expired or be invalid."
        focusTitle
      >
        {serverText && <AuthNote>{serverText}</AuthNote>}
        <BackToLogin variant="default" />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      icon={<LoaderCircle className="animate-spin" />}
      title="Verifying Email"
      description={<span role="status">Please wait while we confirm your email address.</span>}
    />
  );
}
