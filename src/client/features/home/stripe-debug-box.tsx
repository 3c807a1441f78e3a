import { lazy, Suspense } from 'react';
import type { PublicUser } from '../../../common/user-schemas';

// Few accounts need the box, so its code (the Stripe calls, date formatting) loads only for them
// (docs/performance.md, "Home page weight").
const DebugBox = lazy(async () => ({ default: (await import('./stripe-debug-panel')).DebugBox }));

/** The box shows for a user with a Stripe customer but no subscription on record (docs/product.md, "Home page"). */
export function needsStripeDebug(
  user: PublicUser | null | undefined,
): user is PublicUser & { stripeCustomerId: string } {
  return Boolean(user?.stripeCustomerId) && !user?.stripeSubscriptionId;
}

/** A small muted box for checking Stripe directly when the account has a customer but no subscription. */
export function StripeDebugBox({
  user,
  onRefreshed,
}: {
  user: PublicUser | null | undefined;
  onRefreshed: () => Promise<unknown>;
}) {
  if (!needsStripeDebug(user)) return null;
  return (
    <Suspense fallback={null}>
      <DebugBox key={user.stripeCustomerId} customerId={user.stripeCustomerId} onRefreshed={onRefreshed} />
    </Suspense>
  );
}
