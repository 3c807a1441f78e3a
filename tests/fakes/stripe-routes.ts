import {
  checkoutLineItems,
  createCheckoutSession,
  expireCheckoutSession,
  listCheckoutSessions,
} from './stripe-checkout';
import {
  attachPaymentMethod,
  confirmSetupIntent,
  createCustomer,
  createPaymentMethod,
  createPrice,
  createProduct,
  createSetupIntent,
  deleteCustomer,
  detachPaymentMethod,
  listCustomers,
  listPaymentMethods,
  listPrices,
  listProducts,
  retrieveCustomer,
  updateCustomer,
  updatePrice,
  updateProduct,
} from './stripe-customers';
import { confirmPaymentIntent, payInvoiceApi } from './stripe-invoices';
import { createPreview } from './stripe-prorations';
import type { FakeStripeStore, Stored } from './stripe-store';
import { cancelSubscription, createSubscription, listSubscriptions, updateSubscription } from './stripe-subscriptions';
import { arr, noSuch, paginate, type Params, str, StripeFakeError } from './stripe-wire';

// The /v1 endpoints the app uses, as a table: method, path pattern, and what to do. Handlers
// return stored objects (or lists of them); `handleApi` renders them with `expand[]` applied.

type Result = { one: Stored } | { list: Stored[]; url: string };

interface Ctx {
  store: FakeStripeStore;
  params: Params;
  /** The path's captures, decoded: /v1/customers/:id/payment_methods/:id2 -> [id, id2]. */
  ids: string[];
  payUrl: (sessionId: string) => string;
}

interface Route {
  method: 'GET' | 'POST' | 'DELETE';
  pattern: RegExp;
  handle: (ctx: Ctx) => Result;
}

const one = (object: Stored): Result => ({ one: object });
const list = (items: Stored[], url: string): Result => ({ list: items, url });
const id = (ctx: Ctx, i = 0): string => ctx.ids[i] ?? '';

const route = (method: Route['method'], path: string, handle: Route['handle']): Route => ({
  method,
  pattern: new RegExp(`^${path.replaceAll(':id', '([^/]+)')}$`),
  handle,
});

