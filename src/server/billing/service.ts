import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import {
  type BillingSubscription,
  type CreateSubscriptionResponse,
  type PaymentMethod,
  type SubscriptionActionResponse,
} from '../../common/billing-schemas';
import { billingMessages } from '../../common/billing-messages';
import { isEndedStatus } from '../../common/subscription-state';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { badRequest, conflict, HttpError, notFound } from '../http/errors';
import { findUserById, type UserRow } from '../users/repository';
import { withScheduledChange } from './plan-schedule';
import type { PlanRow, PlanService } from './plans';
import type { StripeGateway } from './stripe-gateway';
import {
  ageMs,
  ATTEMPT_REUSE_MS,
  attemptIdempotencyKey,
  cancelAttempt,
  cancelStaleAttempts,
  isHeld,
  isIdempotencyConflict,
  isPendingAttempt,
  priceIdOf,
} from './checkout-attempts';
import { HELD_STATUSES, ourStatus, periodOf, stripeIdOf, UNPAID_STATUSES } from './subscription-state';
import type { SubscriptionSnapshot, SubscriptionSync } from './subscription-sync';

const notConfigured = () => new HttpError(503, billingMessages.paymentsNotConfigured);

/** What a signed-in user can do with their subscription, against Stripe, mirrored into our tables. */
export class BillingService {
  constructor(
    private readonly db: Database,
    private readonly gateway: StripeGateway,
    private readonly plans: PlanService,
    private readonly sync: SubscriptionSync,
    private readonly config: Config,
  ) {}

  async stripe(): Promise<Stripe> {
    const client = await this.gateway.client();
    if (!client) throw notConfigured();
    return client;
  }

  /** The user's Stripe customer, created on first need and stored on the user. */
  async customerFor(user: UserRow): Promise<string> {
    if (user.stripeCustomerId) return user.stripeCustomerId;
    const stripe = await this.stripe();
    const customer = await stripe.customers.create(
      { email: user.email ?? undefined, name: user.username, metadata: { userId: String(user.id) } },
      // The account's creation time makes the key unique across databases sharing one Stripe account.
      { idempotencyKey: `customer-${user.id}-${user.createdAt.getTime()}` },
    );
    await this.db
      .update(users)
      .set({ stripeCustomerId: customer.id, updatedAt: new Date() })
      .where(eq(users.id, user.id));
    return customer.id;
  }

  /**
   * Starts (or continues) the user's checkout attempt for `plan` and returns its first payment's
   * secret. An unpaid attempt is Stripe's alone until it is paid (SubscriptionSync.apply): a repeat
   * visit gets the same attempt back while it can still be paid, another plan cancels it, so a
   * user has at most one pending attempt (decision 0019).
   */
  async createSubscription(user: UserRow, planId: string): Promise<CreateSubscriptionResponse> {
    const plan = await this.plans.find(planId);
    if (!plan) throw notFound(billingMessages.planNotFound);
    const { mode } = await this.gateway.current();
    if (!plan.isActive || !plan.stripePriceId || (plan.testOnly && mode !== 'test'))
      throw badRequest(billingMessages.planUnavailable);
    // A second subscription would bill the user twice; a plan change is previewed and confirmed on the checkout page.
    if (user.stripeSubscriptionId && HELD_STATUSES.has(user.subscriptionStatus ?? '')) {
      throw conflict(
        user.subscriptionTier === plan.name ? billingMessages.alreadyOnPlan : billingMessages.confirmPlanChange,
      );
    }
    const stripe = await this.stripe();
    const customer = await this.customerFor(user);
    try {
      return await this.openAttempt(stripe, user, customer, plan);
    } catch (error) {
      if (!isIdempotencyConflict(error)) throw error;
      // A simultaneous call for another plan used the same key first; its attempt is now there to replace.
      return this.openAttempt(stripe, user, customer, plan);
    }
  }

  private async openAttempt(
    stripe: Stripe,
    user: UserRow,
    customer: string,
    plan: PlanRow,
  ): Promise<CreateSubscriptionResponse> {
    const { data: subscriptions } = await stripe.subscriptions.list({ customer, status: 'all', limit: 20 });
    const held = subscriptions.find(isHeld);
    if (held) {
      // Stripe knows of a plan the app has not heard of yet (its webhook is on the way).
      const samePlan = held.metadata?.planId === plan.id || priceIdOf(held) === plan.stripePriceId;
      throw conflict(samePlan ? billingMessages.alreadyOnPlan : billingMessages.confirmPlanChange);
    }
    let reused: CreateSubscriptionResponse | null = null;
    for (const attempt of subscriptions.filter(isPendingAttempt)) {
      const samePlan = attempt.metadata?.planId === plan.id && priceIdOf(attempt) === plan.stripePriceId;
      if (!reused && samePlan && ageMs(attempt) < ATTEMPT_REUSE_MS) {
        const clientSecret = await this.pendingSecret(stripe, attempt.id);
        if (clientSecret) {
          reused = this.started(attempt.id, clientSecret);
          continue;
        }
      }
      await cancelAttempt(stripe, attempt.id, 'Replaced by a newer checkout attempt');
    }
    if (reused) return reused;
    const subscription = await stripe.subscriptions.create(
      {
        customer,
        items: [{ price: plan.stripePriceId! }],
        payment_behavior: 'default_incomplete',
        payment_settings: { save_default_payment_method: 'on_subscription' },
        expand: ['latest_invoice.confirmation_secret'],
        metadata: { userId: String(user.id), planId: plan.id },
      },
      { idempotencyKey: attemptIdempotencyKey(customer, subscriptions) },
    );
    const invoice = subscription.latest_invoice as Stripe.Invoice | null;
    const clientSecret = invoice?.confirmation_secret?.client_secret;
    if (!clientSecret) throw new HttpError(502, billingMessages.noPaymentForm);
    return this.started(subscription.id, clientSecret);
  }

