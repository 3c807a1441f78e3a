import {
  buildSubscription,
  buildSubscriptionItem,
  type FakeInvoice,
  type FakeSubscription,
} from './stripe-billing-objects';
import { liveCustomer } from './stripe-customers';
import {
  attemptPayment,
  cardDeclines,
  defaultPaymentMethodFor,
  failInvoice,
  issueInvoice,
  openLatestInvoice,
  paymentIntentOfInvoice,
  renew,
} from './stripe-invoices';
import type { FakePrice } from './stripe-objects';
import {
  addPendingLines,
  declinedUpdate,
  itemParams,
  pendingLinesOf,
  priceChanges,
  prorationBehaviorOf,
  prorationDateOf,
  prorationLines,
} from './stripe-prorations';
import type { FakeStripeStore } from './stripe-store';
import { mergeMetadata, missingParam, nowSeconds, obj, type Params, str, StripeFakeError } from './stripe-wire';

// Subscription lifecycle: create (incomplete until its first invoice is paid), update (cancel at
// period end and back, price changes with Stripe's three proration behaviours, metadata), cancel
// now, and the period ending (renewal or, when cancelling, the end).

function recurringPrice(store: FakeStripeStore, id: string | undefined, param: string): FakePrice {
  if (!id) throw missingParam(param);
  const price = store.get(store.prices, id, param);
  if (!price.recurring) {
    throw new StripeFakeError(
      400,
      'The price specified is set to `type=one_time` but this field only accepts prices with `type=recurring`.',
      { param },
    );
  }
  return price;
}

export function createSubscription(store: FakeStripeStore, params: Params): FakeSubscription {
  const customerId = str(params, 'customer');
  if (!customerId) throw missingParam('customer');
  const customer = liveCustomer(store, customerId, 'customer');
  const items = itemParams(params);
  if (items.length === 0) throw missingParam('items');
  const prices = items.map((item, i) => recurringPrice(store, str(item, 'price'), `items[${i}][price]`));
  const behavior = str(params, 'payment_behavior') ?? 'allow_incomplete';
  const defaultPm = str(params, 'default_payment_method') ?? null;
  if (defaultPm && store.paymentMethods.get(defaultPm)?.customer !== customerId) {
    throw new StripeFakeError(
      400,
      `The customer does not have a payment method with the ID ${defaultPm}. The payment method must be attached to the customer.`,
      {
        code: 'resource_missing',
        param: 'default_payment_method',
      },
    );
  }
  // Charging at once (any behaviour but default_incomplete) needs a card to charge.
  if (behavior !== 'default_incomplete' && !defaultPm && !customer.invoice_settings.default_payment_method) {
    throw new StripeFakeError(
      400,
      'This customer has no attached payment source or default payment method. Please consider adding a default payment method.',
    );
  }
  const save = str(obj(params, 'payment_settings') ?? {}, 'save_default_payment_method');
  const sub = buildSubscription({
    customer: customerId,
    currency: prices[0]?.currency ?? 'usd',
    metadata: mergeMetadata({}, params.metadata),
    saveDefaultPaymentMethod: save === 'on_subscription' || save === 'off' ? save : null,
    defaultPaymentMethod: defaultPm,
    description: str(params, 'description') ?? null,
  });
  const now = nowSeconds();
  sub.items.data = prices.map((price, i) =>
    buildSubscriptionItem(sub.id, price, Number(str(items[i] ?? {}, 'quantity') ?? 1), now),
  );
  store.subscriptions.set(sub.id, sub);
  store.emit('customer.subscription.created', sub);
  const invoice = issueInvoice(store, sub, 'subscription_create', { start: now, end: now });
  // Without default_incomplete Stripe charges the default card at once, as here.
  const pm = behavior === 'default_incomplete' ? null : defaultPaymentMethodFor(store, sub);
  if (pm && invoice.status === 'open') attemptPayment(store, invoice, pm);
  return sub;
}