const ROUTES: Route[] = [
  route('POST', '/v1/customers', (c) => one(createCustomer(c.store, c.params))),
  route('GET', '/v1/customers', (c) => list(listCustomers(c.store, c.params), '/v1/customers')),
  route('GET', '/v1/customers/:id', (c) => one(retrieveCustomer(c.store, id(c)))),
  route('POST', '/v1/customers/:id', (c) => one(updateCustomer(c.store, id(c), c.params))),
  route('DELETE', '/v1/customers/:id', (c) => one(deleteCustomer(c.store, id(c)))),
  route('GET', '/v1/customers/:id/payment_methods', (c) =>
    list(listPaymentMethods(c.store, id(c), c.params), `/v1/customers/${id(c)}/payment_methods`),
  ),
  route('GET', '/v1/customers/:id/payment_methods/:id', (c) => {
    const pm = c.store.get(c.store.paymentMethods, id(c, 1));
    if (pm.customer !== id(c)) throw noSuch(id(c, 1));
    return one(pm);
  }),

  route('POST', '/v1/payment_methods', (c) => one(createPaymentMethod(c.store, c.params))),
  route('GET', '/v1/payment_methods', (c) =>
    list(listPaymentMethods(c.store, str(c.params, 'customer'), c.params), '/v1/payment_methods'),
  ),
  route('GET', '/v1/payment_methods/:id', (c) => one(c.store.get(c.store.paymentMethods, id(c)))),
  route('POST', '/v1/payment_methods/:id/attach', (c) => one(attachPaymentMethod(c.store, id(c), c.params))),
  route('POST', '/v1/payment_methods/:id/detach', (c) => one(detachPaymentMethod(c.store, id(c)))),

  route('POST', '/v1/products', (c) => one(createProduct(c.store, c.params))),
  route('GET', '/v1/products', (c) => list(listProducts(c.store, c.params), '/v1/products')),
  route('GET', '/v1/products/:id', (c) => one(c.store.get(c.store.products, id(c)))),
  route('POST', '/v1/products/:id', (c) => one(updateProduct(c.store, id(c), c.params))),
  route('POST', '/v1/prices', (c) => one(createPrice(c.store, c.params))),
  route('GET', '/v1/prices', (c) => list(listPrices(c.store, c.params), '/v1/prices')),
  route('GET', '/v1/prices/:id', (c) => one(c.store.get(c.store.prices, id(c)))),
  route('POST', '/v1/prices/:id', (c) => one(updatePrice(c.store, id(c), c.params))),

  route('POST', '/v1/subscriptions', (c) => one(createSubscription(c.store, c.params))),
  route('GET', '/v1/subscriptions', (c) => list(listSubscriptions(c.store, c.params), '/v1/subscriptions')),
  route('GET', '/v1/subscriptions/:id', (c) => one(c.store.get(c.store.subscriptions, id(c)))),
  route('POST', '/v1/subscriptions/:id', (c) => one(updateSubscription(c.store, id(c), c.params))),
  route('DELETE', '/v1/subscriptions/:id', (c) => one(cancelSubscription(c.store, id(c), c.params))),

  route('GET', '/v1/subscription_items', (c) => {
    const sub = c.store.get(c.store.subscriptions, str(c.params, 'subscription') ?? '', 'subscription');
    return list(sub.items.data as Stored[], `/v1/subscription_items?subscription=${sub.id}`);
  }),

  route('GET', '/v1/invoices', (c) => {
    const customer = str(c.params, 'customer');
    const subscription = str(c.params, 'subscription');
    const status = str(c.params, 'status');
    const items = c.store
      .newestFirst(c.store.invoices)
      .filter((i) => customer === undefined || i.customer === customer)
      .filter((i) => subscription === undefined || i.parent?.subscription_details?.subscription === subscription)
      .filter((i) => status === undefined || i.status === status);
    return list(items, '/v1/invoices');
  }),
  route('POST', '/v1/invoices/create_preview', (c) => one(createPreview(c.store, c.params) as Stored)),
  route('GET', '/v1/invoices/:id', (c) => one(c.store.get(c.store.invoices, id(c)))),
  route('POST', '/v1/invoices/:id/pay', (c) => one(payInvoiceApi(c.store, id(c), c.params))),
  route('GET', '/v1/invoice_payments', (c) => {
    const invoice = c.store.get(c.store.invoices, str(c.params, 'invoice') ?? '', 'invoice');
    return list((invoice.payments?.data ?? []) as Stored[], '/v1/invoice_payments');
  }),
  route('GET', '/v1/payment_intents/:id', (c) => one(c.store.get(c.store.paymentIntents, id(c)))),
  route('POST', '/v1/payment_intents/:id/confirm', (c) => one(confirmPaymentIntent(c.store, id(c), c.params))),

  route('POST', '/v1/setup_intents', (c) => one(createSetupIntent(c.store, c.params))),
  route('GET', '/v1/setup_intents/:id', (c) => one(c.store.get(c.store.setupIntents, id(c)))),
  route('POST', '/v1/setup_intents/:id/confirm', (c) => one(confirmSetupIntent(c.store, id(c), c.params))),

  route('POST', '/v1/checkout/sessions', (c) => one(createCheckoutSession(c.store, c.params, c.payUrl))),
  route('GET', '/v1/checkout/sessions', (c) => list(listCheckoutSessions(c.store, c.params), '/v1/checkout/sessions')),
  route('GET', '/v1/checkout/sessions/:id', (c) => one(c.store.get(c.store.checkoutSessions, id(c)))),
  route('POST', '/v1/checkout/sessions/:id/expire', (c) => one(expireCheckoutSession(c.store, id(c)))),
  route('GET', '/v1/checkout/sessions/:id/line_items', (c) =>
    list(checkoutLineItems(c.store, id(c)) as Stored[], `/v1/checkout/sessions/${id(c)}/line_items`),
  ),

  route('GET', '/v1/events', (c) => {
    const type = str(c.params, 'type');
    const types = arr(c.params, 'types').filter((t): t is string => typeof t === 'string');
    // `type` accepts Stripe's wildcard form, e.g. `customer.subscription.*`.
    const matches = (t: string) =>
      (type === undefined || (type.endsWith('.*') ? t.startsWith(type.slice(0, -1)) : t === type)) &&
      (types.length === 0 || types.includes(t));
    return list(
      [...c.store.events].reverse().filter((e) => matches(e.type)),
      '/v1/events',
    );
  }),
  route('GET', '/v1/events/:id', (c) => {
    const event = c.store.events.find((e) => e.id === id(c));
    if (!event) throw noSuch(id(c));
    return one(event);
  }),
];

/** Runs one /v1 call against the store; throws StripeFakeError for Stripe's error answers. */
export function handleApi(
  store: FakeStripeStore,
  method: string,
  path: string,
  params: Params,
  payUrl: (sessionId: string) => string,
): Record<string, unknown> {
  const expand = arr(params, 'expand').filter((e): e is string => typeof e === 'string');
  for (const candidate of ROUTES) {
    if (candidate.method !== method) continue;
    const match = candidate.pattern.exec(path);
    if (!match) continue;
    const ids = match.slice(1).map((part) => decodeURIComponent(part));
    const result = candidate.handle({ store, params, ids, payUrl });
    if ('one' in result) return store.render(result.one, expand);
    const page = paginate(result.list, result.url, params);
    const envelope = { ...page, data: page.data.map((item) => store.plain(item)) };
    store.expand(envelope, expand);
    return envelope;
  }
  throw new StripeFakeError(
    404,
    `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
  );
}
