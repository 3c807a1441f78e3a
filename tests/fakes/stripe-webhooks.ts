import Stripe from 'stripe';
import type { FakeEvent } from './stripe-store';

// Webhook delivery as Stripe does it: the event's JSON, signed with the endpoint's secret in a
// `Stripe-Signature` header. Signing uses the real SDK's test helper, so whatever the app's
// `stripe.webhooks.constructEvent` accepts here, it accepts from Stripe.

export interface SignedEvent {
  payload: string;
  header: string;
}

/** The body and `stripe-signature` header Stripe would send for `event` to an endpoint with `secret`. */
export function signedEvent(
  event: FakeEvent | Record<string, unknown>,
  secret: string,
  timestamp?: number,
): SignedEvent {
  const payload = JSON.stringify(event, null, 2);
  const header = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret,
    ...(timestamp === undefined ? {} : { timestamp }),
  });
  return { payload, header };
}

export interface WebhookDelivery {
  eventId: string;
  type: string;
  url: string;
  /** The endpoint's HTTP status, or 0 when it could not be reached. */
  status: number;
  responseBody: string;
  error?: string;
}

/** POSTs the signed event to `url`, as Stripe does; never throws (the result says what happened). */
export async function deliver(event: FakeEvent, url: string, secret: string): Promise<WebhookDelivery> {
  const { payload, header } = signedEvent(event, secret);
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': header,
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      },
      body: payload,
      signal: AbortSignal.timeout(10_000),
    });
    return { eventId: event.id, type: event.type, url, status: response.status, responseBody: await response.text() };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { eventId: event.id, type: event.type, url, status: 0, responseBody: '', error: message };
  }
}

/**
 * Sends events to one endpoint one at a time, in the order they happened (Stripe does not promise
 * order, but a fake that shuffles would make tests flaky). Failed deliveries are recorded, not retried.
 */
export class WebhookForwarder {
  private queue: Promise<void> = Promise.resolve();

  constructor(
    readonly url: string,
    readonly secret: string,
    private readonly onDelivery: (delivery: WebhookDelivery) => void,
  ) {}

  forward(event: FakeEvent): void {
    this.queue = this.queue.then(async () => this.onDelivery(await deliver(event, this.url, this.secret)));
  }

  /** Resolves once every event forwarded so far has been delivered (or failed). */
  settled(): Promise<void> {
    return this.queue;
  }
}
