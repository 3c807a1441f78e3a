import { BadgeCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import type { PublicUser } from '../../../common/user-schemas';
import { EmailNotVerifiedCue } from '../../components/account/email-verification';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { isAdministrator, planLabel } from '../../lib/format';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 rounded-lg border bg-muted/40 px-4 py-3">
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-sm font-medium break-words">{children}</dd>
    </div>
  );
}

function VerifiedBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800">
      <BadgeCheck className="size-3.5" aria-hidden />
      Verified
    </span>
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
              {user.emailVerified && <VerifiedBadge />}
            </span>
          </Detail>
          <Detail label="Role">{isAdministrator(user) ? 'Administrator' : 'User'}</Detail>
          <Detail label="Subscription">{planLabel(user.subscriptionTier)}</Detail>
        </dl>
        {!user.emailVerified && user.email && <EmailNotVerifiedCue hint className="px-4 py-3" />}
      </CardContent>
    </Card>
  );
}
