import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, CircleCheck, CircleX, Clock, LoaderCircle, LogIn, Mail } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { forgotPasswordSchema, type VerifyEmailResponse } from '../../../common/auth-schemas';
import { serverMessages, toastMessages, verificationMessages } from '../../../common/messages';
import type { PublicUser } from '../../../common/user-schemas';
import { ResendLinkButton } from '../../components/account/email-verification';
import { BoundField } from '../../components/ui/bound-field';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast-store';
import { ApiError, errorText } from '../../lib/api';
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

/** The address is verified (now or before): the way on is the app when signed in, else the login. */
function VerifiedCard({ title, description, user }: { title: string; description: string; user: PublicUser | null }) {
  return user ? (
    <AuthDoneCard title={title} description={description} to="/" action="Go to Dashboard" />
  ) : (
    <AuthDoneCard title={title} description={description} to="/auth" action="Log In" />
  );
}

/**
 * The ways to a new link (decision 0042): one click for a signed-in, unverified user; otherwise
 * logging in first, or the address, which is answered the same whether or not it has an account.
 */
function NewLinkOffer({ user }: { user: PublicUser | null }) {
  if (user) {
    if (user.emailVerified || !user.email) return null;
    return <ResendLinkButton label={verificationMessages.sendNewLink} variant="default" size="lg" className="w-full" />;
  }
  return (
    <div className="grid gap-4">
      <Button asChild size="lg" className="w-full">
        <Link to="/auth" state={{ from: '/verify-email' }}>
          <LogIn aria-hidden />
          Log in to send a new link
        </Link>
      </Button>
      <p className="text-center text-sm text-muted-foreground">Or have a new link sent to your address:</p>
      <ResendByAddressForm />
    </div>
  );
}

function ResendByAddressForm() {
  const resend = useResendVerification();
  const form = useForm({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: '' } });
  if (resend.isSuccess) {
    return (
      <p role="status" className="rounded-md bg-muted px-3 py-2 text-center text-sm">
        {resend.data.message}
      </p>
    );
  }
  const onSubmit = form.handleSubmit(({ email }) =>
    resend.mutate(
      { email },
      {
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: verificationMessages.sendFailed,
            description: errorText(error, verificationMessages.sendFailedFallback),
          }),
      },
    ),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3" aria-label="New verification link">
      <BoundField
        form={form}
        name="email"
        id="verify-resend-email"
        label="Email"
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
      />
      <Button type="submit" variant="outline" size="lg" className="w-full" disabled={resend.isPending}>
        <PendingLabel pending={resend.isPending} idle={verificationMessages.sendNewLink} busy="Sending..." />
      </Button>
    </form>
  );
}

function AwaitingVerification() {
  const { data: user = null, isLoading } = useCurrentUser();
  if (user?.emailVerified) {
    return <VerifiedCard title="Email Verified" description={serverMessages.alreadyVerified} user={user} />;
  }
  return (
    <AuthCard icon={<Mail />} title="Email Verification" description="Please check your email for a verification link.">
      <AuthNote>Can&apos;t find it? Check your spam or junk folder.</AuthNote>
      {!isLoading && <NewLinkOffer user={user} />}
      {user ? (
        <Button asChild variant="outline" size="lg" className="w-full">
          <Link to="/">Go to Dashboard</Link>
        </Button>
      ) : (
        <BackToLogin />
      )}
    </AuthCard>
  );
}

/** Why the server refused the link (its 400 body's `reason`), or null for any other failure. */
function failureReason(error: unknown): 'expired' | 'invalid' | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const body = error.body as { reason?: unknown } | null;
  return body?.reason === 'expired' ? 'expired' : body?.reason === 'invalid' ? 'invalid' : null;
}

function TokenVerification({ token }: { token: string }) {
  const { mutate, status, error, data } = useVerifyEmail();
  const { data: user = null } = useCurrentUser();
  // StrictMode runs effects twice in development; a token is single-use, so a second request
  // would spend it for nothing. The ref survives the double run.
  const requestedFor = useRef<string | null>(null);

  useEffect(() => {
    if (requestedFor.current === token) return;
    requestedFor.current = token;
    mutate(token, {
      onError: (failure) => {
        // An expired link has its own page with the way to a new one; no alarm on top of it.
        if (failureReason(failure) === 'expired') return;
        toast({
          title: toastMessages.verificationFailed,
          description: errorText(failure, 'Please request a new link.'),
          variant: 'destructive',
        });
      },
    });
  }, [token, mutate]);

  if (status === 'success') return <VerifiedOutcome answer={data} user={user} />;

  if (status === 'error') {
    if (failureReason(error) === 'expired') {
      return (
        <AuthCard
          icon={<Clock />}
          title="Link Expired"
          description="Verification links work for 24 hours, and only the newest one works."
          focusTitle
        >
          {user?.emailVerified ? (
            <>
              <p className="flex items-center justify-center gap-1.5 text-sm font-medium text-success">
                <CircleCheck className="size-4" aria-hidden />
                {serverMessages.alreadyVerified}
              </p>
              <Button asChild size="lg" className="w-full">
                <Link to="/">Go to Dashboard</Link>
              </Button>
            </>
          ) : (
            <>
              <NewLinkOffer user={user} />
              {user && (
                <Button asChild variant="outline" size="lg" className="w-full">
                  <Link to="/">Go to Dashboard</Link>
                </Button>
              )}
            </>
          )}
        </AuthCard>
      );
    }
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
        {user && !user.emailVerified && (
          <ResendLinkButton label={verificationMessages.sendNewLink} variant="default" size="lg" className="w-full" />
        )}
        {user ? (
          <Button asChild variant="outline" size="lg" className="w-full">
            <Link to="/">Go to Dashboard</Link>
          </Button>
        ) : (
          <BackToLogin variant="default" />
        )}
      </AuthCard>
    );
  }

  return <CheckingCard />;
}

function VerifiedOutcome({ answer, user }: { answer: VerifyEmailResponse; user: PublicUser | null }) {
  if (answer.status === 'already_verified') {
    return <VerifiedCard title="Already Verified" description={serverMessages.alreadyVerified} user={user} />;
  }
  // The link signs a signed-out browser in (decision 0035), so the way on is the app.
  return (
    <AuthDoneCard
      title="Email Verified"
      description="Thank you, your email address is confirmed."
      to="/"
      action="Go to Dashboard"
    />
  );
}

function CheckingCard() {
  return (
    <AuthCard
      icon={<LoaderCircle className="animate-spin" />}
      title="Verifying Email"
      description={<span role="status">Please wait while we confirm your email address.</span>}
    />
  );
}
