import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import { billingMessages } from '../../common/billing-messages';
import type { Database, Transaction } from '../db/client';
import { stripeEvents, subscriptionEvents } from '../db/schema';
import { badRequest, HttpError } from '../http/errors';
import type { AppMetrics, WebhookOutcomeKind } from '../http/metrics';
import { constructWebhookEvent, type StripeGateway } from './stripe-gateway';
import type { UserRow } from '../users/repository';
import { HELD_STATUSES, ourStatus, stripeIdOf, subscriptionIdOfInvoice } from './subscription-state';
import type { SubscriptionSnapshot, SubscriptionSync } from './subscription-sync';
import {
  checkoutWebhookEvents,
  invoiceWebhookEvents,
  subscriptionWebhookEvents,
} from '../../common/stripe-webhook-events';

export type WebhookOutcome = { received: true; duplicate?: true; ignored?: true };

// The one list of events we act on (src/common/stripe-webhook-events.ts), which Payment Settings and the README show.
const SUBSCRIPTION_EVENTS = new Set<string>(subscriptionWebhookEvents);
const INVOICE_EVENTS = new Set<string>(invoiceWebhookEvents);
const CHECKOUT_EVENTS = new Set<string>(checkoutWebhookEvents);

/**
 * POST /stripe-webhook: checks the signature against the active mode's secret, then applies the
 * event once. The processed event id is inserted in the same transaction as the effects, so a
 * duplicate delivery (or two at once) changes nothing the second time.
 */
export class WebhookHandler {
  constructor(
    private readonly db: Database,
    private readonly gateway: StripeGateway,
    private readonly sync: SubscriptionSync,
    private readonly log: FastifyBaseLogger,
    private readonly metrics?: Pick<AppMetrics, 'webhook'>,
  ) {}

