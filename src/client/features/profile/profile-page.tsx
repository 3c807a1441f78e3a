import { Loader2, LogOut, ShieldX } from 'lucide-react';
import { Link } from 'react-router';
import { FullPageLoading } from '../../components/layout/guards';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { useCurrentUser } from '../../api/auth';
import { useSignOut } from '../../lib/use-sign-out';
import { isAdministrator } from '../../lib/format';
import { AccountDetails } from './account-details';
import { ChangePasswordForm } from './change-password-form';
import { LeaderboardSetting } from './leaderboard-setting';
import { AdminNotice, SecurityTips } from './security-notes';

// A message with a Login link shows here rather than redirecting like other signed-in pages
// (docs/product.md, "Profile and password change").
function AccessDenied() {
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <Card>
        <CardHeader className="items-center text-center">
          <ShieldX className="size-10 text-destructive" aria-hidden />
          <h1 className="text-xl font-semibold tracking-tight">Access Denied</h1>
          <CardDescription>You must be logged in to view your profile</CardDescription>
        </CardHeader>
        <CardContent className="flex justify-center">
          <Button asChild>
            <Link to="/auth">Login</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}

// A failed /api/me (not a 401) says nothing about whether the visitor is signed in.
function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <Card>
        <CardHeader className="items-center text-center">
          <h1 className="text-xl font-semibold tracking-tight">Could not load your profile</h1>
          <CardDescription>Check your connection and try again.</CardDescription>
        </CardHeader>
        <CardContent className="flex justify-center">
          <Button onClick={onRetry}>Try Again</Button>
        </CardContent>
      </Card>
    </div>
  );
}

function SignOutButton() {
  const { signOut, signingOut } = useSignOut();
  return (
    <Button variant="outline" onClick={signOut} disabled={signingOut}>
      {signingOut ? <Loader2 className="animate-spin" aria-hidden /> : <LogOut aria-hidden />}
      Sign out
    </Button>
  );
}

export function ProfilePage() {
  const { data: user, isLoading, isError, refetch } = useCurrentUser();
  if (isLoading) return <FullPageLoading />;
  if (isError) return <LoadFailed onRetry={() => void refetch()} />;
  if (!user) return <AccessDenied />;

  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-8 sm:py-12">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Profile</h1>
          <p className="mt-1 text-muted-foreground">Your account details and password.</p>
        </div>
        <SignOutButton />
      </div>
      <AccountDetails user={user} />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="grid gap-6">
          <ChangePasswordForm username={user.username} />
          <LeaderboardSetting user={user} />
        </div>
        <aside className="grid gap-6" aria-label="Account security">
          {isAdministrator(user) && <AdminNotice />}
          <SecurityTips />
        </aside>
      </div>
    </div>
  );
}
