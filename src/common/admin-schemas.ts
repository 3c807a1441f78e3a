import { z } from 'zod';
import { adminValidationMessages as v } from './admin-messages';
import { paymentModeSchema, planSchema } from './billing-schemas';
import {
  ANONYMOUS_USERNAME_PREFIX,
  DATABASE_INT_MAX,
  EMAIL_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
} from './limits';
import { textMessages, validationMessages } from './messages';
import { ID_MAX, safeText } from './text-rules';
import { publicUserSchema } from './user-schemas';

// The contract of the admin console's calls (admin-console.md section 7). The server validates
// with these and the client parses its answers with the same ones.

// The spec's "simple address pattern" (section 5).
export const SIMPLE_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The admin view of a user or anonymous session. */
export const adminUserSchema = publicUserSchema.omit({ impersonatedBy: true });
export type AdminUser = z.infer<typeof adminUserSchema>;

// ---------- Users and sessions ----------

export const ADMIN_LIST_DEFAULT_LIMIT = 50;
export const ADMIN_LIST_MAX_LIMIT = 500;
export const TOTAL_COUNT_HEADER = 'x-total-count';
export const TOTAL_REVENUE_HEADER = 'x-total-revenue';

export const adminUserSortKeys = [
  'id',
  'username',
  'email',
  'role',
  // Tier ranking (unlimited 3, standard 2, basic 1, free 0), then the status word.
  'subscription',
  // Paid first (-1 = unlimited ranks highest), then free.
  'questions',
  'createdAt',
] as const;
export type AdminUserSortKey = (typeof adminUserSortKeys)[number];

const listPaging = {
  limit: z.coerce.number().int().min(1).max(ADMIN_LIST_MAX_LIMIT).default(ADMIN_LIST_DEFAULT_LIMIT),
  offset: z.coerce.number().int().min(0).max(DATABASE_INT_MAX).default(0),
  search: safeText({ max: 200, trim: true }).optional(),
};

/** GET /api/admin/users: optional paging, search, sort ('-' prefix = descending) and filter; total in X-Total-Count. */
export const adminUsersQuerySchema = z.object({
  ...listPaging,
  sort: safeText({ max: 40 })
    .regex(new RegExp(`^-?(${adminUserSortKeys.join('|')})$`))
    .default('-id'),
  filter: z.enum(['all', 'admin', 'active', 'inactive']).default('all'),
  /** Registered users (an email, no 'session_' prefix) or anonymous sessions. */
  kind: z.enum(['registered', 'sessions']).default('registered'),
});
export type AdminUsersQuery = z.input<typeof adminUsersQuerySchema>;

/** Status words an administrator may set (section 4), plus those Stripe sync writes, so an edit can keep them. */
export const adminSettableStatuses = ['free', 'active', 'cancelled', 'past_due', 'unpaid'] as const;
const knownStatuses = [
  ...adminSettableStatuses,
  'canceled',
  'pending_cancellation',
  'trialing',
  'incomplete',
  'incomplete_expired',
  'paused',
] as const;
export const adminTiers = ['free', 'basic', 'standard', 'unlimited'] as const;

const wholeNumber = z.number(v.wholeNumber).int(v.wholeNumber).max(DATABASE_INT_MAX, textMessages.numberTooLarge);

/** PUT /api/admin/users/:id. Ids and Stripe ids are read-only; absent fields stay as they are. */
export const adminUserUpdateSchema = z.object({
  username: safeText({
    max: USERNAME_MAX,
    min: USERNAME_MIN,
    trim: true,
    messages: { tooShort: v.editUsernameMin, tooLong: validationMessages.usernameTooLong },
  })
    // The sign-in form reads an @ as an email, so a username with one could never sign in.
    .regex(/^[A-Za-z0-9._-]+$/, validationMessages.usernameCharacters)
    .optional(),
  email: safeText({ max: EMAIL_MAX, trim: true, messages: { tooLong: validationMessages.emailTooLong } })
    .regex(SIMPLE_EMAIL_PATTERN, v.editEmail)
    .optional(),
  freeQuestionsRemaining: wholeNumber.min(0, v.freeQuestionsMin).optional(),
  paidQuestionsRemaining: wholeNumber.min(-1, v.paidQuestionsMin).optional(),
  subscriptionStatus: z.enum(knownStatuses).nullable().optional(),
  // A plan id: the spec's four tiers, 'test', or a plan an administrator created.
  subscriptionTier: safeText({ max: 64 })
    .regex(/^[a-z0-9][a-z0-9_-]{0,63}$/)
    .optional(),
});
export type AdminUserUpdate = z.infer<typeof adminUserUpdateSchema>;

export const userIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(DATABASE_INT_MAX) });

export const toggleAdminSchema = z.object({ isAdmin: z.boolean() });

export const loginAsResponseSchema = z.object({ originalAdminId: z.number().int(), user: publicUserSchema });
export const endImpersonationResponseSchema = z.object({ message: z.string(), user: publicUserSchema });

export const syncResultSchema = z.object({
  processed: z.number().int(),
  syncedCount: z.number().int(),
  updatedCount: z.number().int(),
  errors: z.array(z.string()),
});
export type SyncResult = z.infer<typeof syncResultSchema>;

// ---------- Dashboard, payments, events, abandoned checkouts ----------

