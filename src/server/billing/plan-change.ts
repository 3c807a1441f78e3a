import { and, eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import {
  PLAN_CHANGE_QUOTE_TTL_SECONDS,
  type PlanChangePreview,
  type PlanChangeRefusal,
  type PlanChangeRequest,
  type PlanChangeResult,
  type PlanChangeWhen,
} from '../../common/billing-schemas';
import { billingMessages, planChangeMessages } from '../../common/billing-messages';
import { planChangeDirection } from '../../common/plans';
import { isEndedStatus } from '../../common/subscription-state';
import type { Database } from '../db/client';
import { subscriptionEvents } from '../db/schema';
import { badRequest, conflict, notFound } from '../http/errors';
import type { UserRow } from '../users/repository';
import { applyGrant, type AllowanceGrant } from '../allowance/grants';
import { planSchedule, scheduleMetadata } from './plan-schedule';
import type { PlanRow, PlanService } from './plans';
import type { BillingService } from './service';
import { HELD_STATUSES, periodOf, stripeIdOf } from './subscription-state';
import type { SubscriptionSync } from './subscription-sync';

// Changing the plan of a live subscription (decision 0020): `preview` only reads (Stripe's preview
// invoice), `confirm` changes. A dearer or same-price plan applies now, charged today through
// Stripe's prorations at the previewed proration date, and only if the card pays; a cheaper one by
// default when the period ends (plan-schedule.ts), or now with the unused time as credit. A
// subscription set to end is never resumed here: that is the Billing page's Resume.

/** Stripe statuses in which the plan may change: a subscription with a payment problem is fixed first. */
const CHANGEABLE = new Set(['active', 'trialing']);
/** How far ahead of our clock a proration date may be (Stripe's and ours differ a little). */
const CLOCK_SKEW_SECONDS = 60;

type PlanSide = Pick<
  PlanRow,
  'id' | 'name' | 'displayName' | 'price' | 'currency' | 'interval' | 'queryLimit' | 'stripePriceId'
>;

interface Situation {
  stripe: Stripe;
  subscription: Stripe.Subscription;
  item: Stripe.SubscriptionItem;
  period: { start: number; end: number };
  current: PlanSide;
  target: PlanRow & { stripePriceId: string };
  /** A change already set for the period's end. */
  scheduled: { planId: string; displayName: string; startsAt: number } | null;
  /** The target is the plan in force: confirming undoes the scheduled change. */
  keep: boolean;
}

const refuse = (message: string, reason: PlanChangeRefusal) => conflict(message, { reason });
const nowSeconds = () => Math.floor(Date.now() / 1000);
const isoOf = (seconds: number) => new Date(seconds * 1000).toISOString();

export class PlanChangeService {
  constructor(
    private readonly db: Database,
    private readonly billing: BillingService,
    private readonly plans: PlanService,
    private readonly sync: SubscriptionSync,
  ) {}

  /** What changing to `planId` would do, from Stripe's preview invoice. Changes nothing anywhere. */
  async preview(user: UserRow, planId: string, asked?: PlanChangeWhen): Promise<PlanChangePreview> {
    const s = await this.situation(user, planId);
    const when = this.whenFor(s, asked);
    const prorationDate = nowSeconds();
    const customer = stripeIdOf(s.subscription.customer) ?? undefined;
    const quantity = s.item.quantity ?? 1;
    let amountDueToday = 0;
    let creditToday = 0;
    let nextAmount: number;
    let currency: string;
    if (when === 'now' && !s.keep) {
      const invoice = await s.stripe.invoices.createPreview({
        customer,
        subscription: s.subscription.id,
        subscription_details: {
          items: [{ id: s.item.id, price: s.target.stripePriceId }],
          proration_behavior: 'always_invoice',
          proration_date: prorationDate,
        },
      });
      amountDueToday = invoice.amount_due;
      creditToday = Math.max(0, -invoice.total);
      currency = invoice.currency;
      // What the customer's balance holds after this invoice pays (negative = credit) lowers the renewal.
      const balanceAfter = invoice.starting_balance + invoice.total - invoice.amount_due;
      nextAmount = Math.max(0, s.target.price * quantity + balanceAfter);
    } else {
      const renewal = await s.stripe.invoices.createPreview({
        customer,
        subscription: s.subscription.id,
        subscription_details: {
          items: [{ id: s.item.id, price: (s.keep ? s.current : s.target).stripePriceId! }],
          proration_behavior: 'none',
        },
      });
      nextAmount = renewal.amount_due;
      currency = renewal.currency;
    }
    return {
      current: side(s.current),
      target: side(s.target),
      direction: planChangeDirection(s.current.price, s.target.price),
      when,
      amountDueToday,
      creditToday,
      currency,
      effectiveAt: isoOf(when === 'now' ? prorationDate : s.period.end),
      periodEnd: isoOf(s.period.end),
      nextPayment: { amount: nextAmount, currency, date: isoOf(s.period.end) },
      prorationDate,
      keepsCurrentPlan: s.keep,
      scheduledChange: s.scheduled
        ? { planId: s.scheduled.planId, displayName: s.scheduled.displayName, startsAt: isoOf(s.scheduled.startsAt) }
        : null,
    };
  }

  /** Makes the previewed change. `prorationDate` is the preview's, so what Stripe charges is what was shown. */
  async confirm(user: UserRow, request: PlanChangeRequest): Promise<PlanChangeResult> {
    const s = await this.situation(user, request.planId);
    const when = this.whenFor(s, request.when);
    const { stripe, subscription, item } = s;
    // A double click sends the same change twice and Stripe makes it once. The subscription's state
    // (its price and latest invoice) is part of the key, so switching back and forth within the same
    // quoted second is a new change each time, never an old one replayed.
    const latest =
      typeof subscription.latest_invoice === 'string' ? subscription.latest_invoice : subscription.latest_invoice?.id;
    const idempotencyKey = `plan-change-${user.id}-${subscription.id}-${item.price.id}-${latest ?? ''}-${request.planId}-${when}-${request.prorationDate}`;

    if (s.keep || when === 'period_end') {
      const next = s.keep ? null : { planId: s.target.id, startsAt: s.period.end };
      await stripe.subscriptions.update(
        subscription.id,
        {
          items: [{ id: item.id, price: (s.keep ? s.current : s.target).stripePriceId! }],
          proration_behavior: 'none',
          metadata: scheduleMetadata(s.current.id, next),
        },
        { idempotencyKey },
      );
      const tier = await this.record(
        user,
        s,
        s.keep ? 'plan_change_kept' : 'plan_change_scheduled',
        null,
        idempotencyKey,
      );
      return {
        success: true,
        message: s.keep ? planChangeMessages.kept : planChangeMessages.scheduled,
        when: s.keep ? 'now' : 'period_end',
        effectiveAt: isoOf(s.keep ? nowSeconds() : s.period.end),
        amountCharged: 0,
        currency: subscription.currency,
        subscriptionTier: tier,
      };
    }

    this.checkQuote(request.prorationDate, s.period);
    let updated: Stripe.Subscription;
    try {
      updated = await stripe.subscriptions.update(
        subscription.id,
        {
          items: [{ id: item.id, price: s.target.stripePriceId }],
          proration_behavior: 'always_invoice',
          proration_date: request.prorationDate,
          // A declined card leaves the subscription as it was (Stripe answers 402 and changes nothing).
          payment_behavior: 'error_if_incomplete',
          metadata: scheduleMetadata(s.target.id, null),
          expand: ['latest_invoice'],
        },
        { idempotencyKey },
      );
    } catch (error) {
      const { type, statusCode } = error as { type?: string; statusCode?: number };
      if (type === 'StripeCardError' || statusCode === 402)
        throw refuse(planChangeMessages.cardDeclined, 'card_declined');
      throw error;
    }
    const invoice = updated.latest_invoice as Stripe.Invoice | null;
    const billed = invoice && invoice.id !== latest ? invoice : null;
    const tier = await this.record(user, s, 'plan_changed', billed, idempotencyKey);
    return {
      success: true,
      message: planChangeMessages.changedNow,
      when: 'now',
      effectiveAt: isoOf(request.prorationDate),
      amountCharged: billed?.amount_paid ?? 0,
      currency: billed?.currency ?? subscription.currency,
      subscriptionTier: tier,
    };
  }

  /**
   * Applies Stripe's subscription to the user, records the change as one event and, for a change made
   * now, grants the new plan's allowance: through the change's invoice, which its webhook may record
   * first (either way it grants once), or directly when Stripe billed nothing for it.
   *
   * Confirms of one change sent at once (a double click, two tabs) reach Stripe as one change through
   * `changeKey`, its idempotency key, and meet here on the user's row lock: the first records the
   * change under that key, the others find it recorded and write nothing.
   */
  private async record(
    user: UserRow,
    s: Situation,
    eventType: string,
    billed: Stripe.Invoice | null,
    changeKey: string,
  ): Promise<string> {
    const snap = await this.sync.snapshot(s.stripe, s.subscription.id);
    const now = eventType === 'plan_changed';
    await this.db.transaction(async (tx) => {
      const current = await this.sync.lockUser(tx, user.id);
      if (!current) return;
      const [recorded] = await tx
        .select({ id: subscriptionEvents.id })
        .from(subscriptionEvents)
        .where(
          and(eq(subscriptionEvents.userId, user.id), sql`${subscriptionEvents.details}->>'change' = ${changeKey}`),
        )
        .limit(1);
      if (recorded) return;
      await this.sync.apply(tx, current, snap, eventType, null, { recordEvent: false });
      // The tiers are the ones this confirm saw before the change: a webhook may have applied it first.
      await tx.insert(subscriptionEvents).values({
        userId: user.id,
        eventType,
        stripeSubscriptionId: s.subscription.id,
        previousStatus: user.subscriptionStatus,
        newStatus: snap.status,
        previousTier: user.subscriptionTier,
        newTier: snap.plan?.name ?? user.subscriptionTier,
        details: {
          from: s.current.id,
          to: s.keep ? s.current.id : s.target.id,
          ...(!now && { startsAt: s.period.end }),
          change: changeKey,
        },
      });
      if (!now) return;
      // The questions used this period count against the new plan (decision 0020): no refill by switching.
      const grant: AllowanceGrant = {
        kind: 'change',
        fromLimit: s.current.id ? s.current.queryLimit : null,
        toLimit: s.target.queryLimit,
        periodStart: s.period.start,
      };
      if (billed?.status === 'paid') await this.sync.recordInvoice(tx, user, billed, s.target, true, grant);
      else if (!billed) await applyGrant(tx, user.id, grant);
    });
    return snap.plan?.name ?? user.subscriptionTier;
  }

  /** Reads the subscription from Stripe and refuses what cannot be changed, with the way out. */
  private async situation(user: UserRow, planId: string): Promise<Situation> {
    if (!user.stripeSubscriptionId || !HELD_STATUSES.has(user.subscriptionStatus ?? ''))
      throw badRequest(billingMessages.noSubscription);
    const target = await this.plans.find(planId);
    if (!target) throw notFound(billingMessages.planNotFound);
    const offered = await this.plans.listOffered();
    const targetPrice = target.stripePriceId;
    if (!targetPrice || !offered.some((plan) => plan.id === target.id))
      throw badRequest(billingMessages.planUnavailable);

    const stripe = await this.billing.stripe();
    const subscription = await stripe.subscriptions.retrieve(user.stripeSubscriptionId, {
      expand: ['items.data.price'],
    });
    if (isEndedStatus(subscription.status)) throw badRequest(billingMessages.noSubscription);
    // Changing the plan must not quietly undo a cancellation: resuming is its own decision.
    if (subscription.cancel_at_period_end || subscription.cancel_at)
      throw refuse(planChangeMessages.resumeFirst, 'resume_first');
    if (!CHANGEABLE.has(subscription.status)) throw refuse(planChangeMessages.paymentIssue, 'payment_issue');
    const item = subscription.items.data[0];
    const { start, end } = periodOf(subscription);
    if (!item || start === null || end === null) throw badRequest(billingMessages.noSubscription);

    const schedule = planSchedule(subscription);
    const inForce =
      (schedule.planId ? await this.plans.find(schedule.planId) : undefined) ??
      (await this.plans.findByPrice(item.price.id));
    const current: PlanSide = inForce ?? {
      id: '',
      name: user.subscriptionTier,
      displayName: item.price.nickname ?? 'Current plan',
      price: item.price.unit_amount ?? 0,
      currency: item.price.currency,
      interval: item.price.recurring?.interval ?? 'month',
      queryLimit: 0,
      stripePriceId: item.price.id,
    };
    const nextPlan = schedule.next ? await this.plans.find(schedule.next.planId) : undefined;
    const scheduled = schedule.next
      ? {
          planId: schedule.next.planId,
          displayName: nextPlan?.displayName ?? schedule.next.planId,
          startsAt: schedule.next.startsAt,
        }
      : null;
    const keep = scheduled !== null && target.id === current.id;
    if (target.id === current.id && !keep) throw refuse(billingMessages.alreadyOnPlan, 'already_on_plan');
    if (scheduled && target.id === scheduled.planId)
      throw refuse(planChangeMessages.alreadyScheduled, 'change_scheduled');
    return {
      stripe,
      subscription,
      item,
      period: { start, end },
      current,
      target: { ...target, stripePriceId: targetPrice },
      scheduled,
      keep,
    };
  }

  /**
   * The asked time, else the terms (docs/product.md, "Terms and legal pages"): fee changes apply at the end of the
   * current period, so a cheaper plan waits for it by default; a dearer one is bought now. While a change is set for
   * the period's end, only another such change is possible (its proration would start from the wrong price).
   */
  private whenFor(s: Situation, asked: PlanChangeWhen | undefined): PlanChangeWhen {
    if (s.keep) return 'now';
    const when = asked ?? (planChangeDirection(s.current.price, s.target.price) === 'downgrade' ? 'period_end' : 'now');
    if (s.scheduled && when === 'now') throw refuse(planChangeMessages.changeScheduled, 'change_scheduled');
    return when;
  }

  /** The preview's proration date must be recent and inside the period, or the charge would not be the one shown. */
  private checkQuote(prorationDate: number, period: { start: number; end: number }): void {
    const now = nowSeconds();
    const fresh = prorationDate >= now - PLAN_CHANGE_QUOTE_TTL_SECONDS && prorationDate <= now + CLOCK_SKEW_SECONDS;
    if (!fresh || prorationDate < period.start || prorationDate > period.end)
      throw refuse(planChangeMessages.quoteExpired, 'quote_expired');
  }
}

function side(plan: PlanSide): PlanChangePreview['current'] {
  return {
    planId: plan.id,
    displayName: plan.displayName,
    price: plan.price,
    currency: plan.currency,
    interval: plan.interval,
    questions: plan.queryLimit,
  };
}
