import { z } from 'zod';
import { adminValidationMessages as v } from './admin-messages';
import { SIMPLE_EMAIL_PATTERN } from './admin-user-schemas';
import { paymentModeSchema } from './billing-schemas';
import { ANONYMOUS_USERNAME_PREFIX, EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from './limits';
import { validationMessages } from './messages';
import { safeText } from './text-rules';

// The admin console's email, payment settings and admin accounts (docs/product.md, "Admin calls").

// ---------- Email ----------

/** GET /api/admin/email-settings: the key is masked (bullets and its last 4 characters), never returned whole. */
export const emailSettingsSchema = z.object({
  sendgridApiKey: z.string(),
  hasApiKey: z.boolean(),
  sendgridFromEmail: z.string(),
  sendgridFromName: z.string(),
});
export type EmailSettings = z.infer<typeof emailSettingsSchema>;

/** POST /api/admin/email-settings: a blank key keeps the saved one. */
export const emailSettingsInputSchema = z.object({
  sendgridApiKey: safeText({ max: 500, trim: true }).optional(),
  sendgridFromEmail: safeText({
    max: EMAIL_MAX,
    trim: true,
    messages: { tooLong: validationMessages.emailTooLong },
  }).regex(SIMPLE_EMAIL_PATTERN, v.createEmail),
  sendgridFromName: safeText({ max: 100, trim: true }),
});
export type EmailSettingsInput = z.infer<typeof emailSettingsInputSchema>;

export const testEmailSchema = z.object({
  email: safeText({
    max: EMAIL_MAX,
    min: 1,
    trim: true,
    messages: { required: v.testEmailRequired, tooLong: validationMessages.emailTooLong },
  }).regex(SIMPLE_EMAIL_PATTERN, v.createEmail),
});

export const emailLogSchema = z.object({
  id: z.number().int(),
  timestamp: z.string(),
  to: z.string(),
  subject: z.string(),
  /** delivered, failed or outbox. */
  status: z.string(),
  kind: z.string(),
  error: z.string().nullable(),
});
export type EmailLog = z.infer<typeof emailLogSchema>;

// ---------- Payment settings ----------

/** Plans whose Payment Links and price ids the Payment Settings edit. */
export const paymentSettingsPlans = ['basic', 'standard', 'unlimited'] as const;

export const modeKeysSchema = z.object({
  publicKey: z.string(),
  /** Masked: bullets and the last 4 characters, or '' when none is saved. */
  secretKey: z.string(),
  webhookSecret: z.string(),
  /** Where the active values come from: saved in the console, the server's environment, or nowhere. */
  source: z.enum(['settings', 'environment', 'none']),
  /** Payment Links for direct checkout, by plan id. */
  paymentLinks: z.record(z.string(), z.string()),
});
export type ModeKeys = z.infer<typeof modeKeysSchema>;

/**
 * GET /api/admin/stripe-keys: the flat fields first described (docs/product.md, "Payment settings") describe the
 * active mode; `test` and `live` fill the tabs.
 */
export const stripeKeysSchema = z.object({
  mode: paymentModeSchema,
  publicKey: z.string(),
  secretKey: z.string(),
  webhookSecret: z.string(),
  priceIdBasic: z.string(),
  priceIdStandard: z.string(),
  priceIdUnlimited: z.string(),
  configured: z.boolean(),
  test: modeKeysSchema,
  live: modeKeysSchema,
});
export type StripeKeys = z.infer<typeof stripeKeysSchema>;

const optionalKey = safeText({ max: 300, trim: true }).optional();
const priceId = safeText({ max: 200, trim: true })
  .refine((s) => s === '' || s.startsWith('price_'), v.invalidPriceId)
  .optional();
const paymentLink = safeText({ max: 500, trim: true }).refine(
  (s) => s === '' || /^https:\/\/\S+$/.test(s),
  v.invalidPaymentLink,
);

/**
 * POST /api/admin/stripe-keys. Keys apply to `mode`; a blank key keeps the saved one. Price ids and
 * Payment Links are shown whole, so a blank one clears it. clearCustomerIds is honoured only in live mode.
 */
export const stripeKeysInputSchema = z
  .object({
    mode: paymentModeSchema,
    publicKey: optionalKey,
    secretKey: optionalKey,
    webhookSecret: optionalKey,
    priceIdBasic: priceId,
    priceIdStandard: priceId,
    priceIdUnlimited: priceId,
    clearCustomerIds: z.boolean().optional(),
    paymentLinks: z.partialRecord(z.enum(paymentSettingsPlans), paymentLink).optional(),
  })
  .superRefine((body, ctx) => {
    const secret = body.mode === 'live' ? 'sk_live_' : 'sk_test_';
    const publishable = body.mode === 'live' ? 'pk_live_' : 'pk_test_';
    if (body.secretKey && !body.secretKey.startsWith(secret)) {
      ctx.addIssue({ code: 'custom', path: ['secretKey'], message: v.invalidSecretKey });
    }
    if (body.publicKey && !body.publicKey.startsWith(publishable)) {
      ctx.addIssue({ code: 'custom', path: ['publicKey'], message: v.invalidPublicKey });
    }
    if (body.webhookSecret && !body.webhookSecret.startsWith('whsec_')) {
      ctx.addIssue({ code: 'custom', path: ['webhookSecret'], message: v.invalidWebhookSecret });
    }
  });
export type StripeKeysInput = z.input<typeof stripeKeysInputSchema>;

export const WEBHOOK_PATH = '/stripe-webhook';

/** GET /api/admin/webhook-key answers it masked; POST /api/admin/generate-webhook-key answers the new key whole, once. */
export const webhookKeySchema = z.object({ apiKey: z.string().nullable() });

// ---------- Admin accounts ----------

export const adminAccountSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  role: z.enum(['user', 'admin']),
  createdAt: z.string(),
});
export type AdminAccount = z.infer<typeof adminAccountSchema>;

