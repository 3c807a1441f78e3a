import {
  buildInvoice,
  PERIOD_SECONDS,
  type FakeInvoice,
  type FakeInvoiceLine,
  type FakeSubscription,
  type FakeSubscriptionItem,
} from './stripe-billing-objects';
import { buildPaymentIntent } from './stripe-intent-objects';
import { type FakePrice, planOf } from './stripe-objects';
import type { FakeStripeStore } from './stripe-store';
import {
  arr,
  missingParam,
  newId,
  nowSeconds,
  obj,
  type Param,
  type Params,
  snapshot,
  str,
  StripeFakeError,
} from './stripe-wire';

// Prorations as Stripe bills a mid-period price change: for each changed item, a credit for the
// unused time on the old price and a charge for the same time on the new one, both from the
// proration date to the end of the period, each rounded to the minor unit. `always_invoice` bills
// them at once, `create_prorations` keeps them for the next invoice, `none` bills nothing. The
// customer's balance (negative = credit) is applied to every invoice when it is finalized.

export type ProrationBehavior = 'always_invoice' | 'create_prorations' | 'none';

/** An item whose price changes: the item as it is, and the price it gets. */
export interface PriceChange {
  item: FakeSubscriptionItem;
  price: FakePrice;
}

export function prorationBehaviorOf(params: Params, param: string): ProrationBehavior {
  const value = str(params, 'proration_behavior') ?? 'create_prorations';
  if (value !== 'always_invoice' && value !== 'create_prorations' && value !== 'none') {
    throw new StripeFakeError(400, `Invalid ${param}: must be one of always_invoice, create_prorations, or none`, {
      code: 'parameter_invalid',
      param,
    });
  }
  return value;
}

/** `proration_date`, or now; Stripe accepts only a time inside the current period. */
export function prorationDateOf(params: Params, sub: FakeSubscription, param: string): number {
  const raw = str(params, 'proration_date');
  if (raw === undefined) return nowSeconds();
  const at = Number(raw);
  const item = sub.items.data[0];
  if (!/^\d+$/.test(raw) || !item || at < item.current_period_start || at > item.current_period_end) {
    throw new StripeFakeError(400, 'The proration date must be within the current subscription period.', {
      code: 'parameter_invalid',
      param,
    });
  }
  return at;
}

/** Subscription item parameters (`items[0][id]`, `items[0][price]`, ...) as objects. */
export const itemParams = (params: Params): Params[] =>
  arr(params, 'items').filter((i: Param): i is Params => typeof i === 'object' && !Array.isArray(i));

/** The existing items that get a different price from `items`. */
export function priceChanges(
  store: FakeStripeStore,
  sub: FakeSubscription,
  items: Params[],
  paramPrefix: string,
): PriceChange[] {
  const changes: PriceChange[] = [];
  for (const [i, change] of items.entries()) {
    const itemId = str(change, 'id');
    const priceId = str(change, 'price');
    const item = itemId ? sub.items.data.find((candidate) => candidate.id === itemId) : undefined;
    if (itemId && !item) {
      throw new StripeFakeError(400, `No such subscription item: '${itemId}'`, {
        code: 'resource_missing',
        param: `${paramPrefix}[${i}][id]`,
      });
    }
    if (!item || !priceId || priceId === item.price.id || str(change, 'deleted') === 'true') continue;
    const price = store.get(store.prices, priceId, `${paramPrefix}[${i}][price]`);
    changes.push({ item, price });
  }
  return changes;
}

/** The two proration lines of each change, as of `at`. */
export function prorationLines(sub: FakeSubscription, changes: PriceChange[], at: number): FakeInvoiceLine[] {
  const lines: FakeInvoiceLine[] = [];
  for (const { item, price } of changes) {
    const start = item.current_period_start;
    const end = item.current_period_end;
    // The fake's clock stands still while renewals move periods on, so `at` may precede the period.
    const from = Math.min(Math.max(at, start), end);
    const share = end > start ? (end - from) / (end - start) : 0;
    const quantity = item.quantity ?? 1;
    const date = new Date(at * 1000).toUTCString().slice(5, 16);
    lines.push(
      prorationLine(sub, item, item.price, -Math.round((item.price.unit_amount ?? 0) * quantity * share), {
        description: `Unused time on ${quantity} × ${item.price.nickname ?? item.price.id} after ${date}`,
        period: { start: from, end },
      }),
      prorationLine(sub, item, price, Math.round((price.unit_amount ?? 0) * quantity * share), {
        description: `Remaining time on ${quantity} × ${price.nickname ?? price.id} after ${date}`,
        period: { start: from, end },
      }),
    );
  }
  return lines;
}

