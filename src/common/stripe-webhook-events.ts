// The Stripe events /stripe-webhook acts on (src/server/billing/webhook.ts), grouped as the handler reads them. The
// admin console's Payment Settings lists them as the events to enable at Stripe, and the README's list is checked
// against them (stripe-webhook-events.test.ts), so the three never drift apart again.

export const subscriptionWebhookEvents = [
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
] as const;

export const invoiceWebhookEvents = ['invoice.paid', 'invoice.payment_succeeded', 'invoice.payment_failed'] as const;

export const checkoutWebhookEvents = ['checkout.session.completed', 'checkout.session.expired'] as const;

/** Every event to enable at Stripe for /stripe-webhook, in the order people read them. */
export const requiredWebhookEvents = [
  ...checkoutWebhookEvents,
  ...subscriptionWebhookEvents,
  ...invoiceWebhookEvents,
] as const;

export type StripeWebhookEvent = (typeof requiredWebhookEvents)[number];
