import type Stripe from 'stripe';
import { buildSetupIntent, type FakeSetupIntent } from './stripe-intent-objects';
import {
  buildCardPaymentMethod,
  buildCustomer,
  buildPrice,
  buildProduct,
  type CardDetails,
  type FakeCustomer,
  type FakePaymentMethod,
  type FakePrice,
  type FakeProduct,
  testCardFor,
} from './stripe-objects';
import type { FakeStripeStore } from './stripe-store';
import { arr, mergeMetadata, nowSeconds, obj, type Params, requireStr, str, StripeFakeError } from './stripe-wire';

// Customers, payment methods, products, prices and setup intents: the resources whose behaviour
// is mostly bookkeeping. Each function takes the decoded request params and returns the stored
// object; the router renders it.

const metadataOf = (params: Params): Record<string, string> => mergeMetadata({}, params.metadata);

/** `''` in a form means "unset"; absent means "leave alone". */
const nullable = (params: Params, key: string): string | null | undefined => {
  const value = str(params, key);
  return value === undefined ? undefined : value === '' ? null : value;
};

export function createCustomer(store: FakeStripeStore, params: Params): FakeCustomer {
  const customer = buildCustomer({
    email: nullable(params, 'email') ?? null,
    name: nullable(params, 'name') ?? null,
    description: nullable(params, 'description') ?? null,
    phone: nullable(params, 'phone') ?? null,
    metadata: metadataOf(params),
  });
  store.customers.set(customer.id, customer);
  store.emit('customer.created', customer);
  const paymentMethod = str(params, 'payment_method');
  if (paymentMethod) attachPaymentMethod(store, paymentMethod, { customer: customer.id });
  const defaultPm = str(obj(params, 'invoice_settings') ?? {}, 'default_payment_method');
  if (defaultPm) updateCustomer(store, customer.id, { invoice_settings: { default_payment_method: defaultPm } });
  return customer;
}

export function updateCustomer(store: FakeStripeStore, id: string, params: Params): FakeCustomer {
  const customer = liveCustomer(store, id);
  const defaultPm = nullable(obj(params, 'invoice_settings') ?? {}, 'default_payment_method');
  if (defaultPm && store.paymentMethods.get(defaultPm)?.customer !== id) {
    throw new StripeFakeError(
      400,
      `The customer does not have a payment method with the ID ${defaultPm}. The payment method must be attached to the customer.`,
      { code: 'resource_missing', param: 'invoice_settings[default_payment_method]' },
    );
  }
  store.update(customer, 'customer.updated', (c) => {
    for (const key of ['email', 'name', 'description', 'phone'] as const) {
      const value = nullable(params, key);
      if (value !== undefined) c[key] = value;
    }
    c.metadata = mergeMetadata(c.metadata, params.metadata);
    if (defaultPm !== undefined) c.invoice_settings = { ...c.invoice_settings, default_payment_method: defaultPm };
  });
  return customer;
}

/** A deleted customer still answers retrieve, as `{ id, object, deleted: true }`. */
export function retrieveCustomer(store: FakeStripeStore, id: string): FakeCustomer | Stripe.DeletedCustomer {
  if (store.deletedCustomers.has(id)) return { id, object: 'customer', deleted: true };
  return store.get(store.customers, id);
}

export function deleteCustomer(store: FakeStripeStore, id: string): Stripe.DeletedCustomer {
  const customer = liveCustomer(store, id);
  // Stripe cancels a deleted customer's subscriptions at once.
  for (const sub of store.subscriptions.values()) {
    if (sub.customer !== id || sub.status === 'canceled' || sub.status === 'incomplete_expired') continue;
    Object.assign(sub, { status: 'canceled', canceled_at: nowSeconds(), ended_at: nowSeconds() });
    store.emit('customer.subscription.deleted', sub);
  }
  store.customers.delete(id);
  store.deletedCustomers.add(id);
  store.emit('customer.deleted', customer);
  return { id, object: 'customer', deleted: true };
}

export function liveCustomer(store: FakeStripeStore, id: string, param?: string): FakeCustomer {
  return store.get(store.customers, id, param);
}

export function listCustomers(store: FakeStripeStore, params: Params): FakeCustomer[] {
  // Stripe's email filter is case-sensitive.
  const email = str(params, 'email');
  return store.newestFirst(store.customers).filter((c) => email === undefined || c.email === email);
}

export function listPaymentMethods(
  store: FakeStripeStore,
  customer: string | undefined,
  params: Params,
): FakePaymentMethod[] {
  if (customer) liveCustomer(store, customer, 'customer');
  const type = str(params, 'type');
  return store
    .newestFirst(store.paymentMethods)
    .filter((pm) => (customer === undefined ? pm.customer !== null : pm.customer === customer))
    .filter((pm) => type === undefined || pm.type === type);
}

