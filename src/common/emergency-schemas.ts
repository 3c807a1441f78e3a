import { z } from 'zod';
import { createAdminSchema } from './admin-settings-schemas';
import { emergencyMessages } from './emergency-messages';
import { DATABASE_INT_MAX, PASSWORD_MAX } from './limits';
import { safeText } from './text-rules';
import { publicUserSchema } from './user-schemas';

// The break-glass pages /admin-debug and /backdoor-admin and their calls (docs/product.md, "Emergency access",
// with the deviation of docs/architecture.md, "Security rules": token-gated, 404 when off, never a password hash).

export const EMERGENCY_PAGE_PATHS = ['/admin-debug', '/backdoor-admin'] as const;

/** The request header that carries EMERGENCY_ADMIN_TOKEN on every emergency call. */
export const EMERGENCY_TOKEN_HEADER = 'x-emergency-token';

/** Session storage, so the token dies with the tab and both pages share it. */
export const EMERGENCY_TOKEN_STORAGE_KEY = 'parallaxEmergencyToken';

/** An admin as the debug pages see it: the hash's algorithm and length, never the hash, its salt or its bytes. */
export const emergencyAdminSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  role: z.enum(['user', 'admin']),
  /** The algorithm named by the stored hash (argon2id), or 'none' when the account has no password. */
  hashType: z.string(),
  /**
   * The stored hash's length in characters (the name first described, kept: docs/product.md, "Emergency access";
   * it is not the password's length).
   */
  passwordLength: z.number().int(),
  /** Algorithm and parameters only, e.g. `$argon2id$v=19$m=19456,t=2,p=1`. */
  hashPrefix: z.string(),
});
export type EmergencyAdmin = z.infer<typeof emergencyAdminSchema>;

/** GET /api/list-all-admins: `details` narrows the list to that admin (it never adds the hash). */
export const listAdminsQuerySchema = z.object({
  details: z.coerce.number().int().positive().max(DATABASE_INT_MAX).optional(),
});

export const listAdminsResponseSchema = z.object({ adminUsers: z.array(emergencyAdminSchema) });
export type ListAdminsResponse = z.infer<typeof listAdminsResponseSchema>;

/**
 * POST /api/debug-password-compare. As first described it sends a hash (docs/product.md, "Emergency access"); we
 * send the chosen admin's id and the server compares with the stored hash, so a hash never travels. A `hash` in the
 * body is ignored.
 */
export const passwordCompareSchema = z.object({
  password: safeText({ max: PASSWORD_MAX, min: 1, messages: { required: emergencyMessages.bothRequired } }),
  userId: z
    .number(emergencyMessages.bothRequired)
    .int(emergencyMessages.bothRequired)
    .positive(emergencyMessages.bothRequired)
    .max(DATABASE_INT_MAX, emergencyMessages.bothRequired),
});
export type PasswordCompareInput = z.infer<typeof passwordCompareSchema>;

export const passwordCompareResultSchema = z.object({
  /** Checked by the hashing library directly. */
  bcryptMatch: z.boolean(),
  /** Checked by the app's own password helper, the path sign-in takes. */
  helperMatch: z.boolean(),
  /** One '*' per character: the password itself never comes back. */
  plaintext: z.string(),
  plaintextLength: z.number().int(),
  hashStart: z.string(),
  hashLength: z.number().int(),
  /** Whether the typed password holds characters other than letters and digits. */
  specialCharsMatch: z.boolean(),
  adminUsers: z.array(emergencyAdminSchema),
});
export type PasswordCompareResult = z.infer<typeof passwordCompareResultSchema>;

export const forceLoginParamsSchema = z.object({ id: z.coerce.number().int().positive().max(DATABASE_INT_MAX) });
export const forceLoginResponseSchema = z.object({ message: z.string(), user: publicUserSchema });
export type ForceLoginResponse = z.infer<typeof forceLoginResponseSchema>;

/** POST /api/create-emergency-admin: the console's username and password rules, no email. */
export const createEmergencyAdminSchema = createAdminSchema.pick({ username: true, password: true });
export type CreateEmergencyAdminInput = z.infer<typeof createEmergencyAdminSchema>;

export const createEmergencyAdminResponseSchema = z.object({ id: z.number().int() });

/** Whether a password has anything but letters and digits (the debug page's special-characters row). */
export function hasSpecialCharacters(password: string): boolean {
  return /[^A-Za-z0-9]/.test(password);
}

export function isEmergencyPage(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (EMERGENCY_PAGE_PATHS as readonly string[]).includes(path);
}
