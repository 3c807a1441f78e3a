import { BadgeCheck, CreditCard, Loader2, LogIn, LogOut, Settings } from 'lucide-react';
import { Link } from 'react-router';
import {
  isActiveStatus,
  SHOWN_AS_PLAN_STATUSES,
  UNPAID_SUBSCRIPTION_STATUSES,
} from '../../../common/subscription-state';
import type { PublicUser } from '../../../common/user-schemas';
import { EmailNotVerifiedCue } from '../../components/account/email-verification';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { planLabel } from '../../lib/format';
import { lazyTriggerDialog } from '../../components/ui/lazy-dialog';

const ManageSubscriptionDialog = lazyTriggerDialog(
  async () => (await import('./manage-subscription-dialog')).ManageSubscriptionDialog,
);

// Statuses in which the user still has a paid plan to manage rather than one to buy.

export function queriesLeft(user: PublicUser): string {
  if (user.paidQuestionsRemaining === -1) return 'Unlimited';
  return String(Math.max(0, user.paidQuestionsRemaining) + Math.max(0, user.freeQuestionsRemaining));
}

/** The plan the box names: a checkout never paid is no plan, whatever an account from before decision 0019 holds. */
function planOf(user: PublicUser): string {
  return UNPAID_SUBSCRIPTION_STATUSES.includes(user.subscriptionStatus ?? '') ? 'free' : user.subscriptionTier;
}

function isSubscribed(user: PublicUser): boolean {
  return user.subscriptionTier !== 'free' && SHOWN_AS_PLAN_STATUSES.includes(user.subscriptionStatus ?? '');
}

/** Subscribe (to /pricing), Manage Subscription (the dialog), or for a past-due plan the billing page. */
function SubscriptionButton({ user, onSubscriptionChanged }: { user: PublicUser; onSubscriptionChanged: () => void }) {
  const subscribed = isSubscribed(user);
  if (subscribed && isActiveStatus(user.subscriptionStatus)) {
    return (
      <ManageSubscriptionDialog
        user={user}
        onChanged={onSubscriptionChanged}
        trigger={
          <Button size="sm" variant="outline">
            <CreditCard aria-hidden />
            Manage Subscription
          </Button>
        }
      />
    );
  }
  return (
    <Button asChild size="sm" variant={subscribed ? 'outline' : 'default'}>
      <Link to={subscribed ? '/billing' : '/pricing'}>
        <CreditCard aria-hidden />
        {subscribed ? 'Manage Subscription' : 'Subscribe'}
      </Link>
    </Button>
  );
}

export function AccountBox({
  user,
  isLoading,
  onLogout,
  loggingOut,
  onSubscriptionChanged,
}: {
  user: PublicUser | null | undefined;
  isLoading: boolean;
  onLogout: () => void;
  loggingOut: boolean;
  /** After a cancel or resume from the Manage Subscription dialog. */
  onSubscriptionChanged: () => void;
}) {
  if (isLoading) {
    return (
      <section aria-label="Account" className="flex justify-center rounded-lg border p-4">
        <Spinner label="Loading account" />
      </section>
    );
  }

  if (!user) {
    return (
      <section aria-label="Account" className="grid gap-3 rounded-lg border bg-muted/40 p-3">
        <p className="text-sm text-muted-foreground">Log in to see your plan and manage your account.</p>
        <Button asChild className="w-full">
          <Link to="/auth">
            <LogIn aria-hidden />
            Login / Register
          </Link>
        </Button>
      </section>
    );
  }

  return (
    <section aria-label="Account" className="grid gap-3 rounded-lg border bg-muted/40 p-3">
      <div className="flex min-w-0 items-center gap-2">
        <span
          aria-hidden
          className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
        >
          {user.username.charAt(0).toUpperCase()}
        </span>
        <p className="min-w-0 truncate font-medium" title={user.username}>
          {user.username}
        </p>
        {user.emailVerified && (
          <span className="ml-auto inline-flex shrink-0 items-center gap-1 rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800">
            <BadgeCheck className="size-3.5" aria-hidden />
            Verified
          </span>
        )}
      </div>
      {!user.emailVerified && user.email && <EmailNotVerifiedCue />}
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div className="rounded-md bg-card px-2.5 py-1.5">
          <dt className="text-xs text-muted-foreground">Plan</dt>
          <dd className="font-medium">{planLabel(planOf(user))}</dd>
        </div>
        <div className="rounded-md bg-card px-2.5 py-1.5">
          <dt className="text-xs text-muted-foreground">Queries left</dt>
          <dd className="font-medium">{queriesLeft(user)}</dd>
        </div>
      </dl>
      <div className="grid gap-1">
        <SubscriptionButton user={user} onSubscriptionChanged={onSubscriptionChanged} />
        <Button asChild variant="ghost" size="sm" className="justify-start">
          <Link to="/profile">
            <Settings aria-hidden />
            Profile Settings
          </Link>
        </Button>
        <Button variant="ghost" size="sm" className="justify-start" onClick={onLogout} disabled={loggingOut}>
          {loggingOut ? <Loader2 className="animate-spin" aria-hidden /> : <LogOut aria-hidden />}
          Logout
        </Button>
      </div>
    </section>
  );
}