/** A stored card, or a fresh copy of the test card a `pm_card_visa`-style id stands for. */
export function resolvePaymentMethod(store: FakeStripeStore, id: string, param: string): FakePaymentMethod {
  const magic = testCardFor(id);
  if (magic) {
    const pm = buildCardPaymentMethod(magic, null);
    store.paymentMethods.set(pm.id, pm);
    return pm;
  }
  return store.get(store.paymentMethods, id, param);
}

export function createPaymentMethod(store: FakeStripeStore, params: Params): FakePaymentMethod {
  if (requireStr(params, 'type') !== 'card') {
    throw new StripeFakeError(400, 'The fake Stripe only creates card payment methods.', { param: 'type' });
  }
  const card = obj(params, 'card') ?? {};
  const token = str(card, 'token') ?? 'tok_visa';
  const details = testCardFor(token);
  if (!details)
    throw new StripeFakeError(400, `No such token: '${token}'`, { code: 'resource_missing', param: 'card[token]' });
  const pm = buildCardPaymentMethod(details, null);
  store.paymentMethods.set(pm.id, pm);
  return pm;
}

export function attachPaymentMethod(store: FakeStripeStore, id: string, params: Params): FakePaymentMethod {
  const customerId = requireStr(params, 'customer');
  liveCustomer(store, customerId, 'customer');
  const pm = resolvePaymentMethod(store, id, 'payment_method');
  if (pm.customer === customerId) return pm;
  if (pm.customer !== null) {
    throw new StripeFakeError(400, 'The payment method you provided has already been attached to a customer.', {
      code: 'payment_method_unexpected_state',
    });
  }
  pm.customer = customerId;
  store.emit('payment_method.attached', pm);
  return pm;
}

export function detachPaymentMethod(store: FakeStripeStore, id: string): FakePaymentMethod {
  const pm = store.get(store.paymentMethods, id);
  const owner = typeof pm.customer === 'string' ? pm.customer : null;
  if (!owner) {
    throw new StripeFakeError(
      400,
      'The payment method you provided is not attached to a customer so detachment is impossible.',
      {
        code: 'payment_method_unexpected_state',
      },
    );
  }
  pm.customer = null;
  store.emit('payment_method.detached', pm, { customer: owner });
  // Stripe forgets a detached card as the customer's default.
  const customer = store.customers.get(owner);
  if (customer?.invoice_settings.default_payment_method === id) {
    updateCustomer(store, owner, { invoice_settings: { default_payment_method: '' } });
  }
  return pm;
}

/** Test control: a new card attached to the customer, optionally made its invoice default. */
export function addCard(
  store: FakeStripeStore,
  customerId: string,
  card: CardDetails & { makeDefault?: boolean } = {},
): FakePaymentMethod {
  liveCustomer(store, customerId);
  const pm = buildCardPaymentMethod(card, null);
  store.paymentMethods.set(pm.id, pm);
  attachPaymentMethod(store, pm.id, { customer: customerId });
  if (card.makeDefault) updateCustomer(store, customerId, { invoice_settings: { default_payment_method: pm.id } });
  return pm;
}

export function createProduct(store: FakeStripeStore, params: Params): FakeProduct {
  const product = buildProduct({
    name: requireStr(params, 'name'),
    description: nullable(params, 'description') ?? null,
    metadata: metadataOf(params),
    active: str(params, 'active') !== 'false',
  });
  store.products.set(product.id, product);
  store.emit('product.created', product);
  return product;
}

export function updateProduct(store: FakeStripeStore, id: string, params: Params): FakeProduct {
  const product = store.get(store.products, id);
  store.update(product, 'product.updated', (p) => {
    const name = str(params, 'name');
    if (name) p.name = name;
    const description = nullable(params, 'description');
    if (description !== undefined) p.description = description;
    const active = str(params, 'active');
    if (active !== undefined) p.active = active === 'true';
    p.metadata = mergeMetadata(p.metadata, params.metadata);
  });
  return product;
}