const CANCELED_UPDATABLE = new Set(['metadata', 'cancellation_details', 'expand']);
const INCOMPLETE_UPDATABLE = new Set(['metadata', 'default_source', 'default_payment_method', 'expand', 'description']);

export function updateSubscription(store: FakeStripeStore, id: string, params: Params): FakeSubscription {
  const sub = store.get(store.subscriptions, id);
  const keys = Object.keys(params);
  if (sub.status === 'canceled' && keys.some((k) => !CANCELED_UPDATABLE.has(k))) {
    throw new StripeFakeError(400, 'A canceled subscription can only update its cancellation_details and metadata.');
  }
  if (sub.status === 'incomplete' && keys.some((k) => !INCOMPLETE_UPDATABLE.has(k))) {
    throw new StripeFakeError(
      400,
      'A subscription in the incomplete status can only have its metadata and default payment method updated until its first invoice is paid.',
    );
  }
  const itemChanges = itemParams(params);
  const newPrices = itemChanges.map((change, i) => {
    const price = str(change, 'price');
    return price ? recurringPrice(store, price, `items[${i}][price]`) : undefined;
  });
  for (const [i, change] of itemChanges.entries()) {
    const itemId = str(change, 'id');
    if (itemId && !sub.items.data.some((item) => item.id === itemId)) {
      throw new StripeFakeError(400, `No such subscription item: '${itemId}'`, {
        code: 'resource_missing',
        param: `items[${i}][id]`,
      });
    }
  }
  const defaultPm = str(params, 'default_payment_method');
  if (defaultPm && store.paymentMethods.get(defaultPm)?.customer !== sub.customer) {
    throw new StripeFakeError(
      400,
      `The customer does not have a payment method with the ID ${defaultPm}. The payment method must be attached to the customer.`,
      {
        code: 'resource_missing',
        param: 'default_payment_method',
      },
    );
  }

  const billing = prorationsOfUpdate(store, sub, params, itemChanges);

  let invoice: FakeInvoice | undefined;
  store.update(sub, 'customer.subscription.updated', (s) => {
    const cancelAtPeriodEnd = str(params, 'cancel_at_period_end');
    if (cancelAtPeriodEnd !== undefined) setCancelAtPeriodEnd(s, cancelAtPeriodEnd === 'true', params);
    // A new price takes effect on the current period; what it costs is billing's business below.
    for (const [i, change] of itemChanges.entries()) {
      const itemId = str(change, 'id');
      const price = newPrices[i];
      const quantity = str(change, 'quantity');
      const existing = itemId ? s.items.data.find((item) => item.id === itemId) : undefined;
      if (existing && str(change, 'deleted') === 'true') {
        s.items.data = s.items.data.filter((item) => item !== existing);
      } else if (existing) {
        const start = existing.current_period_start;
        const end = existing.current_period_end;
        if (price)
          Object.assign(existing, buildSubscriptionItem(s.id, price, existing.quantity ?? 1, start), {
            id: existing.id,
            created: existing.created,
          });
        existing.current_period_end = end;
        if (quantity) existing.quantity = Number(quantity);
        existing.metadata = mergeMetadata(existing.metadata, change.metadata);
      } else if (price) {
        const first = s.items.data[0];
        const added = buildSubscriptionItem(
          s.id,
          price,
          Number(quantity ?? 1),
          first?.current_period_start ?? nowSeconds(),
        );
        if (first) added.current_period_end = first.current_period_end;
        s.items.data.push(added);
      }
    }
    s.metadata = mergeMetadata(s.metadata, params.metadata);
    if (defaultPm !== undefined) s.default_payment_method = defaultPm === '' ? null : defaultPm;
    const description = str(params, 'description');
    if (description !== undefined) s.description = description === '' ? null : description;
    const details = obj(params, 'cancellation_details');
    if (details)
      s.cancellation_details = {
        ...emptyCancellationDetails(),
        ...s.cancellation_details,
        ...cancellationInput(details),
      };
    if (billing.behavior === 'always_invoice' && billing.lines.length > 0) {
      invoice = issueInvoice(store, s, 'subscription_update', { start: billing.at, end: billing.at }, billing.lines);
    }
  });
  if (billing.behavior === 'create_prorations') addPendingLines(sub, billing.lines);
  if (invoice?.status === 'open' && billing.paymentBehavior !== 'default_incomplete') {
    const pm = defaultPaymentMethodFor(store, sub);
    if (!pm) failInvoice(store, invoice, null);
    else {
      try {
        attemptPayment(store, invoice, pm);
      } catch (error) {
        // allow_incomplete: the change stands, the invoice stays open and the subscription is past_due.
        if (!(error instanceof StripeFakeError && error.status === 402)) throw error;
      }
    }
  }
  return sub;
}