export const createAdminSchema = z.object({
  username: safeText({
    max: USERNAME_MAX,
    min: USERNAME_MIN,
    trim: true,
    messages: { required: v.createUsernameMin, tooLong: validationMessages.usernameTooLong },
  })
    .regex(/^[A-Za-z0-9._-]+$/, validationMessages.usernameCharacters)
    .refine((name) => !name.toLowerCase().startsWith(ANONYMOUS_USERNAME_PREFIX), validationMessages.usernameReserved),
  email: safeText({
    max: EMAIL_MAX,
    trim: true,
    messages: { required: v.createEmail, tooLong: validationMessages.emailTooLong },
  }).regex(SIMPLE_EMAIL_PATTERN, v.createEmail),
  password: safeText({
    max: PASSWORD_MAX,
    min: PASSWORD_MIN,
    messages: { required: v.createPasswordMin, tooLong: validationMessages.passwordTooLong },
  }),
  sendWelcomeEmail: z.boolean().default(true),
});
export type CreateAdminInput = z.input<typeof createAdminSchema>;

/** The admin login form (docs/product.md, "Admin sign-in"): its own messages, then the shared POST /api/login. */
export const adminLoginFormSchema = z.object({
  email: safeText({
    max: EMAIL_MAX,
    min: 3,
    trim: true,
    messages: { tooShort: v.adminEmailMin, tooLong: validationMessages.emailTooLong },
  }),
  password: safeText({
    max: PASSWORD_MAX,
    min: PASSWORD_MIN,
    messages: { tooShort: v.adminPasswordMin, tooLong: validationMessages.passwordTooLong },
  }),
});
export type AdminLoginForm = z.infer<typeof adminLoginFormSchema>;

/** GET /api/admin/ai-models: each model's key for everyone, where it comes from, never the key itself. */
export const adminAiModelSchema = z.object({
  model: z.string(),
  displayName: z.string(),
  provider: z.string(),
  /** 'admin': saved from the app; 'environment': the server's environment; 'none': no key. */
  keySource: z.enum(['admin', 'environment', 'none']),
  /** The key's last four characters behind dots, or null. */
  maskedKey: z.string().nullable(),
  version: z.string(),
  baseUrl: z.string().nullable(),
});
export type AdminAiModel = z.infer<typeof adminAiModelSchema>;

/** POST /api/admin/ai-models/:model/check: whether the vendor accepts the key, by its cheapest call. */
/** GET and PUT /api/admin/web-search: whether questions may turn on "Search the web" (issue 17, item 2). */
export const webSearchSettingSchema = z.object({ allowed: z.boolean() });
export type WebSearchSetting = z.infer<typeof webSearchSettingSchema>;

/** PUT /api/admin/ai-models/:model/version: the version the server-wide key answers with, key unchanged. */
export const modelVersionInputSchema = z.object({
  version: safeText({ max: 100, min: 1, trim: true, messages: { required: v.modelVersionRequired } }),
});

export const keyCheckSchema = z.object({ ok: z.boolean(), message: z.string() });
export type KeyCheckResult = z.infer<typeof keyCheckSchema>;
