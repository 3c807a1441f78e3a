import { realpathSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { FakeSubscription } from './stripe-billing-objects';
import type { FakeCheckoutSession } from './stripe-checkout-objects';
import { type CompleteCheckoutOptions, completeCheckoutSession, expireCheckoutSession } from './stripe-checkout';
import { handleControl } from './stripe-control';
import { addCard, confirmSetupIntent } from './stripe-customers';
import { type ReceivedStripeRequest, StripeApiHandler } from './stripe-http';
import { payLatestInvoice } from './stripe-invoices';
import { buildPrice, buildProduct, type CardDetails, type FakePaymentMethod } from './stripe-objects';
import { FAKE_API_VERSION, type FakeEvent, FakeStripeStore, type Stored } from './stripe-store';
import { advancePeriod, endPeriod, failPayment } from './stripe-subscriptions';
import { type WebhookDelivery, WebhookForwarder } from './stripe-webhooks';
import { readBody } from './loopback-http';
import { respondJson } from './stripe-wire';

export type { ReceivedStripeRequest } from './stripe-http';

// A stateful loopback fake of the Stripe REST API (v1, API version 2026-10-28.endive) for tests and
// keyless local work (docs/architecture.md, "House rules", rules 4-5). It speaks the real wire protocol, so the
// real `stripe` SDK is pointed at it with `new Stripe(key, { host, port, protocol: 'http' })`.
//
// Shapes follow the SDK's types for this API version. What an app must know:
// - Subscription periods are on the items: `items.data[].current_period_start/end`.
// - A new subscription's client secret: `latest_invoice.confirmation_secret.client_secret`
//   (`expand: ['latest_invoice.confirmation_secret']`); there is no `latest_invoice.payment_intent`.
// - An invoice's subscription: `parent.subscription_details.subscription`; its PaymentIntent:
//   `payments.data[].payment.payment_intent` (expand `payments`). No `invoice.subscription`,
//   `invoice.payment_intent`, `invoice.paid` fields; PaymentIntents have no `invoice` field.
// - Checkout `ui_mode` values are 'hosted_page' (default), 'embedded_page', 'elements', 'form'.
// - `payment_method_types` is no longer a parameter of SetupIntents, PaymentIntents or Checkout
//   Sessions: send `allowed_payment_method_types` (the fake, like Stripe, rejects the old name).
//
// Standalone: node --import tsx tests/fakes/stripe.ts --port 12111 \
//   [--webhook-url http://127.0.0.1:3000/stripe-webhook --webhook-secret whsec_test] [--empty]
// Test controls are methods here, and HTTP endpoints under /__fake/ (see stripe-control.ts).

export interface FakeStripeOptions {
  host?: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** Accepted secret keys; by default any test-mode key (`sk_test_…`, `rk_test_…`). */
  apiKeys?: string[];
  /** Deliver every new event, signed, to this endpoint (as Stripe would). */
  webhook?: { url: string; secret: string };
  onEvent?: (event: FakeEvent) => void;
  onRequest?: (request: ReceivedStripeRequest) => void;
  onDelivery?: (delivery: WebhookDelivery) => void;
}

export interface FakeStripeAddress {
  host: string;
  port: number;
  protocol: 'http';
  url: string;
}

export const FAKE_STRIPE_KEY = 'sk_test_fake';
/** The plans (docs/product.md, "Free questions and plans"), seeded with fixed ids so STRIPE_PRICE_* can be set once. */
export const SEED_PLANS = [
  { plan: 'basic', name: 'Basic', amount: 499 },
  { plan: 'standard', name: 'Standard', amount: 1999 },
  { plan: 'unlimited', name: 'Unlimited', amount: 4444 },
  { plan: 'test', name: 'Test', amount: 99 },
] as const;

export class FakeStripe {
  readonly state = new FakeStripeStore();
  readonly requests: ReceivedStripeRequest[] = [];
  readonly deliveries: WebhookDelivery[] = [];
  private server: Server | undefined;
  private addr: FakeStripeAddress | undefined;
  private forwarder: WebhookForwarder | undefined;
  private readonly api = new StripeApiHandler({
    state: this.state,
    apiKeys: () => this.options.apiKeys,
    record: (request) => {
      this.requests.push(request);
      this.options.onRequest?.(request);
    },
    payUrl: (id) => `${this.address.url}/__fake/checkout/pay/${id}`,
  });

  constructor(private readonly options: FakeStripeOptions = {}) {
    this.state.onEvent((event) => {
      this.options.onEvent?.(event);
      this.forwarder?.forward(event);
    });
    if (options.webhook) this.setWebhook(options.webhook);
  }

  get address(): FakeStripeAddress {
    if (!this.addr) throw new Error('The fake Stripe server is not started');
    return this.addr;
  }

  async start(): Promise<FakeStripeAddress> {
    if (this.addr) return this.addr;
    const server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        if (!res.headersSent)
          respondJson(res, 500, { error: { type: 'api_error', message: `fake Stripe failed: ${String(error)}` } });
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.options.port ?? 0, this.options.host ?? '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    const { address, port } = server.address() as AddressInfo;
    this.server = server;
    this.addr = { host: address, port, protocol: 'http', url: `http://${address}:${port}` };
    return this.addr;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    this.addr = undefined;
    await this.settled();
    // The SDK keeps connections alive; close them or close() waits for them.
    server.closeAllConnections();
    await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
  }

  /** Forgets every object, event, request and idempotency key (the server keeps running). */
  reset(): void {
    this.state.reset();
    this.requests.length = 0;
    this.deliveries.length = 0;
    this.api.forgetIdempotencyKeys();
  }

  setWebhook(webhook: { url: string; secret: string } | null): void {
    this.forwarder = webhook
      ? new WebhookForwarder(webhook.url, webhook.secret, (delivery) => {
          this.deliveries.push(delivery);
          this.options.onDelivery?.(delivery);
        })
      : undefined;
    this.state.webhookEndpoints = webhook ? 1 : 0;
  }

  /** Resolves once every event so far has been delivered to the webhook endpoint. */
  async settled(): Promise<void> {
    await this.forwarder?.settled();
  }

  eventsOfType(type: string): FakeEvent[] {
    return this.state.events.filter((e) => e.type === type);
  }

  // Test controls. Each returns the changed object as the API would render it (unexpanded).

  /** Pays the open latest invoice (default card, else a new visa 4242 exp 12/2030): active, 30-day period. */
  payInvoice(subscriptionId: string, card?: CardDetails): FakeSubscription {
    payLatestInvoice(this.state, subscriptionId, card);
    return this.render(this.state.get(this.state.subscriptions, subscriptionId));
  }

  /** Declines the open invoice, or a renewal of an active subscription (-> past_due). */
  failPayment(subscriptionId: string): FakeSubscription {
    return this.render(failPayment(this.state, subscriptionId));
  }

  /** The period ends: a paid renewal with the period moved on 30 days (or the end, if cancelling). */
  advancePeriod(subscriptionId: string): FakeSubscription {
    return this.render(advancePeriod(this.state, subscriptionId));
  }

  /** The period of a cancel_at_period_end subscription ends: canceled, with the deleted event. */
  endPeriod(subscriptionId: string): FakeSubscription {
    return this.render(endPeriod(this.state, subscriptionId));
  }

  /** The customer paid on Checkout: customer, card and active subscription are created. */
  completeCheckout(sessionId: string, options?: CompleteCheckoutOptions): FakeCheckoutSession {
    return this.render(completeCheckoutSession(this.state, sessionId, options));
  }

  expireCheckout(sessionId: string): FakeCheckoutSession {
    return this.render(expireCheckoutSession(this.state, sessionId));
  }

  addCard(customerId: string, card: CardDetails & { makeDefault?: boolean } = {}): FakePaymentMethod {
    return this.render(addCard(this.state, customerId, card));
  }

  /** What Stripe.js does with a SetupIntent's client secret: the card is saved to the customer. */
  confirmSetupIntent(setupIntentId: string, card: 'visa' | 'mastercard' | 'amex' | 'discover' = 'visa'): Stored {
    return this.render(confirmSetupIntent(this.state, setupIntentId, { payment_method: `pm_card_${card}` }));
  }

  /**
   * Creates the product's plans (docs/product.md, "Free questions and plans") as products and monthly USD prices
   * with ids `price_fake_<plan>`.
   */
  seedPlans(): Record<string, string> {
    const ids: Record<string, string> = {};
    for (const { plan, name, amount } of SEED_PLANS) {
      const product = {
        ...buildProduct({ name, description: null, metadata: { plan }, active: true }),
        id: `prod_fake_${plan}`,
      };
      const price = buildPrice({
        product: product.id,
        currency: 'usd',
        unitAmount: amount,
        interval: 'month',
        intervalCount: 1,
        nickname: name,
        lookupKey: plan,
        metadata: { plan },
        active: true,
      });
      price.id = `price_fake_${plan}`;
      product.default_price = price.id;
      this.state.products.set(product.id, product);
      this.state.prices.set(price.id, price);
      ids[plan] = price.id;
    }
    return ids;
  }

  private render<T extends Stored>(object: T): T {
    return this.state.render(object) as unknown as T;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const rawBody = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    if (url.pathname.startsWith('/__fake/')) return handleControl(this, method, url.pathname, rawBody, res);
    this.api.handle(req, url, rawBody, res);
  }
}

/** Starts a fake on 127.0.0.1 (a free port unless given) and returns it; see `fake.address`. */
export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const fake = new FakeStripe(options);
  await fake.start();
  return fake;
}

