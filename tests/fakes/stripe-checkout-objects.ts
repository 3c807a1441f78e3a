import type Stripe from 'stripe';
import type { FakePrice, Wire } from './stripe-objects';
import { newId, nowSeconds, randomToken } from './stripe-wire';

// The Checkout Session object, typed against the SDK. Sessions live 24 hours unless told
// otherwise, as on Stripe; the fake never expires them by the clock, only when asked.

export type FakeCheckoutSession = Wire<Stripe.Checkout.Session>;
export type FakeCheckoutLineItem = Wire<Stripe.LineItem>;

export const CHECKOUT_LIFETIME_SECONDS = 24 * 60 * 60;

export function buildCheckoutLineItem(price: FakePrice, quantity: number, description: string): FakeCheckoutLineItem {
  const amount = (price.unit_amount ?? 0) * quantity;
  return {
    id: `li_1${randomToken(23)}`,
    object: 'item',
    adjustable_quantity: null,
    amount_discount: 0,
    amount_subtotal: amount,
    amount_tax: 0,
    amount_total: amount,
    currency: price.currency,
    description,
    metadata: {},
    price,
    quantity,
  };
}

export function buildCheckoutSession(fields: {
  mode: Stripe.Checkout.Session.Mode;
  uiMode: Stripe.Checkout.Session.UiMode;
  lineItems: FakeCheckoutLineItem[];
  clientReferenceId: string | null;
  customer: string | null;
  customerEmail: string | null;
  successUrl: string | null;
  cancelUrl: string | null;
  returnUrl: string | null;
  metadata: Record<string, string>;
  expiresAt: number | null;
  /** Where a browser can "pay" this session on the fake (hosted_page mode only). */
  payUrl: (id: string) => string;
}): FakeCheckoutSession {
  const id = newId('cs');
  const now = nowSeconds();
  const embedded = fields.uiMode !== 'hosted_page';
  const total = fields.lineItems.reduce((sum, item) => sum + item.amount_total, 0);
  return {
    id,
    object: 'checkout.session',
    adaptive_pricing: null,
    after_expiration: null,
    allow_promotion_codes: null,
    allowed_payment_method_types: null,
    amount_subtotal: total,
    amount_total: total,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: fields.cancelUrl,
    client_reference_id: fields.clientReferenceId,
    client_secret: embedded ? `${id}_secret_${randomToken(24)}` : null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created: now,
    currency: fields.lineItems[0]?.currency ?? 'usd',
    currency_conversion: null,
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer: fields.customer,
    customer_account: null,
    customer_creation: fields.mode === 'subscription' || fields.customer ? null : 'if_required',
    // Stripe shows a prefilled email here before completion; name and address come with payment.
    customer_details: fields.customerEmail ? customerDetails(fields.customerEmail, null) : null,
    customer_email: fields.customerEmail,
    discounts: [],
    expires_at: fields.expiresAt ?? now + CHECKOUT_LIFETIME_SECONDS,
    integration_identifier: null,
    invoice: null,
    invoice_creation: null,
    line_items: {
      object: 'list',
      data: fields.lineItems,
      has_more: false,
      url: `/v1/checkout/sessions/${id}/line_items`,
    },
    livemode: false,
    locale: null,
    managed_payments: null,
    metadata: fields.metadata,
    mode: fields.mode,
    origin_context: null,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: fields.mode === 'subscription' ? 'always' : null,
    payment_method_configuration_details: null,
    payment_method_options: { card: { request_three_d_secure: 'automatic' } },
    payment_method_types: ['card'],
    payment_status: 'unpaid',
    permissions: null,
    phone_number_collection: { enabled: false },
    recovered_from: null,
    ...(embedded ? { redirect_on_completion: 'always' as const, return_url: fields.returnUrl ?? undefined } : {}),
    saved_payment_method_options: {
      allow_redisplay_filters: ['always'],
      payment_method_remove: null,
      payment_method_save: null,
    },
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: 'open',
    submit_type: null,
    subscription: null,
    success_url: embedded ? null : fields.successUrl,
    tax_id_collection: { enabled: false, required: 'never' },
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: fields.uiMode,
    url: embedded ? null : fields.payUrl(id),
    wallet_options: null,
  };
}

export function customerDetails(
  email: string | null,
  name: string | null,
): Wire<Stripe.Checkout.Session.CustomerDetails> {
  return {
    address: null,
    business_name: null,
    email,
    individual_name: null,
    name,
    phone: null,
    tax_exempt: 'none',
    tax_ids: [],
  };
}
