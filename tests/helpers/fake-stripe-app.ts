import type { FastifyInstance } from 'fastify';
import { FAKE_STRIPE_KEY, type FakeStripe } from '../fakes/stripe';

/**
 * The app's settings for payments in test mode against the fake Stripe: its keys and address, the
 * webhook secret, and every plan's price, seeded in the fake here.
 */
export function fakeStripeEnv(stripe: FakeStripe, webhookSecret: string): Record<string, string> {
  const prices = stripe.seedPlans();
  return {
    STRIPE_MODE: 'test',
    STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
    STRIPE_PUBLISHABLE_KEY: 'pk_test_parallax',
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_BASE: stripe.address.url,
    STRIPE_PRICE_BASIC: prices.basic!,
    STRIPE_PRICE_STANDARD: prices.standard!,
    STRIPE_PRICE_UNLIMITED: prices.unlimited!,
    STRIPE_PRICE_TEST: prices.test!,
  };
}

/** Starts `app` on a loopback port and has the fake deliver its signed events there; returns the webhook URL. */
export async function deliverWebhooksTo(stripe: FakeStripe, app: FastifyInstance, secret: string): Promise<string> {
  const url = `${await app.listen({ port: 0, host: '127.0.0.1' })}/stripe-webhook`;
  stripe.setWebhook({ url, secret });
  return url;
}
