import type { Plan } from '../../common/billing-schemas';
import { billingMessages } from '../../common/billing-messages';
import { badRequest } from '../http/errors';
import type { UserRow } from '../users/repository';
import type { PlanService } from './plans';
import type { BillingService } from './service';
import { stripeIdOf } from './subscription-state';

// POST /api/verify-payment (docs/product.md, "After payment"): the checkout page's confirmation that a card
// payment went through, after which the subscription it paid for is looked up at Stripe and applied at once.

export type PaymentVerification =
  { success: false; message: string } | { success: true; plan: Plan | null; message: string };

export async function verifyPayment(
  billing: BillingService,
  plans: PlanService,
  user: UserRow,
  paymentIntentId: string,
  clientSecret: string,
): Promise<PaymentVerification> {
  const stripe = await billing.stripe();
  const intent = await stripe.paymentIntents.retrieve(paymentIntentId);
  // The client secret proves the caller saw this payment; the customer proves it is theirs.
  const customer = stripeIdOf(intent.customer);
  if (intent.client_secret !== clientSecret || (customer && customer !== user.stripeCustomerId)) {
    throw badRequest(billingMessages.verificationFailed);
  }
  if (intent.status !== 'succeeded' && intent.status !== 'processing') {
    return { success: false, message: billingMessages.verificationFailed };
  }
  await billing.discoverSubscription(await billing.reload(user));
  const fresh = await billing.reload(user);
  const plan = (await plans.listOffered()).find((p) => p.name === fresh.subscriptionTier) ?? null;
  return { success: true, plan, message: 'Payment verified' };
}
