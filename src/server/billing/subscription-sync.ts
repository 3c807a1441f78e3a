import { and, eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { isEndedStatus, NO_SUBSCRIPTION } from '../../common/subscription-state';
import { endPaidAllowance } from '../allowance/changes';
import type { Database, Transaction } from '../db/client';
import { payments, subscriptionEvents, users } from '../db/schema';
import { findUserById, type UserRow } from '../users/repository';
import { applyGrant, type AllowanceGrant } from '../allowance/grants';
import { creditedPriceOf } from './credited-price';
import { planSchedule } from './plan-schedule';
import {
  HELD_STATUSES,
  ourStatus,
  periodOf,
  stripeIdOf,
  subscriptionIdOfInvoice,
  UNPAID_STATUSES,
} from './subscription-state';
import type { PlanRow, PlanService } from './plans';

// Applies Stripe's view of a subscription to our user. Webhooks may arrive twice or out of order,
// so every handler re-reads the subscription from Stripe and writes the result as an upsert: the
// last writer always writes the truth, whichever event woke it.

/** The subscription_events type of a second live subscription for one user (WebhookHandler). */
export const SECOND_SUBSCRIPTION_EVENT = 'second_live_subscription';

export interface SubscriptionSnapshot {
  subscription: Stripe.Subscription;
  plan: PlanRow | undefined;
  status: string;
  periodStart: number | null;
  periodEnd: number | null;
}

export class SubscriptionSync {
  constructor(
    private readonly db: Database,
    private readonly plans: PlanService,
  ) {}

  async snapshot(stripe: Stripe, subscriptionId: string): Promise<SubscriptionSnapshot> {
    const subscription = await stripe.subscriptions.retrieve(subscriptionId, { expand: ['items.data.price'] });
    const priceId = subscription.items?.data?.[0]?.price?.id;
    const inForce = planSchedule(subscription).planId;
    const plan =
      (inForce && (await this.plans.find(inForce))) || (priceId ? await this.plans.findByPrice(priceId) : undefined);
    const { start, end } = periodOf(subscription);
    return { subscription, plan, status: ourStatus(subscription), periodStart: start, periodEnd: end };
  }

  /**
   * The user as they are now, locked until the transaction ends. A webhook reads the user before its
   * transaction (it asks Stripe first); by the time it writes, another request (a test reset, a
   * cancellation) may have changed the row, so the decision is made again on this one.
   */
  async lockUser(tx: Transaction, userId: number): Promise<UserRow | undefined> {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    return user;
  }

  /** The user a Stripe object belongs to: our id in its metadata, else the customer it names. */
  async findUser(options: {
    userId?: string | number | null;
    customerId?: string | null;
  }): Promise<UserRow | undefined> {
    const id = Number(options.userId);
    if (Number.isInteger(id) && id > 0) {
      const user = await findUserById(this.db, id);
      if (user) return user;
    }
    if (options.customerId) {
      const [user] = await this.db.select().from(users).where(eq(users.stripeCustomerId, options.customerId)).limit(1);
      return user;
    }
    return undefined;
  }

  /**
   * Writes the snapshot onto the user and records the change, inside the caller's transaction. A
   * subscription becomes the user's once it is held (paid, or trialing); until then it is a
   * checkout attempt and only recorded: the user keeps the plan they have, or stays free. An
   * attempt an account already holds from before decision 0019 is let go (the user is free again).
   * `recordEvent: false` is for a caller that writes its own event row for the change (plan-change.ts).
   */
  async apply(
    tx: Transaction,
    user: UserRow,
    snap: SubscriptionSnapshot,
    eventType: string,
    stripeEventId: string | null,
    { recordEvent = true }: { recordEvent?: boolean } = {},
  ): Promise<void> {
    if (!HELD_STATUSES.has(snap.status)) {
      const holdsIt = user.stripeSubscriptionId === snap.subscription.id;
      const neverPaid = UNPAID_STATUSES.has(snap.status) || UNPAID_STATUSES.has(user.subscriptionStatus ?? '');
      if (holdsIt && neverPaid) return this.releaseAttempt(tx, user, snap, eventType, stripeEventId);
      if (!holdsIt) return this.recordAttempt(tx, user, snap, eventType, stripeEventId);
    }
    const ended = isEndedStatus(snap.status);
    const tier = ended ? 'free' : (snap.plan?.name ?? user.subscriptionTier);
    const customerId = stripeIdOf(snap.subscription.customer);
    await tx
      .update(users)
      .set({
        stripeCustomerId: customerId,
        stripeSubscriptionId: snap.subscription.id,
        subscriptionStatus: snap.status,
        subscriptionTier: tier,
        subscriptionExpiresAt: snap.periodEnd ? new Date(snap.periodEnd * 1000) : null,
        updatedAt: new Date(),
      })
      .where(eq(users.id, user.id));
    // An ended subscription leaves no paid questions behind.
    if (ended) await endPaidAllowance(tx, [user.id], 'subscription-ended');
    if (recordEvent && (user.subscriptionStatus !== snap.status || user.subscriptionTier !== tier)) {
      await tx.insert(subscriptionEvents).values({ ...eventRow(user, snap, eventType, stripeEventId), newTier: tier });
    }
  }

  /**
   * Notes a second live subscription for a user who holds `otherSubscriptionId` (both bill), for the
   * admin console's subscription events; the caller logs it, and nothing is cancelled.
   */
  async recordSecondSubscription(
    tx: Transaction,
    user: UserRow,
    snap: SubscriptionSnapshot,
    otherSubscriptionId: string,
    eventType: string,
    stripeEventId: string | null,
  ): Promise<void> {
    await tx.insert(subscriptionEvents).values({
      ...eventRow(user, snap, SECOND_SUBSCRIPTION_EVENT, stripeEventId),
      newTier: snap.plan?.name ?? null,
      details: { otherSubscriptionId, planId: snap.plan?.id ?? null, stripeEventType: eventType },
    });
  }

  /** Notes a subscription that is not the user's plan (an attempt, or one they moved on from); the user is unchanged. */
  private async recordAttempt(
    tx: Transaction,
    user: UserRow,
    snap: SubscriptionSnapshot,
    eventType: string,
    stripeEventId: string | null,
  ): Promise<void> {
    await tx.insert(subscriptionEvents).values({
      ...eventRow(user, snap, eventType, stripeEventId),
      newTier: user.subscriptionTier,
      details: { checkoutAttempt: true, planId: snap.plan?.id ?? null },
    });
  }

  /** The user's recorded subscription was never paid: it stops being theirs, and they are free. */
  private async releaseAttempt(
    tx: Transaction,
    user: UserRow,
    snap: SubscriptionSnapshot,
    eventType: string,
    stripeEventId: string | null,
  ): Promise<void> {
    const [released] = await tx
      .update(users)
      .set({
        stripeSubscriptionId: null,
        ...NO_SUBSCRIPTION,
        updatedAt: new Date(),
      })
      // Only while it is still that one: a payment applied meanwhile has made it (or another) the plan.
      .where(and(eq(users.id, user.id), eq(users.stripeSubscriptionId, snap.subscription.id)))
      .returning({ id: users.id });
    if (!released) return;
    await tx.insert(subscriptionEvents).values({
      ...eventRow(user, snap, eventType, stripeEventId),
      newStatus: null,
      newTier: 'free',
      details: { checkoutAttempt: true, released: snap.status, planId: snap.plan?.id ?? null },
    });
  }

  /**
   * What paying `invoice` grants, worked out before the transaction (it reads the plans): a plan
   * change's invoice (Stripe's `subscription_update`, the prorations of a change made now) carries
   * the period's used questions over from the plan it credits; any other brings a new period.
   */
  async grantOf(
    invoice: Stripe.Invoice,
    plan: PlanRow | undefined,
    periodStart: number | null,
  ): Promise<AllowanceGrant | null> {
    if (!plan) return null;
    if (invoice.billing_reason !== 'subscription_update') return { kind: 'period', limit: plan.queryLimit };
    const credited = creditedPriceOf(invoice);
    const from = credited ? await this.plans.findByPrice(credited) : undefined;
    return { kind: 'change', fromLimit: from?.queryLimit ?? null, toLimit: plan.queryLimit, periodStart };
  }

  /**
   * Records an invoice's payment; on the first success for that invoice, applies `grant` (from
   * grantOf) to the paid allowance. Returns whether it was applied.
   */
  async recordInvoice(
    tx: Transaction,
    user: UserRow,
    invoice: Stripe.Invoice,
    plan: PlanRow | undefined,
    succeeded: boolean,
    grant: AllowanceGrant | null,
  ): Promise<boolean> {
    const status = succeeded ? 'succeeded' : 'failed';
    const [row] = await tx
      .insert(payments)
      .values({
        userId: user.id,
        amount: succeeded ? invoice.amount_paid : invoice.amount_due,
        currency: invoice.currency,
        status,
        stripeInvoiceId: invoice.id,
        stripeSubscriptionId: subscriptionIdOfInvoice(invoice),
        planId: plan?.id ?? null,
      })
      .onConflictDoUpdate({
        target: payments.stripeInvoiceId,
        set: { status, amount: succeeded ? invoice.amount_paid : invoice.amount_due },
        // A success is final: a late failure event cannot undo it, nor a second success repeat it.
        setWhere: sql`${payments.status} <> 'succeeded'`,
      })
      .returning({ id: payments.id });
    if (!row || !succeeded || !grant) return false;
    await applyGrant(tx, user.id, grant);
    return true;
  }
}

/** A subscription_events row for `snap` reaching `user`: from the user's status and tier to the snapshot's status. */
function eventRow(user: UserRow, snap: SubscriptionSnapshot, eventType: string, stripeEventId: string | null) {
  return {
    userId: user.id,
    eventType,
    stripeEventId,
    stripeSubscriptionId: snap.subscription.id,
    previousStatus: user.subscriptionStatus,
    newStatus: snap.status as string | null,
    previousTier: user.subscriptionTier,
  };
}
