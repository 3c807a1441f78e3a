// Direct checkout (docs/product.md, "Plan picker and direct checkout"): the plan's provider-hosted Payment Link,
// with who is paying added so the payment can be matched to the account and the browser session.

export interface DirectCheckoutContext {
  userId: number;
  sessionId: string;
  email: string;
  /** The app's origin, e.g. https://parallax.example. */
  origin: string;
}

/** Where Stripe sends the payer back: Home, which re-reads the subscription and says thank you. */
export function checkoutSuccessUrl(origin: string): string {
  return `${origin}/?refresh_subscription=true&payment_success=true`;
}

/** The Payment Link with client_reference_id, user_session_id, prefilled_email and success_url added. */
export function directCheckoutUrl(
  paymentLink: string,
  { userId, sessionId, email, origin }: DirectCheckoutContext,
): string {
  const url = new URL(paymentLink);
  url.searchParams.set('client_reference_id', String(userId));
  url.searchParams.set('user_session_id', sessionId);
  const trimmed = email.trim();
  if (trimmed) url.searchParams.set('prefilled_email', trimmed);
  url.searchParams.set('success_url', checkoutSuccessUrl(origin));
  return url.toString();
}
