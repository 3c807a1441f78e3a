import type { Plan } from '../../../common/billing-schemas';
import type { PublicUser } from '../../../common/user-schemas';
import { isActiveStatus } from '../../../common/subscription-state';

// The card button rules (docs/product.md, "Pricing page"), kept apart from the markup so each
// rule reads on its own.

/** Statuses in which the user holds a paid plan they could change rather than buy. */

export function isSubscribed(user: PublicUser | null | undefined): boolean {
  if (!user) return false;
  const tier = user.subscriptionTier;
  return Boolean(tier) && tier !== 'free' && isActiveStatus(user.subscriptionStatus);
}

export function isCurrentPlan(plan: Plan, user: PublicUser | null | undefined): boolean {
  return isSubscribed(user) && (user!.subscriptionTier === plan.name || user!.subscriptionTier === plan.id);
}

/** A plan can be bought only when it is active and the payment provider knows its price. */
export function isPurchasable(plan: Plan): boolean {
  return plan.isActive && plan.stripePriceId !== null;
}

export interface PlanButtonState {
  label: 'Currently Unavailable' | 'Current Plan' | 'Processing...' | 'Change to this Plan' | 'Select Plan';
  disabled: boolean;
}

export function planButtonState(
  plan: Plan,
  user: PublicUser | null | undefined,
  processingPlanId: string | null,
): PlanButtonState {
  if (!isPurchasable(plan)) return { label: 'Currently Unavailable', disabled: true };
  if (isCurrentPlan(plan, user)) return { label: 'Current Plan', disabled: true };
  if (processingPlanId === plan.id) return { label: 'Processing...', disabled: true };
  // While one plan is starting, the others wait rather than start a second checkout.
  const disabled = processingPlanId !== null;
  return isSubscribed(user) ? { label: 'Change to this Plan', disabled } : { label: 'Select Plan', disabled };
}
