import type { FakeInvoice, FakeSubscription } from './stripe-billing-objects';
import type { FakeCheckoutSession } from './stripe-checkout-objects';
import type { FakePaymentIntent, FakeSetupIntent } from './stripe-intent-objects';
import type { FakeCustomer, FakePaymentMethod, FakePrice, FakeProduct } from './stripe-objects';
import { expandPaths, newId, noSuch, nowSeconds, snapshot } from './stripe-wire';

// The fake's state: every object it created, by id, in creation order, plus the event log. Objects
// are stored unexpanded (related objects as ids), exactly as Stripe would return them without
// `expand[]`; `render` hands out detached copies so a caller can never edit the state by accident.

export const FAKE_API_VERSION = '2026-10-28.endive';

export interface FakeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: Record<string, unknown>; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

/** The API request an event was caused by (null for the fake's test controls). */
export interface RequestContext {
  id: string;
  idempotencyKey: string | null;
}

/** Fields Stripe leaves out unless expanded, per object type. */
const INCLUDABLE: Record<string, string[]> = {
  invoice: ['confirmation_secret', 'payments'],
  'checkout.session': ['line_items'],
};

export type Stored = { id: string; object: string };

export class FakeStripeStore {
  readonly customers = new Map<string, FakeCustomer>();
  readonly paymentMethods = new Map<string, FakePaymentMethod>();
  readonly products = new Map<string, FakeProduct>();
  readonly prices = new Map<string, FakePrice>();
  readonly subscriptions = new Map<string, FakeSubscription>();
  readonly invoices = new Map<string, FakeInvoice>();
  readonly paymentIntents = new Map<string, FakePaymentIntent>();
  readonly setupIntents = new Map<string, FakeSetupIntent>();
  readonly checkoutSessions = new Map<string, FakeCheckoutSession>();
  readonly events: FakeEvent[] = [];
  /** Ids of deleted customers: Stripe still answers for them, with `deleted: true`. */
  readonly deletedCustomers = new Set<string>();
  /** A session's `subscription_data[metadata]`, which Stripe copies onto the subscription it creates. */
  readonly checkoutSubscriptionMetadata = new Map<string, Record<string, string>>();

  /** Set by the server around each API call, so events name the request that caused them. */
  request: RequestContext | null = null;
  /** How many webhook endpoints are listening (the CLI's forwarder); shown as pending_webhooks. */
  webhookEndpoints = 0;
  private listeners: ((event: FakeEvent) => void)[] = [];

  onEvent(listener: (event: FakeEvent) => void): () => void {
    this.listeners.push(listener);
    return () => {
      this.listeners = this.listeners.filter((l) => l !== listener);
    };
  }

  reset(): void {
    for (const map of [
      this.customers,
      this.paymentMethods,
      this.products,
      this.prices,
      this.subscriptions,
      this.invoices,
      this.paymentIntents,
      this.setupIntents,
      this.checkoutSessions,
    ] as Map<string, unknown>[]) {
      map.clear();
    }
    this.events.length = 0;
    this.deletedCustomers.clear();
    this.checkoutSubscriptionMetadata.clear();
  }

  /** The stored object an id names, whatever its type. */
  find(id: string): Stored | undefined {
    const maps: Map<string, Stored>[] = [
      this.customers,
      this.paymentMethods,
      this.products,
      this.prices,
      this.subscriptions,
      this.invoices,
      this.paymentIntents,
      this.setupIntents,
      this.checkoutSessions,
    ] as unknown as Map<string, Stored>[];
    for (const map of maps) {
      const found = map.get(id);
      if (found) return found;
    }
    return this.events.find((e) => e.id === id);
  }

  /** `map.get(id)` or Stripe's resource_missing error (404, or 400 when `param` names the field). */
  get<T>(map: Map<string, T>, id: string, param?: string): T {
    const found = map.get(id);
    if (!found) throw noSuch(id, param);
    return found;
  }

  /** A detached copy as Stripe returns it: includable fields dropped, then `expand[]` applied. */
  render(object: Stored, expand: string[] = []): Record<string, unknown> {
    const copy = this.plain(object);
    this.expand(copy, expand);
    return copy;
  }

  /** Applies `expand[]` paths in place to a rendered object or list envelope. */
  expand(target: Record<string, unknown>, paths: string[]): void {
    expandPaths(
      target,
      paths,
      (id) => {
        const found = this.find(id);
        return found ? this.plain(found) : undefined;
      },
      (owner, field) => {
        if (!INCLUDABLE[String(owner.object)]?.includes(field)) return undefined;
        const stored = this.find(String(owner.id)) as Record<string, unknown> | undefined;
        return stored?.[field] === undefined ? null : snapshot(stored[field]);
      },
    );
  }

  /** A detached copy without the fields Stripe only includes on request. */
  plain(object: Stored): Record<string, unknown> {
    const copy = snapshot(object) as unknown as Record<string, unknown>;
    for (const field of INCLUDABLE[object.object] ?? []) delete copy[field];
    return copy;
  }

  /** Records an event whose data.object is the object's current (unexpanded) state. */
  emit(type: string, object: Stored, previous?: Record<string, unknown>): FakeEvent {
    const event: FakeEvent = {
      id: newId('evt'),
      object: 'event',
      api_version: FAKE_API_VERSION,
      created: nowSeconds(),
      data: { object: this.render(object), ...(previous ? { previous_attributes: previous } : {}) },
      livemode: false,
      pending_webhooks: this.webhookEndpoints,
      request: { id: this.request?.id ?? null, idempotency_key: this.request?.idempotencyKey ?? null },
      type,
    };
    this.events.push(event);
    for (const listener of this.listeners) listener(event);
    return event;
  }

  /**
   * Applies `change` and, if anything visible changed, records `<type>` with Stripe's
   * previous_attributes (the old values of the top-level fields that changed).
   */
  update<T extends Stored>(object: T, type: string, change: (object: T) => void): FakeEvent | undefined {
    const before = this.plain(object);
    change(object);
    const after = this.plain(object);
    const previous: Record<string, unknown> = {};
    for (const key of Object.keys({ ...before, ...after })) {
      if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) previous[key] = before[key] ?? null;
    }
    return Object.keys(previous).length > 0 ? this.emit(type, object, previous) : undefined;
  }

  /** Every stored object, grouped by type (for GET /__fake/state). */
  dump(): Record<string, unknown[]> {
    const maps = {
      customers: this.customers,
      paymentMethods: this.paymentMethods,
      products: this.products,
      prices: this.prices,
      subscriptions: this.subscriptions,
      invoices: this.invoices,
      paymentIntents: this.paymentIntents,
      setupIntents: this.setupIntents,
      checkoutSessions: this.checkoutSessions,
    };
    return Object.fromEntries(Object.entries(maps).map(([k, m]) => [k, [...(m as Map<string, unknown>).values()]]));
  }

  /** The objects of a map, newest first, as Stripe's list endpoints order them. */
  newestFirst<T>(map: Map<string, T>): T[] {
    return [...map.values()].reverse();
  }

  /** The customer's invoice number sequence: `PREFIX-0001`, `PREFIX-0002`, ... */
  nextInvoiceNumber(customerId: string): string {
    const customer = this.get(this.customers, customerId);
    const sequence = customer.next_invoice_sequence ?? 1;
    customer.next_invoice_sequence = sequence + 1;
    return `${customer.invoice_prefix ?? 'FAKE'}-${String(sequence).padStart(4, '0')}`;
  }
}
