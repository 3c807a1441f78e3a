import type { FastifyRequest } from 'fastify';
import { billingMessages } from '../../common/billing-messages';
import type {
  CustomerDiagnostics,
  SubscriptionCheck,
  SubscriptionRefresh,
  SubscriptionStatus,
  SubscriptionVerification,
} from '../../common/subscription-schemas';
import { hasActiveSubscription } from '../allowance/service';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { derivedFromCached } from '../db/read-cache';
import { forbidden, notFound } from '../http/errors';
import type { AnonymousLimits } from '../users/anonymous-limits';
import { findUserById, isAdminUser, isSessionUser, type UserRow } from '../users/repository';
import type { BillingService } from './service';
import type { StripeGateway } from './stripe-gateway';

// What the subscription status calls answer (status-routes.ts): a caller's status, the checks that
// first ask Stripe what it knows, and the diagnostics of a customer's subscriptions.

/** How many of a customer's subscriptions the diagnostics list. */
const DIAGNOSTIC_SUBSCRIPTIONS = 20;

export class SubscriptionStatusService {
  private readonly statuses = new WeakMap<UserRow, SubscriptionStatus>();

  constructor(
    private readonly db: Database,
    private readonly config: Config,
    private readonly billing: BillingService,
    private readonly gateway: StripeGateway,
    private readonly anonymousLimits: AnonymousLimits,
  ) {}

  /** A user's status as stored; no user yet means an anonymous visitor with the whole free allowance. */
  statusOf(user: UserRow | undefined): SubscriptionStatus {
    if (!user) {
      return {
        userId: null,
        hasActiveSubscription: false,
        subscriptionStatus: null,
        subscriptionTier: 'free',
        subscriptionExpiresAt: null,
        stripeSubscriptionId: null,
        paidQuestionsRemaining: 0,
        freeQuestionsRemaining: this.config.freeQuestions,
      };
    }
    // Made once per cached user (db/read-cache.ts): every page load asks for it.
    return derivedFromCached(this.statuses, user, () => ({
      userId: user.id,
      hasActiveSubscription: hasActiveSubscription(user),
      subscriptionStatus: user.subscriptionStatus,
      subscriptionTier: user.subscriptionTier,
      subscriptionExpiresAt: user.subscriptionExpiresAt?.toISOString() ?? null,
      stripeSubscriptionId: user.stripeSubscriptionId,
      paidQuestionsRemaining: user.paidQuestionsRemaining,
      freeQuestionsRemaining: user.freeQuestionsRemaining,
    }));
  }

  /** An anonymous visitor's free count is also bounded by what their address has left today (decision 0022). */
  async callerStatus(request: FastifyRequest, user: UserRow | undefined): Promise<SubscriptionStatus> {
    const status = this.statusOf(user);
    if (user && !isSessionUser(user)) return status;
    const addressLeft = await this.anonymousLimits.questionsLeftToday(request);
    return addressLeft === null
      ? status
      : { ...status, freeQuestionsRemaining: Math.min(status.freeQuestionsRemaining, addressLeft) };
  }

  /** The user after asking Stripe for a subscription we may have missed; as it was when payments are off. */
  async refreshed(user: UserRow | undefined): Promise<UserRow | undefined> {
    if (!user || !(await this.gateway.client())) return user;
    await this.billing.discoverSubscription(user);
    return findUserById(this.db, user.id);
  }

  async check(user: UserRow | undefined): Promise<SubscriptionCheck> {
    const fresh = await this.refreshed(user);
    return {
      isSubscribed: fresh ? hasActiveSubscription(fresh) : false,
      subscriptionTier: fresh?.subscriptionTier ?? 'free',
    };
  }

  async refresh(user: UserRow): Promise<SubscriptionRefresh> {
    const found = await this.billing.discoverSubscription(user);
    const fresh = (await findUserById(this.db, user.id))!;
    return {
      refreshed: found,
      hasSubscription: hasActiveSubscription(fresh),
      message: found ? 'Subscription refreshed' : 'No subscription found for this account',
    };
  }

  /** Refreshes the caller's own subscription from Stripe; another id looks exactly like a missing one. */
  async verify(user: UserRow, subscriptionId: string): Promise<SubscriptionVerification> {
    const another = user.stripeSubscriptionId !== subscriptionId;
    if (another && !(await this.billing.discoverSubscription(user)))
      throw notFound(billingMessages.subscriptionNotFound);
    const current = await this.billing.reload(user);
    if (another && current.stripeSubscriptionId !== subscriptionId)
      throw notFound(billingMessages.subscriptionNotFound);
    await this.billing.refresh(current);
    const fresh = await this.billing.reload(user);
    const verified = hasActiveSubscription(fresh);
    return {
      verified,
      status: fresh.subscriptionStatus,
      message: verified ? 'Subscription verified' : billingMessages.verificationFailed,
    };
  }

  /** Stripe's subscriptions of a customer: the customer themselves or an administrator may look. */
  async customerDiagnostics(user: UserRow, customerId: string): Promise<CustomerDiagnostics> {
    if (user.stripeCustomerId !== customerId && !isAdminUser(user)) throw forbidden();
    const stripe = await this.billing.stripe();
    const list = await stripe.subscriptions.list({
      customer: customerId,
      status: 'all',
      limit: DIAGNOSTIC_SUBSCRIPTIONS,
    });
    return {
      customerId,
      subscriptions: list.data.map((subscription) => ({
        id: subscription.id,
        status: subscription.status,
        cancelAtPeriodEnd: subscription.cancel_at_period_end,
        created: subscription.created,
      })),
    };
  }
}