/**
 * What a price change bills, worked out before anything changes: the proration lines, and, under
 * `error_if_incomplete`, Stripe's refusal (402, nothing updated) when the card would not pay them.
 */
function prorationsOfUpdate(store: FakeStripeStore, sub: FakeSubscription, params: Params, items: Params[]) {
  const behavior = prorationBehaviorOf(params, 'proration_behavior');
  const paymentBehavior = str(params, 'payment_behavior') ?? 'allow_incomplete';
  const at = prorationDateOf(params, sub, 'proration_date');
  const changes = priceChanges(store, sub, items, 'items');
  const billable = behavior !== 'none' && ['active', 'trialing', 'past_due'].includes(sub.status);
  const lines = billable ? prorationLines(sub, changes, at) : [];
  if (behavior === 'always_invoice' && lines.length > 0) {
    if (paymentBehavior === 'pending_if_incomplete') {
      throw new StripeFakeError(400, 'The fake Stripe does not implement pending updates (pending_if_incomplete).', {
        param: 'payment_behavior',
      });
    }
    if (paymentBehavior === 'error_if_incomplete') {
      const balance = store.get(store.customers, sub.customer as string).balance;
      const total = [...pendingLinesOf(sub), ...lines].reduce((sum, line) => sum + line.amount, 0);
      const pm = str(params, 'default_payment_method') || defaultPaymentMethodFor(store, sub);
      if (total + balance > 0 && (!pm || cardDeclines(store, pm))) {
        if (pm) throw declinedUpdate();
        throw new StripeFakeError(
          400,
          'This customer has no attached payment source or default payment method. Please consider adding a default payment method.',
        );
      }
    }
  }
  return { behavior, paymentBehavior, at, lines };
}

const emptyCancellationDetails = () => ({ comment: null, feedback: null, feedback_option: null, reason: null });

function cancellationInput(details: Params): { comment?: string | null; feedback?: string | null } {
  const out: { comment?: string | null; feedback?: string | null } = {};
  const comment = str(details, 'comment');
  if (comment !== undefined) out.comment = comment === '' ? null : comment;
  const feedback = str(details, 'feedback');
  if (feedback !== undefined) out.feedback = feedback === '' ? null : feedback;
  return out;
}

/** Stripe's current behaviour: cancel_at_period_end also fills cancel_at and canceled_at. */
function setCancelAtPeriodEnd(s: FakeSubscription, value: boolean, params: Params): void {
  s.cancel_at_period_end = value;
  s.cancel_at = value ? (s.items.data[0]?.current_period_end ?? null) : null;
  s.canceled_at = value ? nowSeconds() : null;
  s.cancellation_details = value
    ? {
        ...emptyCancellationDetails(),
        ...cancellationInput(obj(params, 'cancellation_details') ?? {}),
        reason: 'cancellation_requested',
      }
    : emptyCancellationDetails();
}

