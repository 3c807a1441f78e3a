import { ArrowLeft, CircleX, KeyRound, Link2Off } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { toastMessages } from '../../../common/messages';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast-store';
import { errorText } from '../../lib/api';
import { useResetPassword } from '../../api/auth';
import { AuthCard, AuthDoneCard, AuthNote } from './auth-card';
import { ResetPasswordForm } from './reset-password-form';

function BackToLogin() {
  return (
    <Button asChild variant="outline" size="lg" className="w-full">
      <Link to="/auth">
        <ArrowLeft aria-hidden />
        Back to Login
      </Link>
    </Button>
  );
}

function RequestNewLink() {
  return (
    <Button asChild size="lg" className="w-full">
      <Link to="/forgot-password">Request a new reset link</Link>
    </Button>
  );
}

export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const reset = useResetPassword();

  if (!token) {
    return (
      <AuthCard
        icon={<Link2Off />}
        tone="destructive"
        title="Invalid Reset Link"
        description="This password reset link is missing its token or is broken. Request a new link and use the newest email we send you."
      >
        <RequestNewLink />
        <BackToLogin />
      </AuthCard>
    );
  }

  if (reset.isSuccess) {
    return (
      <AuthDoneCard
        title="Password Reset Successful"
        description="Your password has been changed. You can now log in with your new password."
        to="/auth"
        action="Go to Login"
      />
    );
  }

  if (reset.isError) {
    const serverText = errorText(reset.error, '');
    return (
      <AuthCard
        icon={<CircleX />}
        tone="destructive"
        title="Password Reset Failed"
        description="The reset link may have expired or be invalid."
        focusTitle
      >
        {serverText && <AuthNote>{serverText}</AuthNote>}
        <RequestNewLink />
        <BackToLogin />
      </AuthCard>
    );
  }

  return (
    <AuthCard icon={<KeyRound />} title="Reset Your Password" description="Choose a new password for your account.">
      <ResetPasswordForm
        pending={reset.isPending}
        onSubmit={({ password }) =>
          reset.mutate(
            { token, password },
            {
              onError: (error) =>
                toast({
                  title: toastMessages.resetFailed,
                  description: errorText(error, 'Please request a new link.'),
                  variant: 'destructive',
                }),
            },
          )
        }
      />
    </AuthCard>
  );
}