export const activityItemSchema = z.object({
  /** Unique across both sources, e.g. 'payment-12' or 'event-40'. */
  key: z.string(),
  source: z.enum(['payment', 'subscription_event']),
  /** What happened, e.g. 'Payment' or the event type. */
  event: z.string(),
  userId: z.number().int().nullable(),
  username: z.string().nullable(),
  /** The plan tier for events, the currency amount text's plan for payments. */
  type: z.string().nullable(),
  status: z.string().nullable(),
  /** Minor units, payments only. */
  amount: z.number().int().nullable(),
  currency: z.string().nullable(),
  createdAt: z.string(),
});
export type ActivityItem = z.infer<typeof activityItemSchema>;

export const ACTIVITY_FEED_SIZE = 10;
export const DASHBOARD_REFRESH_MS = 60_000;

/** GET /api/admin/dashboard: the four cards, computed in the database, and the newest activity. */
export const dashboardSchema = z.object({
  totalRevenue: z.number().int(),
  monthlyRevenue: z.number().int(),
  activeSubscriptions: z.number().int(),
  totalUsers: z.number().int(),
  currency: z.string(),
  recentActivity: z.array(activityItemSchema),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const adminListQuerySchema = z.object(listPaging);
export type AdminListQuery = z.input<typeof adminListQuerySchema>;

export const adminPaymentSchema = z.object({
  id: z.number().int(),
  userId: z.number().int().nullable(),
  username: z.string().nullable(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.string(),
  planId: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;

export const subscriptionEventSchema = z.object({
  id: z.number().int(),
  userId: z.number().int().nullable(),
  username: z.string().nullable(),
  eventType: z.string(),
  previousStatus: z.string().nullable(),
  newStatus: z.string().nullable(),
  previousTier: z.string().nullable(),
  newTier: z.string().nullable(),
  createdAt: z.string(),
});
export type SubscriptionEvent = z.infer<typeof subscriptionEventSchema>;

/** The server's shape of an abandoned checkout (the spec's second shape; the client also reads Stripe's). */
export const abandonedCheckoutSchema = z.object({
  id: z.string(),
  /** A Checkout Session (absent, the spec's shape), or a checkout attempt: a subscription never paid (decision 0019). */
  kind: z.enum(['session', 'subscription']).optional(),
  customerEmail: z.string().nullable(),
  customerName: z.string().nullable(),
  /** The plan's display name, for attempts. */
  plan: z.string().nullable().optional(),
  amount: z.number().int().nullable(),
  currency: z.string().nullable(),
  status: z.string(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
});
export type AbandonedCheckout = z.infer<typeof abandonedCheckoutSchema>;

// ---------- Plans ----------

export const planCurrencies = ['usd', 'eur', 'gbp'] as const;
export const planIntervals = ['month', 'year'] as const;

// The plan body's fields without defaults: an edit's absent field must stay as it is (zod 4 would
// apply a default inside .partial() too, and a lone `{isActive}` toggle would reset the rest).
const planFields = {
  name: safeText({ max: 64, trim: true, messages: { tooLong: v.planName } }).regex(
    /^[a-z0-9][a-z0-9_-]{0,63}$/,
    v.planName,
  ),
  displayName: safeText({ max: 100, min: 1, trim: true, messages: { tooShort: v.planDisplayName } }),
  price: z.number().int().min(0, v.planPrice).max(DATABASE_INT_MAX, textMessages.numberTooLarge),
  currency: z.enum(planCurrencies),
  interval: z.enum(planIntervals),
  description: safeText({ max: 500, trim: true, multiline: true }).nullable(),
  features: z.array(safeText({ max: 200, min: 1, trim: true })).max(30),
  limits: z.object({
    queries: z.number().int().min(-1, v.planQueries).max(DATABASE_INT_MAX, textMessages.numberTooLarge),
  }),
  stripePriceId: safeText({ max: ID_MAX, trim: true })
    .regex(/^price_/, v.invalidPriceId)
    .nullable(),
  isActive: z.boolean(),
};

/** POST /api/admin/subscription-plans: a new plan defaults to usd, month and active (spec section 9). */
export const adminPlanInputSchema = z.object({
  ...planFields,
  currency: planFields.currency.default('usd'),
  interval: planFields.interval.default('month'),
  description: planFields.description.default(null),
  features: planFields.features.default([]),
  stripePriceId: planFields.stripePriceId.default(null),
  isActive: planFields.isActive.default(true),
});
export type AdminPlanInput = z.input<typeof adminPlanInputSchema>;

/** PUT /api/admin/subscription-plans/:id: `isActive` alone for the toggle, or the full body (the name is the id and stays). */
export const adminPlanUpdateSchema = z.object(planFields).omit({ name: true }).partial();
export type AdminPlanUpdate = z.infer<typeof adminPlanUpdateSchema>;

export const planIdParamsSchema = z.object({ id: safeText({ max: 64, min: 1 }) });
export const adminPlanSchema = planSchema;

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

/** GET /api/admin/stripe-keys: the spec's flat fields describe the active mode; `test` and `live` fill the tabs. */
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

/** The events to enable at Stripe for /stripe-webhook (section 2, Payment Settings). */
export const requiredWebhookEvents = [
  'checkout.session.completed',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.payment_succeeded',
  'invoice.payment_failed',
] as const;

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

/** The admin login form (section 5): its own messages, then the shared POST /api/login. */
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
