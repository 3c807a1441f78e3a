import { ArrowLeft, KeyRound, MailCheck } from 'lucide-react';
import { Link } from 'react-router';
import { serverMessages, toastMessages } from '../../../common/messages';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast-store';
import { errorText } from '../../lib/api';
import { useForgotPassword } from '../../api/auth';
import { AuthCard, AuthNote } from './auth-card';
import { ForgotPasswordForm } from './forgot-password-form';

export function ForgotPasswordPage() {
  const forgot = useForgotPassword();

  if (forgot.isSuccess) {
    return (
      <AuthCard
        icon={<MailCheck />}
        tone="success"
        title="Check Your Email"
        // The same words whether or not the account exists, so the page cannot be used to probe for accounts.
        description={`${serverMessages.forgotPasswordSent}.`}
        focusTitle
      >
        <AuthNote>Nothing after a few minutes? Check your spam or junk folder.</AuthNote>
        <Button asChild size="lg" className="w-full">
          <Link to="/auth">Back to Login</Link>
        </Button>
        <Button variant="ghost" className="w-full" onClick={() => forgot.reset()}>
          Use a different email
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      icon={<KeyRound />}
      title="Forgot Password"
      description="Enter the email address of your account and we will send you instructions to reset your password."
    >
      <ForgotPasswordForm
        pending={forgot.isPending}
        onSubmit={(values) =>
          forgot.mutate(values, {
            onSuccess: () => toast({ title: toastMessages.resetEmailSent, variant: 'success' }),
            onError: (error) =>
              toast({
                title: toastMessages.resetRequestFailed,
                description: errorText(error, 'Please try again in a few minutes.'),
                variant: 'destructive',
              }),
          })
        }
      />
      <Button asChild variant="ghost" className="w-full">
        <Link to="/auth">
          <ArrowLeft aria-hidden />
          Back to Login
        </Link>
      </Button>
    </AuthCard>
  );
}
