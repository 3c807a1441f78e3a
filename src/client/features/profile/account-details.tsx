import { BadgeCheck, CircleAlert, Loader2, Mail } from 'lucide-react';
import type { ReactNode } from 'react';
import type { PublicUser } from '../../../common/user-schemas';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { toast } from '../../components/ui/toast-store';
import { errorText } from '../../lib/api';
import { useResendVerification } from '../../api/auth';
import { isAdministrator, planLabel } from '../../lib/format';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 rounded-lg border bg-muted/40 px-4 py-3">
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-sm font-medium break-words">{children}</dd>
    </div>
  );
}

function VerificationBadge({ verified }: { verified: boolean }) {
  return verified ? (
    <span className="inline-flex items-center gap-1 rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800">
      <BadgeCheck className="size-3.5" aria-hidden />
      Verified
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800">
      <CircleAlert className="size-3.5" aria-hidden />
      Not verified
    </span>
  );
}

function ResendVerificationButton() {
  const resend = useResendVerification();
  const onClick = () =>
    resend.mutate(undefined, {
      onSuccess: ({ message }) => toast({ variant: 'success', title: 'Verification email sent', description: message }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Could not send verification email',
          description: errorText(error, 'Please try again in a few minutes.'),
        }),
    });
  return (
    <Button variant="outline" size="sm" onClick={onClick} disabled={resend.isPending}>
      {resend.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Mail aria-hidden />}
      {resend.isPending ? 'Sending...' : 'Resend verification email'}
    </Button>
  );
}

/** Read-only account facts; changing username or email goes through support. */
export function AccountDetails({ user }: { user: PublicUser }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Account Details</CardTitle>
        <CardDescription>To change your username or email address, contact support.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid gap-3 sm:grid-cols-2">
          <Detail label="Username">{user.username}</Detail>
          <Detail label="Email">
            <span className="flex flex-wrap items-center gap-2">
              <span className="min-w-0 break-all">{user.email ?? 'No email address'}</span>
              <VerificationBadge verified={user.emailVerified} />
            </span>
          </Detail>
          <Detail label="Role">{isAdministrator(user) ? 'Administrator' : 'User'}</Detail>
          <Detail label="Subscription">{planLabel(user.subscriptionTier)}</Detail>
        </dl>
        {!user.emailVerified && user.email && (
          <div className="flex flex-col gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-between">
            <p>Please verify your email address. Check your inbox (and spam folder) for the link we sent.</p>
            <ResendVerificationButton />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
