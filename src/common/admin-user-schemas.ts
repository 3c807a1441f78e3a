import { z } from 'zod';
import { ALLOWANCE_BUCKETS, ALLOWANCE_CHANGE_REASONS } from './allowance-ledger';
import { adminValidationMessages as v } from './admin-messages';
import { DATABASE_INT_MAX, EMAIL_MAX, USERNAME_MAX, USERNAME_MIN } from './limits';
import { textMessages, validationMessages } from './messages';
import { safeText } from './text-rules';
import { publicUserSchema } from './user-schemas';

// The contract of the admin console's calls (docs/product.md, "Admin calls"), in three parts: users and
// sessions here, admin-billing-schemas.ts and admin-settings-schemas.ts. The server validates with
// these and the client parses its answers with the same ones.

// The "simple address pattern" (docs/product.md, "Users and sessions" and "Admin accounts").
export const SIMPLE_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The admin view of a user or anonymous session. */
export const adminUserSchema = publicUserSchema.omit({ impersonatedBy: true });
export type AdminUser = z.infer<typeof adminUserSchema>;

// ---------- Users and sessions ----------

export const ADMIN_LIST_DEFAULT_LIMIT = 50;
export const ADMIN_LIST_MAX_LIMIT = 500;
// The list headers are list-headers.ts's, which has no zod, so the client's API module can read them.
export { TOTAL_COUNT_HEADER, TOTAL_REVENUE_HEADER } from './list-headers';

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

export const listPaging = {
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

/**
 * Status words an administrator may set (docs/product.md, "Users and sessions"), plus those Stripe sync writes, so
 * an edit can keep them.
 */
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
  // A plan id: the four tiers (docs/product.md, "Users and roles"), 'test', or a plan an administrator created.
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

/** How many of a user's latest allowance changes the admin user dialog shows. */
export const ALLOWANCE_HISTORY_LIMIT = 100;

/** GET /api/admin/users/:id/allowance-history: the latest changes of the user's question counts, newest first. */
export const allowanceLedgerEntrySchema = z.object({
  id: z.number().int(),
  bucket: z.enum(ALLOWANCE_BUCKETS),
  /** Null when either side of the change is unlimited (-1). */
  delta: z.number().int().nullable(),
  balanceAfter: z.number().int(),
  reason: z.enum(ALLOWANCE_CHANGE_REASONS),
  /** The administrator who made the change, when one did. */
  actor: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  createdAt: z.string(),
});
export type AllowanceLedgerEntry = z.infer<typeof allowanceLedgerEntrySchema>;
export const allowanceHistorySchema = z.array(allowanceLedgerEntrySchema);
