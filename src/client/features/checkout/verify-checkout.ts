import { fetchSubscriptionStatus } from '../../api/subscription-status';
import { checkSubscription, verifyPayment } from '../../api/subscription-sync';
import { ApiError } from '../../lib/api';
import { planLabel } from '../../lib/format';

// The checkout success page's checks (docs/product.md, "After payment"), in the documented
// order, stopping at the first that finds the subscription active:
//   1. the current status, 2. a direct check, 3. (after the 1 s extra delay) a forced refresh,
//   4. the server's verification of the payment itself.

/** The extra verification delay of 1 s, before the forced refresh (docs/product.md, "Cache and timing rules"). */
export const VERIFY_EXTRA_DELAY_MS = 1000;

export interface CheckoutParams {
  paymentIntentId: string;
  paymentIntentClientSecret: string;
  subscriptionId?: string;
}

/** payment_intent and payment_intent_client_secret are required; subscription_id is optional. */
export function readCheckoutParams(search: URLSearchParams): CheckoutParams | null {
  const paymentIntentId = search.get('payment_intent');
  const paymentIntentClientSecret = search.get('payment_intent_client_secret');
  if (!paymentIntentId || !paymentIntentClientSecret) return null;
  const subscriptionId = search.get('subscription_id') || undefined;
  return { paymentIntentId, paymentIntentClientSecret, ...(subscriptionId ? { subscriptionId } : {}) };
}

export type VerificationStep = 'status' | 'check' | 'refresh' | 'verify';

export type VerificationOutcome =
  | { verified: true; planName: string | null }
  | {
      verified: false;
      /** The server's reason, when it gave one. */
      message: string | null;
      /** The verification call itself failed (as opposed to answering 'not paid'). */
      errored: boolean;
      /** The status by session could not be found at all. */
      sessionMissing: boolean;
    };

export async function verifyCheckout(
  params: CheckoutParams,
  sessionId: string,
  {
    onStep = () => {},
    wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
    isCancelled = () => false,
  }: {
    onStep?: (step: VerificationStep) => void;
    wait?: (ms: number) => Promise<void>;
    isCancelled?: () => boolean;
  } = {},
): Promise<VerificationOutcome | null> {
  let sessionMissing = false;

  onStep('status');
  try {
    const status = await fetchSubscriptionStatus(sessionId);
    if (status.hasActiveSubscription) return { verified: true, planName: planLabel(status.subscriptionTier) };
  } catch (error) {
    // Not fatal: the later checks may still find the subscription.
    sessionMissing = error instanceof ApiError && (error.status === 404 || error.status === 400);
  }
  if (isCancelled()) return null;

  onStep('check');
  try {
    const check = await checkSubscription(sessionId);
    if (check.isSubscribed) return { verified: true, planName: planLabel(check.subscriptionTier) };
  } catch {
    // Carry on to the forced refresh.
  }
  if (isCancelled()) return null;

  onStep('refresh');
  await wait(VERIFY_EXTRA_DELAY_MS);
  if (isCancelled()) return null;
  try {
    const status = await fetchSubscriptionStatus(sessionId, { forceRefresh: true });
    if (status.hasActiveSubscription) return { verified: true, planName: planLabel(status.subscriptionTier) };
  } catch {
    // Carry on to the payment verification.
  }
  if (isCancelled()) return null;

  onStep('verify');
  try {
    const answer = await verifyPayment({
      paymentIntentId: params.paymentIntentId,
      paymentIntentClientSecret: params.paymentIntentClientSecret,
      ...(params.subscriptionId ? { subscriptionId: params.subscriptionId } : {}),
    });
    if (answer.success) return { verified: true, planName: answer.plan?.displayName ?? null };
    return { verified: false, message: answer.message ?? null, errored: false, sessionMissing };
  } catch (error) {
    const message = error instanceof ApiError ? (error.serverMessage ?? null) : null;
    return { verified: false, message, errored: true, sessionMissing };
  }
}