export function createPrice(store: FakeStripeStore, params: Params): FakePrice {
  const currency = requireStr(params, 'currency').toLowerCase();
  const unitAmount = Number(requireStr(params, 'unit_amount'));
  if (!Number.isInteger(unitAmount) || unitAmount < 0) {
    throw new StripeFakeError(400, 'Invalid integer: unit_amount', {
      code: 'parameter_invalid_integer',
      param: 'unit_amount',
    });
  }
  let productId = str(params, 'product');
  const productData = obj(params, 'product_data');
  if (productId) store.get(store.products, productId, 'product');
  else if (productData) productId = createProduct(store, productData).id;
  else
    throw new StripeFakeError(400, 'You must specify either `product` or `product_data` when creating a price.', {
      param: 'product',
    });
  const recurring = obj(params, 'recurring');
  const interval = recurring ? (requireStr(recurring, 'interval') as Stripe.Price.Recurring.Interval) : null;
  const price = buildPrice({
    product: productId,
    currency,
    unitAmount,
    interval,
    intervalCount: Number(str(recurring ?? {}, 'interval_count') ?? 1),
    nickname: nullable(params, 'nickname') ?? null,
    lookupKey: nullable(params, 'lookup_key') ?? null,
    metadata: metadataOf(params),
    active: str(params, 'active') !== 'false',
  });
  store.prices.set(price.id, price);
  store.emit('price.created', price);
  return price;
}

export function updatePrice(store: FakeStripeStore, id: string, params: Params): FakePrice {
  const price = store.get(store.prices, id);
  store.update(price, 'price.updated', (p) => {
    const nickname = nullable(params, 'nickname');
    if (nickname !== undefined) p.nickname = nickname;
    const lookupKey = nullable(params, 'lookup_key');
    if (lookupKey !== undefined) p.lookup_key = lookupKey;
    const active = str(params, 'active');
    if (active !== undefined) p.active = active === 'true';
    p.metadata = mergeMetadata(p.metadata, params.metadata);
  });
  return price;
}

export function listPrices(store: FakeStripeStore, params: Params): FakePrice[] {
  const active = str(params, 'active');
  const product = str(params, 'product');
  const type = str(params, 'type');
  const lookupKeys = arr(params, 'lookup_keys').filter((k): k is string => typeof k === 'string');
  return store
    .newestFirst(store.prices)
    .filter((p) => active === undefined || String(p.active) === active)
    .filter((p) => product === undefined || p.product === product)
    .filter((p) => type === undefined || p.type === type)
    .filter((p) => lookupKeys.length === 0 || (p.lookup_key !== null && lookupKeys.includes(p.lookup_key)));
}

export function listProducts(store: FakeStripeStore, params: Params): FakeProduct[] {
  const active = str(params, 'active');
  return store.newestFirst(store.products).filter((p) => active === undefined || String(p.active) === active);
}

export function createSetupIntent(store: FakeStripeStore, params: Params): FakeSetupIntent {
  rejectRemovedParam(params, 'payment_method_types');
  const customer = str(params, 'customer') ?? null;
  if (customer) liveCustomer(store, customer, 'customer');
  const automatic = str(obj(params, 'automatic_payment_methods') ?? {}, 'enabled') === 'true';
  const allowed = arr(params, 'allowed_payment_method_types').filter((t): t is string => typeof t === 'string');
  const intent = buildSetupIntent({
    customer,
    allowedPaymentMethodTypes: allowed.length > 0 ? allowed : null,
    automatic: automatic || allowed.length === 0,
    usage: str(params, 'usage') ?? 'off_session',
    metadata: metadataOf(params),
  });
  store.setupIntents.set(intent.id, intent);
  store.emit('setup_intent.created', intent);
  const paymentMethod = str(params, 'payment_method');
  if (paymentMethod && str(params, 'confirm') === 'true')
    confirmSetupIntent(store, intent.id, { payment_method: paymentMethod });
  return intent;
}

/** API 2026-10-28 dropped some parameters; Stripe answers them as unknown, and so does the fake. */
export function rejectRemovedParam(params: Params, name: string): void {
  if (params[name] !== undefined) {
    throw new StripeFakeError(400, `Received unknown parameter: ${name}`, { code: 'parameter_unknown', param: name });
  }
}

/** What Stripe.js does in the browser: the card is saved and, with a customer, attached to it. */
export function confirmSetupIntent(store: FakeStripeStore, id: string, params: Params): FakeSetupIntent {
  const intent = store.get(store.setupIntents, id);
  if (intent.status === 'succeeded') {
    throw new StripeFakeError(400, 'You cannot confirm this SetupIntent because it has already succeeded.', {
      code: 'setup_intent_unexpected_state',
    });
  }
  const pm = resolvePaymentMethod(store, str(params, 'payment_method') ?? 'pm_card_visa', 'payment_method');
  const customer = typeof intent.customer === 'string' ? intent.customer : null;
  if (customer) attachPaymentMethod(store, pm.id, { customer });
  intent.payment_method = pm.id;
  intent.status = 'succeeded';
  store.emit('setup_intent.succeeded', intent);
  return intent;
}