  /** The attempt's first payment secret while its invoice is still open to pay, else null. */
  private async pendingSecret(stripe: Stripe, subscriptionId: string): Promise<string | null> {
    const subscription = await stripe.subscriptions.retrieve(subscriptionId, {
      expand: ['latest_invoice.confirmation_secret'],
    });
    const invoice = subscription.latest_invoice as Stripe.Invoice | null;
    if (subscription.status !== 'incomplete' || invoice?.status !== 'open') return null;
    return invoice.confirmation_secret?.client_secret ?? null;
  }

  private started(subscriptionId: string, clientSecret: string): CreateSubscriptionResponse {
    return { clientSecret, subscriptionId, successUrl: `${this.config.appUrl}/checkout/success` };
  }

  /**
   * The user's current Stripe subscription as the billing page shows it, or null. A subscription
   * that was never paid is not one (an account from before decision 0019 may still hold such an
   * attempt: it is let go here, and the user is free again).
   */
  async currentSubscription(user: UserRow): Promise<BillingSubscription | null> {
    if (!user.stripeSubscriptionId) return null;
    const stripe = await this.stripe();
    let subscription: Stripe.Subscription;
    try {
      subscription = await stripe.subscriptions.retrieve(user.stripeSubscriptionId, { expand: ['items.data.price'] });
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 404) return null;
      throw error;
    }
    const unpaid = UNPAID_STATUSES.has(subscription.status) || UNPAID_STATUSES.has(user.subscriptionStatus ?? '');
    if (unpaid && !isHeld(subscription)) {
      await this.refresh(user, 'unpaid_attempt_released');
      return null;
    }
    if (isEndedStatus(subscription.status)) return null;
    const price = subscription.items.data[0]?.price;
    const plan = price ? await this.plans.findByPrice(price.id) : undefined;
    const { start, end } = periodOf(subscription);
    const status = ourStatus(subscription);
    return withScheduledChange(this.plans, subscription, {
      id: subscription.id,
      status,
      currentPeriodStart: start,
      currentPeriodEnd: end,
      cancelAtPeriodEnd: subscription.cancel_at_period_end || status === 'pending_cancellation',
      plan: {
        id: price?.id ?? '',
        nickname: plan?.displayName ?? price?.nickname ?? 'Subscription',
        amount: price?.unit_amount ?? plan?.price ?? 0,
        currency: price?.currency ?? 'usd',
        interval: price?.recurring?.interval ?? 'month',
      },
    });
  }

  async cancel(user: UserRow, immediate: boolean): Promise<SubscriptionActionResponse> {
    const subscriptionId = this.requireSubscription(user);
    const stripe = await this.stripe();
    if (immediate) await stripe.subscriptions.cancel(subscriptionId);
    else await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    await this.refresh(user, immediate ? 'cancelled_now' : 'cancel_scheduled');
    return { success: true, message: immediate ? billingMessages.cancelledNow : billingMessages.cancelScheduled };
  }

  async resume(user: UserRow): Promise<SubscriptionActionResponse> {
    const subscriptionId = this.requireSubscription(user);
    const stripe = await this.stripe();
    await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: false });
    await this.refresh(user, 'resumed');
    return { success: true, message: billingMessages.resumed };
  }

  async terminate(user: UserRow): Promise<SubscriptionActionResponse> {
    const subscriptionId = this.requireSubscription(user);
    const stripe = await this.stripe();
    await stripe.subscriptions.cancel(subscriptionId);
    await this.refresh(user, 'terminated');
    return { success: true, message: billingMessages.terminated };
  }

  /** Pulls the subscription from Stripe and applies it now, without waiting for the webhook. */
  async refresh(user: UserRow, eventType = 'manual_refresh'): Promise<boolean> {
    if (!user.stripeSubscriptionId) return false;
    const stripe = await this.stripe();
    const snap = await this.sync.snapshot(stripe, user.stripeSubscriptionId);
    await this.applyWithLatestInvoice(stripe, user, snap, eventType);
    return true;
  }

  /**
   * Applies the subscription and, when its latest invoice is paid, records that payment too: a
   * refresh then repairs a missed invoice webhook (the allowance included), and recording an
   * invoice twice changes nothing.
   */
  private async applyWithLatestInvoice(stripe: Stripe, user: UserRow, snap: SubscriptionSnapshot, eventType: string) {
    const latest = snap.subscription.latest_invoice;
    const invoiceId = stripeIdOf(latest);
    const invoice = invoiceId ? await stripe.invoices.retrieve(invoiceId) : null;
    const grant = invoice?.status === 'paid' ? await this.sync.grantOf(invoice, snap.plan, snap.periodStart) : null;
    await this.db.transaction(async (tx) => {
      await this.sync.apply(tx, user, snap, eventType, null);
      if (invoice?.status === 'paid') await this.sync.recordInvoice(tx, user, invoice, snap.plan, true, grant);
    });
  }

  /**
   * Refreshes the user's subscription from Stripe and, when they hold none there, looks for a live
   * one made elsewhere (a Payment Link, a missed webhook) and applies it. The customer's checkout
   * attempts still incomplete after a day are cancelled on the way. True when a subscription was
   * refreshed or found.
   */
  async discoverSubscription(user: UserRow): Promise<boolean> {
    let refreshed = false;
    if (user.stripeSubscriptionId) {
      const stripe = await this.stripe();
      const snap = await this.sync.snapshot(stripe, user.stripeSubscriptionId);
      await this.applyWithLatestInvoice(stripe, user, snap, 'manual_refresh');
      if (HELD_STATUSES.has(snap.status)) return true;
      refreshed = !UNPAID_STATUSES.has(snap.status);
      user = await this.reload(user);
    }
    if (!user.stripeCustomerId) return refreshed;
    const stripe = await this.stripe();
    const list = await stripe.subscriptions.list({ customer: user.stripeCustomerId, status: 'all', limit: 20 });
    await cancelStaleAttempts(stripe, list.data);
    const live = list.data.find((s) => ['active', 'trialing', 'past_due'].includes(s.status));
    if (!live) return refreshed;
    const snap = await this.sync.snapshot(stripe, live.id);
    await this.applyWithLatestInvoice(stripe, user, snap, 'discovered');
    return true;
  }

  async paymentMethods(user: UserRow): Promise<PaymentMethod[]> {
    if (!user.stripeCustomerId) return [];
    const stripe = await this.stripe();
    const customer = (await stripe.customers.retrieve(user.stripeCustomerId)) as
      Stripe.Customer | Stripe.DeletedCustomer;
    // Checkout saves the card on the subscription; 'Set Default' also sets the customer's. Either counts.
    const customerDefault =
      'deleted' in customer && customer.deleted
        ? null
        : stripeIdOf((customer as Stripe.Customer).invoice_settings?.default_payment_method);
    const subscriptionDefault = user.stripeSubscriptionId
      ? stripeIdOf((await stripe.subscriptions.retrieve(user.stripeSubscriptionId)).default_payment_method)
      : null;
    let defaultId = customerDefault ?? subscriptionDefault;
    const methods = await stripe.paymentMethods.list({ customer: user.stripeCustomerId, type: 'card', limit: 20 });
    // A first card added on /add-payment-method becomes the default, so renewals have something to charge.
    const first = methods.data[0];
    if (!defaultId && methods.data.length === 1 && first) {
      await stripe.customers.update(user.stripeCustomerId, { invoice_settings: { default_payment_method: first.id } });
      defaultId = first.id;
    }
    return methods.data.map((pm) => ({
      id: pm.id,
      brand: pm.card?.brand ?? 'other',
      last4: pm.card?.last4 ?? '----',
      expMonth: pm.card?.exp_month ?? 0,
      expYear: pm.card?.exp_year ?? 0,
      isDefault: pm.id === defaultId,
    }));
  }

  async setDefaultPaymentMethod(user: UserRow, paymentMethodId: string): Promise<void> {
    const methods = await this.paymentMethods(user);
    // Only one of the user's own cards can become their default.
    if (!methods.some((m) => m.id === paymentMethodId)) throw notFound('Payment method not found');
    const stripe = await this.stripe();
    await stripe.customers.update(user.stripeCustomerId!, {
      invoice_settings: { default_payment_method: paymentMethodId },
    });
    if (user.stripeSubscriptionId)
      await stripe.subscriptions.update(user.stripeSubscriptionId, { default_payment_method: paymentMethodId });
  }

  async createSetupIntent(user: UserRow): Promise<{ clientSecret: string }> {
    const stripe = await this.stripe();
    const customer = await this.customerFor(user);
    const intent = await stripe.setupIntents.create({
      customer,
      automatic_payment_methods: { enabled: true },
      usage: 'off_session',
      metadata: { userId: String(user.id) },
    });
    if (!intent.client_secret)
      throw new HttpError(502, 'The payment provider did not return a setup form. Please try again.');
    return { clientSecret: intent.client_secret };
  }

  async reload(user: UserRow): Promise<UserRow> {
    return (await findUserById(this.db, user.id)) ?? user;
  }

  private requireSubscription(user: UserRow): string {
    if (!user.stripeSubscriptionId) throw badRequest(billingMessages.noSubscription);
    return user.stripeSubscriptionId;
  }
}
