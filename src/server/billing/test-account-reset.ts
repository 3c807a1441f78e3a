import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type Stripe from 'stripe';
import { NO_SUBSCRIPTION } from '../../common/subscription-state';
import { fillMessage } from '../../common/messages';
import { testToolsMessages } from '../../common/test-tools-messages';
import { recordAudit } from '../audit/audit-log';
import type { Config } from '../config';
import { resetToFreeAllowance } from '../allowance/changes';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import type { UserRow } from '../users/repository';
import { isHeld } from './checkout-attempts';
import type { StripeGateway } from './stripe-gateway';

// The /test-tools reset (decision 0021): the caller's own account, only while payments run in test
// mode with a test key, and never leaving a subscription billing at Stripe that the account forgets.

/** A Stripe subscription that can still charge the card: one the account holds, an unpaid attempt, or a paused one. */
const billable = (subscription: Stripe.Subscription) =>
  isHeld(subscription) || subscription.status === 'incomplete' || subscription.status === 'paused';

/** The Stripe SDK when payments run in test mode with a test secret key; null otherwise (live, or none set up). */
export async function testModeStripe(gateway: StripeGateway): Promise<Stripe | null> {
  const current = await gateway.current();
  if (current.mode !== 'test' || !current.secretKey || current.secretKey.startsWith('sk_live_')) return null;
  return gateway.client();
}

/** The subscriptions of the user that could still bill: the one the account holds and any other of its customer. */
async function billableSubscriptions(stripe: Stripe, user: UserRow): Promise<string[]> {
  const found = new Set<string>();
  if (user.stripeCustomerId) {
    for await (const subscription of stripe.subscriptions.list({ customer: user.stripeCustomerId, status: 'all' })) {
      if (billable(subscription)) found.add(subscription.id);
    }
  }
  if (user.stripeSubscriptionId && !found.has(user.stripeSubscriptionId)) {
    try {
      const held = await stripe.subscriptions.retrieve(user.stripeSubscriptionId);
      if (billable(held)) found.add(held.id);
    } catch (error) {
      // Gone at Stripe (another test account's data was wiped, say): nothing left to cancel.
      if ((error as { statusCode?: number }).statusCode !== 404) throw error;
    }
  }
  return [...found];
}

/**
 * Cancels the user's billable subscriptions at Stripe first, then puts the account back to the free
 * plan with a fresh free allowance. If Stripe fails, nothing is forgotten.
 */
export async function resetTestAccount(
  db: Database,
  config: Config,
  stripe: Stripe,
  user: UserRow,
  request: FastifyRequest,
): Promise<{ message: string; cancelledSubscriptions: string[] }> {
  const cancelled = await billableSubscriptions(stripe, user);
  for (const id of cancelled) {
    await stripe.subscriptions.cancel(id, {}, { idempotencyKey: `test-reset-${user.id}-${id}` });
  }
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        ...NO_SUBSCRIPTION,
        stripeSubscriptionId: null,
        updatedAt: new Date(),
      })
      .where(eq(users.id, user.id));
    await resetToFreeAllowance(tx, user.id, config.freeQuestions);
  });
  await recordAudit(db, request.ip, {
    actorUserId: user.id,
    action: 'user.reset',
    targetUserId: user.id,
    details: { testTools: true, cancelledSubscriptions: cancelled },
  });
  const template = cancelled.length > 0 ? testToolsMessages.resetDoneCancelled : testToolsMessages.resetDone;
  return { message: fillMessage(template, { username: user.username }), cancelledSubscriptions: cancelled };
}