/** DELETE /v1/subscriptions/:id: ends it now. An unpaid first invoice is voided with it. */
export function cancelSubscription(store: FakeStripeStore, id: string, params: Params): FakeSubscription {
  const sub = store.get(store.subscriptions, id);
  if (sub.status === 'canceled' || sub.status === 'incomplete_expired') {
    throw new StripeFakeError(400, `This subscription has already been canceled: '${id}'.`);
  }
  const wasIncomplete = sub.status === 'incomplete';
  const now = nowSeconds();
  Object.assign(sub, { status: 'canceled', canceled_at: now, ended_at: now });
  sub.cancellation_details = {
    ...emptyCancellationDetails(),
    ...cancellationInput(obj(params, 'cancellation_details') ?? {}),
    reason: 'cancellation_requested',
  };
  const latest = typeof sub.latest_invoice === 'string' ? store.invoices.get(sub.latest_invoice) : undefined;
  if (latest?.status === 'open') {
    if (wasIncomplete) voidInvoice(store, latest);
    else latest.auto_advance = false;
  }
  store.emit('customer.subscription.deleted', sub);
  return sub;
}

function voidInvoice(store: FakeStripeStore, invoice: FakeInvoice): void {
  invoice.status = 'void';
  invoice.status_transitions.voided_at = nowSeconds();
  invoice.amount_remaining = 0;
  const intent = paymentIntentOfInvoice(store, invoice);
  Object.assign(intent, { status: 'canceled', canceled_at: nowSeconds(), cancellation_reason: 'void_invoice' });
  store.emit('invoice.voided', invoice);
  store.emit('payment_intent.canceled', intent);
}

/** Stripe's default list hides ended subscriptions; `status=all` shows them. */
export function listSubscriptions(store: FakeStripeStore, params: Params): FakeSubscription[] {
  const customer = str(params, 'customer');
  const status = str(params, 'status');
  const price = str(params, 'price');
  const ended = (s: FakeSubscription) => s.status === 'canceled' || s.status === 'incomplete_expired';
  return store
    .newestFirst(store.subscriptions)
    .filter((s) => customer === undefined || s.customer === customer)
    .filter((s) => price === undefined || s.items.data.some((item) => item.price.id === price))
    .filter((s) => {
      if (status === 'all') return true;
      if (status === undefined) return !ended(s);
      if (status === 'ended') return ended(s);
      return s.status === status;
    });
}

/** Test control: a period ends and the subscription renews (or, if cancelling, ends). */
export function advancePeriod(store: FakeStripeStore, subscriptionId: string): FakeSubscription {
  const sub = store.get(store.subscriptions, subscriptionId);
  if (sub.cancel_at_period_end) return endPeriod(store, subscriptionId);
  if (sub.status !== 'active' && sub.status !== 'past_due') {
    throw new Error(`fake Stripe: cannot renew ${subscriptionId} in status ${sub.status}`);
  }
  const invoice = renew(store, sub);
  const pm = defaultPaymentMethodFor(store, sub);
  // A renewal the customer's credit covered is paid already.
  if (invoice.status !== 'open') return sub;
  if (pm) attemptPayment(store, invoice, pm);
  else failInvoice(store, invoice, null);
  return sub;
}

/** Test control: the period of a cancel_at_period_end subscription runs out; it is canceled. */
export function endPeriod(store: FakeStripeStore, subscriptionId: string): FakeSubscription {
  const sub = store.get(store.subscriptions, subscriptionId);
  if (!sub.cancel_at_period_end) throw new Error(`fake Stripe: ${subscriptionId} is not set to cancel at period end`);
  // The fake's clock does not move, so the period "ends" now.
  Object.assign(sub, { status: 'canceled', ended_at: nowSeconds() });
  store.emit('customer.subscription.deleted', sub);
  return sub;
}

/** Test control: the next payment is declined (a renewal for an active subscription). */
export function failPayment(store: FakeStripeStore, subscriptionId: string): FakeSubscription {
  const sub = store.get(store.subscriptions, subscriptionId);
  const latest = typeof sub.latest_invoice === 'string' ? store.invoices.get(sub.latest_invoice) : undefined;
  const invoice = latest?.status === 'open' ? openLatestInvoice(store, sub) : renew(store, sub);
  if (invoice.status !== 'open') throw new Error(`fake Stripe: credit paid the renewal of ${subscriptionId}`);
  failInvoice(store, invoice, null);
  return sub;
}
