import type Stripe from 'stripe';
import type { BillingSubscription } from '../../common/billing-schemas';
import type { PlanService } from './plans';

// A plan change set for the end of the period (plan-change.ts, decision 0020) is written to Stripe
// at once: the item gets the new price with no proration, so Stripe's renewal bills it, and the
// subscription's metadata keeps the plan paid for (`planId`), the next one (`nextPlanId`) and the
// unix time the next one starts (`nextPlanFrom`, the current period's end). Everything that reads
// a subscription's plan goes through `planSchedule`, so the user keeps what they paid for until the
// renewal, and the renewal's invoice grants the new plan's allowance.

export interface PlanSchedule {
  /** Our plan id in force for the subscription's current period, when the metadata names one. */
  planId: string | undefined;
  /** A change still to come. */
  next: { planId: string; startsAt: number } | null;
}

export function planSchedule(subscription: Pick<Stripe.Subscription, 'metadata' | 'items'>): PlanSchedule {
  const metadata = subscription.metadata ?? {};
  const planId = metadata.planId || undefined;
  const nextPlanId = metadata.nextPlanId;
  const startsAt = Number(metadata.nextPlanFrom);
  if (!nextPlanId || !Number.isInteger(startsAt) || startsAt <= 0) return { planId, next: null };
  // The renewal starts the period at `startsAt`: from then on the next plan is the one in force.
  const periodStart = subscription.items?.data?.[0]?.current_period_start;
  if (periodStart !== undefined && periodStart >= startsAt) return { planId: nextPlanId, next: null };
  return { planId, next: { planId: nextPlanId, startsAt } };
}

/** Metadata that sets (or, with `next` null, clears) the plan in force and a change still to come. */
export function scheduleMetadata(planId: string, next: { planId: string; startsAt: number } | null) {
  return { planId, nextPlanId: next?.planId ?? '', nextPlanFrom: next ? String(next.startsAt) : '' };
}

/**
 * The billing page's view with a change set for the period's end: Stripe already holds the next
 * plan's price, but the plan shown is the one in force, and the change is named beside it.
 */
export async function withScheduledChange(
  plans: PlanService,
  subscription: Stripe.Subscription,
  view: BillingSubscription,
): Promise<BillingSubscription> {
  const schedule = planSchedule(subscription);
  if (!schedule.next) return view;
  const [current, next] = await Promise.all([
    schedule.planId ? plans.find(schedule.planId) : undefined,
    plans.find(schedule.next.planId),
  ]);
  return {
    ...view,
    plan: current
      ? {
          id: current.stripePriceId ?? view.plan.id,
          nickname: current.displayName,
          amount: current.price,
          currency: current.currency,
          interval: current.interval,
        }
      : view.plan,
    scheduledChange: {
      planId: schedule.next.planId,
      nickname: next?.displayName ?? view.plan.nickname,
      amount: view.plan.amount,
      currency: view.plan.currency,
      startsAt: schedule.next.startsAt,
    },
  };
}
