// One vocabulary for the state of a subscription, shared by the server and the client. Statuses are
// Stripe's, plus our 'pending_cancellation': an active subscription set to end with its period
// (server billing/subscription-state.ts turns Stripe's view into ours).

/** A subscription in these statuses grants its allowance and is the user's current plan. */
export const ACTIVE_SUBSCRIPTION_STATUSES: readonly string[] = ['active', 'trialing', 'pending_cancellation'];

/** Active, or a renewal Stripe is still retrying: the account box goes on showing the paid plan. */
export const SHOWN_AS_PLAN_STATUSES: readonly string[] = [...ACTIVE_SUBSCRIPTION_STATUSES, 'past_due'];

/** A subscription the user holds: checkout shows them a plan change, never a second subscription. */
export const HELD_SUBSCRIPTION_STATUSES: readonly string[] = [
  'active',
  'trialing',
  'past_due',
  'pending_cancellation',
  'unpaid',
];

/** A subscription whose first invoice was never paid: a checkout attempt, never a plan (decision 0019). */
export const UNPAID_SUBSCRIPTION_STATUSES: readonly string[] = ['incomplete', 'incomplete_expired'];

/** A subscription that is over: Stripe will never bill it again, and there is nothing to cancel. */
export const ENDED_SUBSCRIPTION_STATUSES: readonly string[] = ['canceled', 'incomplete_expired'];

/** A subscription that is no plan of the user's: never paid (an abandoned checkout) or ended (decision 0019). */
export const NOT_A_PLAN_STATUSES: readonly string[] = [...UNPAID_SUBSCRIPTION_STATUSES, 'canceled'];
export const isPlanStatus = (status: string) => !NOT_A_PLAN_STATUSES.includes(status);

export const isActiveStatus = (status: string | null | undefined) =>
  ACTIVE_SUBSCRIPTION_STATUSES.includes(status ?? '');
export const isEndedStatus = (status: string | null | undefined) => ENDED_SUBSCRIPTION_STATUSES.includes(status ?? '');

/** The user holds a subscription: another plan is a confirmed change (/checkout/<plan>), never a second subscription. */
export function holdsSubscription(
  user: { stripeSubscriptionId: string | null; subscriptionStatus: string | null } | null | undefined,
): boolean {
  return Boolean(user?.stripeSubscriptionId) && HELD_SUBSCRIPTION_STATUSES.includes(user?.subscriptionStatus ?? '');
}

/** A user's subscription fields once they have none: no status, the free tier, no end date. */
export const NO_SUBSCRIPTION = {
  subscriptionStatus: null,
  subscriptionTier: 'free',
  subscriptionExpiresAt: null,
} as const;
