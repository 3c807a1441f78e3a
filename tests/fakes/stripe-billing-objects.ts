import type Stripe from 'stripe';
import { type FakePrice, planOf, type Wire } from './stripe-objects';
import type { FakePaymentIntent } from './stripe-intent-objects';
import { newId, nowSeconds } from './stripe-wire';

// Builders for subscriptions, their items and invoices, typed against the SDK so the fake follows
// this API version's layout: periods on the items, the invoice's subscription under
// `parent.subscription_details`, its PaymentIntent under `payments`, and the client secret in
// `confirmation_secret` (see stripe.ts for the full list).

export type FakeSubscription = Wire<Stripe.Subscription>;
export type FakeSubscriptionItem = Wire<Stripe.SubscriptionItem>;
export type FakeInvoice = Wire<Stripe.Invoice>;
export type FakeInvoiceLine = Wire<Stripe.InvoiceLineItem>;
export type FakeInvoicePayment = Wire<Stripe.InvoicePayment>;

/** A monthly plan's period, as the brief for this fake fixes it: 30 days. */
export const PERIOD_SECONDS = 30 * 24 * 60 * 60;

export function buildSubscriptionItem(
  subscription: string,
  price: FakePrice,
  quantity: number,
  start: number,
): FakeSubscriptionItem {
  return {
    id: newId('si'),
    object: 'subscription_item',
    billing_thresholds: null,
    created: nowSeconds(),
    current_period_end: start + PERIOD_SECONDS,
    current_period_start: start,
    current_trial: null,
    discounts: [],
    metadata: {},
    plan: planOf(price),
    price,
    quantity,
    subscription,
    tax_rates: [],
  };
}

export function buildSubscription(fields: {
  customer: string;
  currency: string;
  metadata: Record<string, string>;
  saveDefaultPaymentMethod: 'off' | 'on_subscription' | null;
  defaultPaymentMethod: string | null;
  description: string | null;
}): FakeSubscription {
  const now = nowSeconds();
  const id = newId('sub');
  return {
    id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: now,
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: null, type: 'flexible', updated_at: now },
    billing_schedules: [],
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
    collection_method: 'charge_automatically',
    created: now,
    currency: fields.currency,
    customer: fields.customer,
    customer_account: null,
    days_until_due: null,
    default_payment_method: fields.defaultPaymentMethod,
    default_source: null,
    default_tax_rates: [],
    description: fields.description,
    discounts: [],
    ended_at: null,
    invoice_settings: {
      account_tax_ids: null,
      custom_fields: null,
      description: null,
      footer: null,
      issuer: { type: 'self' },
    },
    items: { object: 'list', data: [], has_more: false, url: `/v1/subscription_items?subscription=${id}` },
    latest_invoice: null,
    livemode: false,
    managed_payments: null,
    metadata: fields.metadata,
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: {
      payment_method_options: null,
      payment_method_types: null,
      save_default_payment_method: fields.saveDefaultPaymentMethod,
    },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: now,
    status: 'incomplete',
    test_clock: null,
    transfer_data: null,
    trial_end: null,
    trial_settings: { end_behavior: { billing_cycle_anchor: null, missing_payment_method: 'create_invoice' } },
    trial_start: null,
  };
}

function lineFor(invoice: string, subscription: FakeSubscription, item: FakeSubscriptionItem): FakeInvoiceLine {
  const amount = (item.price.unit_amount ?? 0) * (item.quantity ?? 1);
  const product = typeof item.price.product === 'string' ? item.price.product : item.price.product.id;
  return {
    id: newId('il'),
    object: 'line_item',
    amount,
    currency: item.price.currency,
    description: `${item.quantity ?? 1} × ${item.price.nickname ?? product} (at ${(item.price.unit_amount ?? 0) / 100} ${item.price.currency} / ${item.price.recurring?.interval ?? 'month'})`,
    discount_amounts: [],
    discountable: true,
    discounts: [],
    invoice,
    livemode: false,
    metadata: subscription.metadata,
    parent: {
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: null,
        proration: false,
        proration_details: { credited_items: null },
        subscription: subscription.id,
        subscription_item: item.id,
      },
      type: 'subscription_item_details',
    },
    period: { start: item.current_period_start, end: item.current_period_end },
    pretax_credit_amounts: [],
    pricing: {
      price_details: { price: item.price.id, product },
      type: 'price_details',
      unit_amount_decimal: item.price.unit_amount_decimal,
    },
    quantity: item.quantity ?? 1,
    quantity_decimal: String(item.quantity ?? 1),
    subscription: subscription.id,
    subtotal: amount,
    taxes: [],
  };
}

/** A finalized (open) invoice for the subscription's items, with its PaymentIntent as a payment. */
export function buildInvoice(fields: {
  subscription: FakeSubscription;
  customer: { id: string; email: string | null; name: string | null };
  billingReason: Stripe.Invoice.BillingReason;
  number: string;
  paymentIntent: FakePaymentIntent;
  periodStart: number;
  periodEnd: number;
}): FakeInvoice {
  const now = nowSeconds();
  const id = newId('in');
  const sub = fields.subscription;
  const lines = sub.items.data.map((item) => lineFor(id, sub, item));
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  return {
    id,
    object: 'invoice',
    account_country: 'US',
    account_name: 'Parallax (fake Stripe)',
    account_tax_ids: null,
    amount_due: total,
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: total,
    amount_shipping: 0,
    application: null,
    attempt_count: 0,
    attempted: false,
    auto_advance: true,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: null,
    billing_reason: fields.billingReason,
    collection_method: 'charge_automatically',
    confirmation_secret: { client_secret: fields.paymentIntent.client_secret ?? '', type: 'payment_intent' },
    created: now,
    currency: sub.currency,
    custom_fields: null,
    customer: fields.customer.id,
    customer_account: null,
    customer_address: null,
    customer_email: fields.customer.email,
    customer_name: fields.customer.name,
    customer_phone: null,
    customer_shipping: null,
    customer_tax_exempt: 'none',
    customer_tax_ids: [],
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    due_date: null,
    effective_at: now,
    ending_balance: 0,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: null,
    invoice_pdf: null,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    lines: { object: 'list', data: lines, has_more: false, url: `/v1/invoices/${id}/lines` },
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number: fields.number,
    on_behalf_of: null,
    parent: {
      quote_details: null,
      subscription_details: { metadata: sub.metadata, subscription: sub.id },
      type: 'subscription_details',
    },
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    payments: {
      object: 'list',
      data: [buildInvoicePayment(id, fields.paymentIntent)],
      has_more: false,
      url: `/v1/invoices/${id}/payments`,
    },
    period_end: fields.periodEnd,
    period_start: fields.periodStart,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: 0,
    statement_descriptor: null,
    status: 'open',
    status_transitions: { finalized_at: now, marked_uncollectible_at: null, paid_at: null, voided_at: null },
    subtotal: total,
    subtotal_excluding_tax: total,
    test_clock: null,
    total,
    total_discount_amounts: [],
    total_excluding_tax: total,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: now,
  };
}

function buildInvoicePayment(invoice: string, paymentIntent: FakePaymentIntent): FakeInvoicePayment {
  return {
    id: newId('inpay'),
    object: 'invoice_payment',
    amount_paid: null,
    amount_requested: paymentIntent.amount,
    created: nowSeconds(),
    currency: paymentIntent.currency,
    invoice,
    is_default: true,
    livemode: false,
    payment: { payment_intent: paymentIntent.id, type: 'payment_intent' },
    status: 'open',
    status_transitions: { canceled_at: null, paid_at: null },
  };
}