function prorationLine(
  sub: FakeSubscription,
  item: FakeSubscriptionItem,
  price: FakePrice,
  amount: number,
  fields: { description: string; period: { start: number; end: number } },
): FakeInvoiceLine {
  const product = typeof price.product === 'string' ? price.product : price.product.id;
  return {
    id: newId('il'),
    object: 'line_item',
    amount,
    currency: price.currency,
    description: fields.description,
    discount_amounts: [],
    discountable: false,
    discounts: [],
    invoice: null,
    livemode: false,
    metadata: {},
    parent: {
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: newId('ii'),
        proration: true,
        proration_details: { credited_items: null },
        subscription: sub.id,
        subscription_item: item.id,
      },
      type: 'subscription_item_details',
    },
    period: fields.period,
    pretax_credit_amounts: [],
    pricing: {
      price_details: { price: price.id, product },
      type: 'price_details',
      unit_amount_decimal: price.unit_amount_decimal,
    },
    quantity: item.quantity ?? 1,
    quantity_decimal: String(item.quantity ?? 1),
    subscription: sub.id,
    subtotal: amount,
    taxes: [],
  };
}

// Prorations kept by `create_prorations` until the subscription's next invoice. Keyed by the stored
// subscription object, so a reset of the store forgets them with it.
const pendingLines = new WeakMap<FakeSubscription, FakeInvoiceLine[]>();

export function addPendingLines(sub: FakeSubscription, lines: FakeInvoiceLine[]): void {
  if (lines.length > 0) pendingLines.set(sub, [...(pendingLines.get(sub) ?? []), ...lines]);
}

export function pendingLinesOf(sub: FakeSubscription): FakeInvoiceLine[] {
  return pendingLines.get(sub) ?? [];
}

/** The pending prorations, handed to an invoice that bills them. */
export function takePendingLines(sub: FakeSubscription): FakeInvoiceLine[] {
  const lines = pendingLinesOf(sub);
  pendingLines.delete(sub);
  return lines;
}

/**
 * Puts `lines` on the invoice and works out what is due after the customer's balance: a credit pays
 * part or all of it, a negative total becomes credit. The balance itself changes only when
 * `finalize` is set (a preview leaves it alone).
 */
export function settleAmounts(
  store: FakeStripeStore,
  invoice: FakeInvoice,
  lines: FakeInvoiceLine[],
  { finalize }: { finalize: boolean },
): void {
  const customer = store.get(store.customers, invoice.customer as string);
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  const starting = customer.balance;
  const due = Math.max(0, total + starting);
  for (const line of lines) line.invoice = invoice.id;
  Object.assign(invoice, {
    lines: { ...invoice.lines, data: lines },
    subtotal: total,
    subtotal_excluding_tax: total,
    total,
    total_excluding_tax: total,
    starting_balance: starting,
    amount_due: due,
    amount_remaining: due,
    ending_balance: finalize ? starting + total - due : null,
  });
  if (finalize) customer.balance = starting + total - due;
  const payment = invoice.payments?.data[0];
  if (payment) payment.amount_requested = due;
}

/** The subscription with its items at the new prices, for invoices that bill the next period. */
function withPrices(sub: FakeSubscription, changes: PriceChange[]): FakeSubscription {
  const draft = snapshot(sub);
  for (const { item, price } of changes) {
    const target = draft.items.data.find((candidate) => candidate.id === item.id);
    if (target) Object.assign(target, { price, plan: planOf(price) });
  }
  return draft;
}

