import {
  type paymentSettingsPlans,
  stripeKeysInputSchema,
  type StripeKeys,
  type StripeKeysInput,
} from '../../../../common/admin-settings-schemas';
import type { PaymentMode } from '../../../../common/billing-schemas';

// The Payment Settings form and the body of POST /api/admin/stripe-keys. Keys and Payment Links
// are per mode and only the selected mode's are sent; secrets start blank (blank keeps the saved
// one); the public key and price ids are shown whole and sent only when changed, so saving never
// copies one mode's values, or the server environment's, into the other.

export type PaymentPlan = (typeof paymentSettingsPlans)[number];
export const priceIdFields = ['priceIdBasic', 'priceIdStandard', 'priceIdUnlimited'] as const;
export type PriceIdField = (typeof priceIdFields)[number];
export const priceIdPlan: Record<PriceIdField, PaymentPlan> = {
  priceIdBasic: 'basic',
  priceIdStandard: 'standard',
  priceIdUnlimited: 'unlimited',
};

export interface ModeFields {
  publicKey: string;
  secretKey: string;
  webhookSecret: string;
  paymentLinks: Record<PaymentPlan, string>;
}

export interface PaymentSettingsValues extends Record<PriceIdField, string> {
  mode: PaymentMode;
  test: ModeFields;
  live: ModeFields;
}

function modeFields(keys: StripeKeys['test']): ModeFields {
  return {
    publicKey: keys.publicKey,
    secretKey: '',
    webhookSecret: '',
    paymentLinks: {
      basic: keys.paymentLinks.basic ?? '',
      standard: keys.paymentLinks.standard ?? '',
      unlimited: keys.paymentLinks.unlimited ?? '',
    },
  };
}

export function initialPaymentSettings(keys: StripeKeys): PaymentSettingsValues {
  return {
    mode: keys.mode,
    test: modeFields(keys.test),
    live: modeFields(keys.live),
    priceIdBasic: keys.priceIdBasic,
    priceIdStandard: keys.priceIdStandard,
    priceIdUnlimited: keys.priceIdUnlimited,
  };
}

/** Where a server field's message goes in the form (`secretKey` -> `live.secretKey`). */
export function formPathOf(field: string, mode: PaymentMode): string | null {
  if (field === 'secretKey' || field === 'publicKey' || field === 'webhookSecret') return `${mode}.${field}`;
  const link = /^paymentLinks\.(basic|standard|unlimited)$/.exec(field);
  if (link) return `${mode}.paymentLinks.${link[1]}`;
  return (priceIdFields as readonly string[]).includes(field) ? field : null;
}

export function buildStripeKeysBody(
  values: PaymentSettingsValues,
  initial: PaymentSettingsValues,
): { ok: true; body: StripeKeysInput } | { ok: false; errors: Record<string, string> } {
  const mode = values.mode;
  const fields = values[mode];
  const body: StripeKeysInput = { mode };
  const secretKey = fields.secretKey.trim();
  const webhookSecret = fields.webhookSecret.trim();
  const publicKey = fields.publicKey.trim();
  if (secretKey) body.secretKey = secretKey;
  if (webhookSecret) body.webhookSecret = webhookSecret;
  if (publicKey && publicKey !== initial[mode].publicKey) body.publicKey = publicKey;
  for (const field of priceIdFields) {
    const value = values[field].trim();
    if (value !== initial[field]) body[field] = value;
  }
  body.paymentLinks = {
    basic: fields.paymentLinks.basic.trim(),
    standard: fields.paymentLinks.standard.trim(),
    unlimited: fields.paymentLinks.unlimited.trim(),
  };

  const checked = stripeKeysInputSchema.safeParse(body);
  if (checked.success) return { ok: true, body };
  const errors: Record<string, string> = {};
  for (const issue of checked.error.issues) {
    const path = formPathOf(issue.path.map(String).join('.'), mode);
    if (path && !errors[path]) errors[path] = issue.message;
  }
  return { ok: false, errors };
}
