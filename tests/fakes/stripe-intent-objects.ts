import type Stripe from 'stripe';
import type { Wire } from './stripe-objects';
import { newId, nowSeconds, randomToken } from './stripe-wire';

// PaymentIntents (one per invoice, confirmed by Stripe.js in the browser, or by a test control
// here) and SetupIntents (saving a card without paying), typed against the SDK.

export type FakePaymentIntent = Wire<Stripe.PaymentIntent>;
export type FakeSetupIntent = Wire<Stripe.SetupIntent>;

export function buildPaymentIntent(fields: {
  amount: number;
  currency: string;
  customer: string;
  description: string | null;
  setupFutureUsage: 'off_session' | null;
}): FakePaymentIntent {
  const id = newId('pi');
  return {
    id,
    object: 'payment_intent',
    allowed_payment_method_types: null,
    amount: fields.amount,
    amount_capturable: 0,
    amount_details: { tip: {} },
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic',
    client_secret: `${id}_secret_${randomToken(25)}`,
    confirmation_method: 'automatic',
    created: nowSeconds(),
    currency: fields.currency,
    customer: fields.customer,
    customer_account: null,
    description: fields.description,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    managed_payments: null,
    metadata: {},
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: {
      card: { installments: null, mandate_options: null, network: null, request_three_d_secure: 'automatic' },
    },
    payment_method_types: ['card'],
    payment_record: null,
    processing: null,
    receipt_email: null,
    review: null,
    setup_future_usage: fields.setupFutureUsage,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'requires_payment_method',
    transfer_data: null,
    transfer_group: null,
  };
}

export function buildSetupIntent(fields: {
  customer: string | null;
  /** `allowed_payment_method_types` as given (null: Stripe decides, from the Dashboard settings). */
  allowedPaymentMethodTypes: string[] | null;
  automatic: boolean;
  usage: string;
  metadata: Record<string, string>;
}): FakeSetupIntent {
  const id = newId('seti');
  return {
    id,
    object: 'setup_intent',
    allowed_payment_method_types: fields.allowedPaymentMethodTypes,
    application: null,
    automatic_payment_methods: fields.automatic ? { allow_redirects: 'always', enabled: true } : null,
    cancellation_reason: null,
    client_secret: `${id}_secret_${randomToken(25)}`,
    created: nowSeconds(),
    customer: fields.customer,
    customer_account: null,
    description: null,
    excluded_payment_method_types: null,
    flow_directions: null,
    last_setup_error: null,
    latest_attempt: null,
    livemode: false,
    mandate: null,
    metadata: fields.metadata,
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: { card: { mandate_options: null, network: null, request_three_d_secure: 'automatic' } },
    payment_method_types: fields.allowedPaymentMethodTypes ?? ['card'],
    single_use_mandate: null,
    status: 'requires_payment_method',
    usage: fields.usage,
  };
}