/**
 * POST /v1/invoices/create_preview for an existing subscription: the invoice that `always_invoice`
 * would charge now, or else the next renewal's (new prices, pending and new prorations included).
 * Nothing is stored or emitted, and the customer's balance is only read.
 */
export function createPreview(store: FakeStripeStore, params: Params): FakeInvoice {
  const subscriptionId = str(params, 'subscription');
  if (!subscriptionId) {
    throw new StripeFakeError(400, 'The fake Stripe previews invoices of existing subscriptions only.', {
      param: 'subscription',
    });
  }
  const sub = store.get(store.subscriptions, subscriptionId, 'subscription');
  const customer = str(params, 'customer');
  if (customer && customer !== sub.customer) {
    throw new StripeFakeError(400, `The subscription ${sub.id} does not belong to the customer ${customer}.`, {
      param: 'customer',
    });
  }
  if (sub.status === 'canceled' || sub.status === 'incomplete_expired') {
    throw new StripeFakeError(400, `No upcoming invoices for subscription '${sub.id}': it has ended.`, {
      code: 'invoice_upcoming_none',
    });
  }
  const details = obj(params, 'subscription_details') ?? {};
  const behavior = prorationBehaviorOf(details, 'subscription_details[proration_behavior]');
  const items = itemParams(details);
  if (str(details, 'proration_date') !== undefined) {
    if (behavior === 'none') {
      throw new StripeFakeError(
        400,
        'subscription_details[proration_date] cannot be used when subscription_details[proration_behavior] is none.',
        { param: 'subscription_details[proration_date]' },
      );
    }
    if (items.length === 0) throw missingParam('subscription_details[items]');
  }
  const at = prorationDateOf(details, sub, 'subscription_details[proration_date]');
  const changes = priceChanges(store, sub, items, 'subscription_details[items]');
  const prorations = behavior === 'none' ? [] : prorationLines(sub, changes, at);
  const first = sub.items.data[0];
  const periodEnd = first?.current_period_end ?? at;

  const immediate = behavior === 'always_invoice';
  const billed = withPrices(sub, changes);
  if (!immediate) {
    for (const item of billed.items.data) {
      item.current_period_start = item.current_period_end;
      item.current_period_end = item.current_period_end + PERIOD_SECONDS;
    }
  }
  const preview = buildInvoice({
    subscription: billed,
    customer: { id: sub.customer as string, email: null, name: null },
    billingReason: immediate ? 'subscription_update' : 'upcoming',
    number: '',
    paymentIntent: buildPaymentIntent({
      amount: 0,
      currency: sub.currency,
      customer: sub.customer as string,
      description: null,
      setupFutureUsage: null,
    }),
    periodStart: immediate ? at : (first?.current_period_start ?? at),
    periodEnd: immediate ? at : periodEnd,
  });
  const lines = [...pendingLinesOf(sub).map((line) => snapshot(line)), ...prorations];
  if (!immediate) lines.push(...preview.lines.data);
  const previewFields: Partial<FakeInvoice> = {
    id: `upcoming_${preview.id}`,
    status: 'draft',
    number: null,
    auto_advance: false,
    confirmation_secret: null,
    effective_at: null,
    payments: { ...preview.payments!, data: [] },
    status_transitions: { finalized_at: null, marked_uncollectible_at: null, paid_at: null, voided_at: null },
    next_payment_attempt: immediate ? at : periodEnd,
    webhooks_delivered_at: null,
  };
  Object.assign(preview, previewFields);
  preview.parent = {
    quote_details: null,
    subscription_details: {
      metadata: sub.metadata,
      subscription: sub.id,
      ...(prorations.length > 0 ? { subscription_proration_date: at } : {}),
    },
    type: 'subscription_details',
  };
  settleAmounts(store, preview, lines, { finalize: false });
  return preview;
}

/** Stripe's answer when `error_if_incomplete` meets a card that cannot pay: nothing changes. */
export function declinedUpdate(): StripeFakeError {
  return new StripeFakeError(402, 'Your card was declined.', {
    type: 'card_error',
    code: 'card_declined',
    decline_code: 'generic_decline',
  });
}
