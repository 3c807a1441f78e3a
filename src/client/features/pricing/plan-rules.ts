import type { Plan } from '../../../common/billing-schemas';
import { UNLIMITED_QUERIES } from '../../../common/plans';
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

/** The monthly allowance as a line of text: -1 reads 'Unlimited questions'. */
export function queryLimitLabel(queries: number): string {
  if (queries === UNLIMITED_QUERIES) return 'Unlimited questions';
  return `${queries.toLocaleString('en-US')} questions per month`;
}

/**
 * What every account gets, free questions included (docs/product.md, "Comparison analysis" and
 * "Confidence ranking"): the pricing page says so once, and a plan card does not sell it again.
 */
export const includedForEveryone = [
  'Answers from up to 3 AI models side by side',
  'Comparison analysis of where the answers agree and differ',
  'Confidence ranking of the answers',
] as const;

/** Plan features that only name what every account gets (older plan rows still list them). */
const everyoneFeatures = [/^up to 3 ai models/i, /^comparison analysis/i, /^confidence (ranking|scores?)/i];

/**
 * Whether a plan feature says again what the card's allowance line says ('10 questions' beside
 * '10 questions per month'), or what every account gets anyway.
 */
export function repeatsCardOrEveryone(feature: string, queries: number): boolean {
  const text = feature.trim().toLowerCase();
  if (everyoneFeatures.some((pattern) => pattern.test(text))) return true;
  if (queries === UNLIMITED_QUERIES) return /^unlimited (questions|queries)\b/.test(text);
  const count = /^([\d,]+)\s+(questions?|queries|query)\b/.exec(text)?.[1];
  return count !== undefined && Number(count.replace(/,/g, '')) === queries;
}