  /** Counts each delivery's outcome for /metrics: a bad signature is 'rejected', any other failure 'failed'. */
  async handle(rawBody: Buffer, signature: string | undefined): Promise<WebhookOutcome> {
    let outcome: WebhookOutcomeKind = 'failed';
    try {
      const receipt = await this.process(rawBody, signature);
      outcome = receipt.duplicate ? 'duplicate' : receipt.ignored ? 'ignored' : 'applied';
      return receipt;
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 400) outcome = 'rejected';
      throw error;
    } finally {
      this.metrics?.webhook(outcome);
    }
  }

  private async process(rawBody: Buffer, signature: string | undefined): Promise<WebhookOutcome> {
    const { webhookSecret } = await this.gateway.current();
    if (!webhookSecret) throw new HttpError(503, billingMessages.paymentsNotConfigured);
    let event: Stripe.Event;
    try {
      event = constructWebhookEvent(rawBody, signature ?? '', webhookSecret);
    } catch {
      throw badRequest(billingMessages.invalidSignature);
    }
    const known =
      SUBSCRIPTION_EVENTS.has(event.type) || INVOICE_EVENTS.has(event.type) || CHECKOUT_EVENTS.has(event.type);
    const plan = known ? await this.gather(event) : null;

    const applied = await this.db.transaction(async (tx) => {
      const [fresh] = await tx
        .insert(stripeEvents)
        .values({ id: event.id, type: event.type })
        .onConflictDoNothing()
        .returning();
      if (!fresh) return 'duplicate' as const;
      if (!plan) return 'ignored' as const;
      await plan(tx);
      return 'applied' as const;
    });
    this.log.info({ stripeEvent: event.id, type: event.type, outcome: applied }, 'stripe webhook');
    if (applied === 'duplicate') return { received: true, duplicate: true };
    if (applied === 'ignored') return { received: true, ignored: true };
    return { received: true };
  }

  /** Reads what the event needs from Stripe before the transaction opens; returns the write to make in it. */
  private async gather(event: Stripe.Event): Promise<((tx: Transaction) => Promise<void>) | null> {
    const stripe = await this.gateway.client();
    if (!stripe) throw new HttpError(503, billingMessages.paymentsNotConfigured);
    const object = event.data.object as unknown as Record<string, unknown>;

    if (CHECKOUT_EVENTS.has(event.type)) {
      const session = object as unknown as Stripe.Checkout.Session;
      const customerId = stripeIdOf(session.customer);
      const user = await this.sync.findUser({
        userId: session.client_reference_id ?? session.metadata?.userId,
        customerId,
      });
      if (!user) return this.unmatched(event);
      const subscriptionId = stripeIdOf(session.subscription);
      const snap =
        event.type === 'checkout.session.completed' && subscriptionId
          ? await this.sync.snapshot(stripe, subscriptionId)
          : null;
      const other = snap ? await this.otherLiveSubscription(stripe, user, snap) : null;
      return async (tx) => {
        const current = (await this.sync.lockUser(tx, user.id)) ?? user;
        if (snap && other) await this.recordSecond(tx, current, snap, other, event);
        if (snap) await this.sync.apply(tx, current, snap, event.type, event.id);
        else
          await tx.insert(subscriptionEvents).values({
            userId: user.id,
            eventType: event.type,
            stripeEventId: event.id,
            details: { checkoutSessionId: session.id },
          });
      };
    }

    const invoice = INVOICE_EVENTS.has(event.type) ? (object as unknown as Stripe.Invoice) : null;
    const subscriptionId = invoice ? subscriptionIdOfInvoice(invoice) : String(object.id);
    if (!subscriptionId) return null;
    const snap: SubscriptionSnapshot = await this.sync.snapshot(stripe, subscriptionId);
    const customerId = stripeIdOf(snap.subscription.customer);
    const user = await this.sync.findUser({ userId: snap.subscription.metadata?.userId, customerId });
    if (!user) return this.unmatched(event);
    const grant = invoice ? await this.sync.grantOf(invoice, snap.plan, snap.periodStart) : null;
    const other = await this.otherLiveSubscription(stripe, user, snap);
    return async (tx) => {
      const current = (await this.sync.lockUser(tx, user.id)) ?? user;
      if (other) await this.recordSecond(tx, current, snap, other, event);
      await this.sync.apply(tx, current, snap, event.type, event.id);
      if (invoice)
        await this.sync.recordInvoice(tx, current, invoice, snap.plan, event.type !== 'invoice.payment_failed', grant);
    };
  }

  /**
   * The live subscription the user already holds when `snap` is a different live one: both bill. The
   * one on record is read from Stripe, since its own ending may not have reached us yet.
   */
  private async otherLiveSubscription(stripe: Stripe, user: UserRow, snap: SubscriptionSnapshot) {
    const held = user.stripeSubscriptionId;
    if (!held || held === snap.subscription.id) return null;
    if (!HELD_STATUSES.has(snap.status) || !HELD_STATUSES.has(user.subscriptionStatus ?? '')) return null;
    try {
      return HELD_STATUSES.has(ourStatus(await stripe.subscriptions.retrieve(held))) ? held : null;
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 404) return null;
      throw error;
    }
  }

  /**
   * A second live subscription is for a person to sort out (refund, cancel one): it is logged and
   * recorded for the admin console's subscription events, and nothing is cancelled here. The user
   * then holds the newer one, as before, until either changes.
   */
  private async recordSecond(
    tx: Transaction,
    user: UserRow,
    snap: SubscriptionSnapshot,
    other: string,
    event: Stripe.Event,
  ) {
    this.log.warn(
      { stripeEvent: event.id, userId: user.id, subscription: snap.subscription.id, otherSubscription: other },
      'second live subscription for a user who holds another; both bill until one is cancelled',
    );
    await this.sync.recordSecondSubscription(tx, user, snap, other, event.type, event.id);
  }

  private unmatched(event: Stripe.Event) {
    this.log.warn(
      { stripeEvent: event.id, type: event.type },
      'stripe webhook for an unknown customer; recorded and skipped',
    );
    return null;
  }
}
