import type Stripe from 'stripe';
import { newId, nowSeconds, randomToken } from './stripe-wire';

// Builders for the fake's simple Stripe objects. Each is typed against the SDK's own interface
// (the contract for API 2026-10-28.endive), so a field the API version requires and the fake
// forgets is a compile error rather than a surprise in production.

/**
 * An SDK type as it travels on the wire: the SDK turns `*_decimal` strings into Decimal objects
 * after parsing, so the JSON the fake sends holds strings there.
 */
export type Wire<T> = T extends string | number | boolean | null | undefined
  ? T
  : T extends Stripe.Decimal
    ? string
    : T extends (infer U)[]
      ? Wire<U>[]
      : T extends object
        ? { [K in keyof T]: Wire<T[K]> }
        : T;

export type FakeCustomer = Wire<Stripe.Customer>;
export type FakePaymentMethod = Wire<Stripe.PaymentMethod>;
export type FakeProduct = Wire<Stripe.Product>;
export type FakePrice = Wire<Stripe.Price>;

export interface CardDetails {
  brand?: string;
  last4?: string;
  expMonth?: number;
  expYear?: number;
  funding?: string;
  country?: string;
}

/** The cards behind Stripe's test tokens and `pm_card_*` ids. */
export const TEST_CARDS: Record<string, Required<Pick<CardDetails, 'brand' | 'last4'>>> = {
  visa: { brand: 'visa', last4: '4242' },
  mastercard: { brand: 'mastercard', last4: '4444' },
  amex: { brand: 'amex', last4: '8431' },
  discover: { brand: 'discover', last4: '1117' },
};

/** `pm_card_visa` / `tok_visa` -> the test card it stands for. */
export function testCardFor(magic: string): CardDetails | undefined {
  const name = /^(?:pm_card_|tok_)([a-z]+)$/.exec(magic)?.[1];
  return name ? TEST_CARDS[name] : undefined;
}

export function buildCustomer(fields: {
  email: string | null;
  name: string | null;
  description: string | null;
  phone: string | null;
  metadata: Record<string, string>;
}): FakeCustomer {
  return {
    id: newId('cus'),
    object: 'customer',
    address: null,
    balance: 0,
    created: nowSeconds(),
    currency: null,
    default_source: null,
    delinquent: false,
    description: fields.description,
    discount: null,
    email: fields.email,
    invoice_prefix: randomToken(8).toUpperCase(),
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata: fields.metadata,
    name: fields.name,
    next_invoice_sequence: 1,
    phone: fields.phone,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  };
}

export function buildCardPaymentMethod(card: CardDetails, customer: string | null): FakePaymentMethod {
  const brand = card.brand ?? 'visa';
  return {
    id: newId('pm'),
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: { address: null, email: null, name: null, phone: null, tax_id: null },
    card: {
      brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
      country: card.country ?? 'US',
      display_brand: brand,
      exp_month: card.expMonth ?? 12,
      exp_year: card.expYear ?? 2030,
      fingerprint: randomToken(16),
      funding: card.funding ?? 'credit',
      generated_from: null,
      last4: card.last4 ?? TEST_CARDS[brand]?.last4 ?? '4242',
      networks: { available: [brand], preferred: null },
      regulated_status: 'unregulated',
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: nowSeconds(),
    customer,
    customer_account: null,
    livemode: false,
    metadata: {},
    type: 'card',
  };
}

export function buildProduct(fields: {
  name: string;
  description: string | null;
  metadata: Record<string, string>;
  active: boolean;
}): FakeProduct {
  const now = nowSeconds();
  return {
    id: newId('prod'),
    object: 'product',
    active: fields.active,
    created: now,
    default_price: null,
    description: fields.description,
    images: [],
    livemode: false,
    marketing_features: [],
    metadata: fields.metadata,
    name: fields.name,
    package_dimensions: null,
    shippable: null,
    statement_descriptor: null,
    tax_code: null,
    tax_details: null,
    type: 'service',
    unit_label: null,
    updated: now,
    url: null,
  };
}

export function buildPrice(fields: {
  product: string;
  currency: string;
  unitAmount: number;
  interval: Stripe.Price.Recurring.Interval | null;
  intervalCount: number;
  nickname: string | null;
  lookupKey: string | null;
  metadata: Record<string, string>;
  active: boolean;
}): FakePrice {
  return {
    id: newId('price'),
    object: 'price',
    active: fields.active,
    billing_scheme: 'per_unit',
    created: nowSeconds(),
    currency: fields.currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: fields.lookupKey,
    metadata: fields.metadata,
    nickname: fields.nickname,
    product: fields.product,
    recurring: fields.interval
      ? {
          interval: fields.interval,
          interval_count: fields.intervalCount,
          meter: null,
          trial_period_days: null,
          usage_type: 'licensed',
        }
      : null,
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: fields.interval ? 'recurring' : 'one_time',
    unit_amount: fields.unitAmount,
    unit_amount_decimal: String(fields.unitAmount),
  };
}

/** The legacy Plan view of a recurring price, which subscription items still carry. */
export function planOf(price: FakePrice): Wire<Stripe.Plan> {
  return {
    id: price.id,
    object: 'plan',
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: price.unit_amount_decimal,
    billing_scheme: price.billing_scheme,
    created: price.created,
    currency: price.currency,
    interval: price.recurring?.interval ?? 'month',
    interval_count: price.recurring?.interval_count ?? 1,
    livemode: false,
    metadata: price.metadata,
    meter: null,
    nickname: price.nickname,
    product: typeof price.product === 'string' ? price.product : price.product.id,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: 'licensed',
  };
}