export { deliver, signedEvent } from './stripe-webhooks';

function isMainModule(): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '12111' },
      host: { type: 'string', default: '127.0.0.1' },
      'webhook-url': { type: 'string' },
      'webhook-secret': { type: 'string', default: 'whsec_test' },
      'api-key': { type: 'string', multiple: true },
      empty: { type: 'boolean', default: false },
    },
    strict: true,
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`--port must be a port number, got ${values.port}`);
  const webhookUrl = values['webhook-url'];
  const secret = values['webhook-secret'];
  const log = (line: string) => console.log(`[fake-stripe] ${line}`);
  const fake = new FakeStripe({
    host: values.host,
    port,
    ...(values['api-key'] ? { apiKeys: values['api-key'] } : {}),
    ...(webhookUrl ? { webhook: { url: webhookUrl, secret } } : {}),
    onRequest: (r) => log(`${r.method} ${r.path} -> ${r.status}${r.replayed ? ' (idempotent replay)' : ''}`),
    onEvent: (e) => log(`event ${e.id} ${e.type} (${String(e.data.object.id)})`),
    onDelivery: (d) => log(`delivered ${d.eventId} ${d.type} to ${d.url} -> ${d.status || d.error}`),
  });
  const { url } = await fake.start();
  log(`listening on ${url} (Stripe API ${FAKE_API_VERSION}, test mode, no real payments)`);
  const env = [
    `STRIPE_API_BASE=${url}`,
    `STRIPE_SECRET_KEY=${values['api-key']?.[0] ?? FAKE_STRIPE_KEY}`,
    'STRIPE_PUBLISHABLE_KEY=pk_test_fake',
  ];
  if (webhookUrl) env.push(`STRIPE_WEBHOOK_SECRET=${secret}`);
  if (!values.empty) {
    for (const [plan, priceId] of Object.entries(fake.seedPlans()))
      env.push(`STRIPE_PRICE_${plan.toUpperCase()}=${priceId}`);
  }
  log(`run the app with:\n  ${env.join('\n  ')}`);
  log(
    webhookUrl
      ? `forwarding events to ${webhookUrl}`
      : 'no --webhook-url: events are only recorded (GET /__fake/events)',
  );
  const shutdown = () => {
    fake.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

if (isMainModule()) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
