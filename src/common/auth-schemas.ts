import { z } from 'zod';
import { validationMessages as m } from './messages';
import { sessionIdSchema } from './query-schemas';
import {
  ANONYMOUS_USERNAME_PREFIX,
  EMAIL_MAX,
  LOGIN_IDENTIFIER_MIN,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
} from './limits';

const password = z.string(m.required).min(PASSWORD_MIN, m.passwordMin).max(PASSWORD_MAX, m.passwordTooLong);
const email = z.string(m.required).trim().max(EMAIL_MAX, m.emailTooLong).pipe(z.email(m.email));

export const usernameSchema = z
  .string(m.required)
  .trim()
  .min(USERNAME_MIN, m.usernameMin)
  .max(USERNAME_MAX, m.usernameTooLong)
  .regex(/^[A-Za-z0-9._-]+$/, m.usernameCharacters)
  .refine((name) => !name.toLowerCase().startsWith(ANONYMOUS_USERNAME_PREFIX), m.usernameReserved);

export const loginSchema = z.object({
  // The field is named email in the spec's payload but accepts a username too.
  email: z.string(m.required).trim().min(LOGIN_IDENTIFIER_MIN, m.loginIdentifier).max(EMAIL_MAX, m.loginIdentifier),
  password: z.string(m.required).min(PASSWORD_MIN, m.passwordMin).max(PASSWORD_MAX, m.passwordTooLong),
  /** The browser's anonymous session, whose questions join the account's history. */
  sessionId: sessionIdSchema.optional(),
});
export type LoginInput = z.infer<typeof loginSchema>;

const registerFields = {
  username: usernameSchema,
  email,
  password,
  termsAccepted: z.literal(true, m.termsRequired),
  privacyPolicyAccepted: z.literal(true, m.privacyRequired),
};

/** What the server accepts: the spec removes confirmPassword before sending. */
export const registerSchema = z.object({ ...registerFields, sessionId: sessionIdSchema.optional() });
export type RegisterInput = z.infer<typeof registerSchema>;

/** What the Register tab validates. */
export const registerFormSchema = z
  .object({
    ...registerFields,
    // Checkboxes start unticked; the literal(true) above gives the spec's message when they stay so.
    termsAccepted: z.boolean().pipe(z.literal(true, m.termsRequired)),
    privacyPolicyAccepted: z.boolean().pipe(z.literal(true, m.privacyRequired)),
    confirmPassword: z.string(m.required).min(PASSWORD_MIN, m.passwordMin),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: m.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type RegisterFormInput = z.input<typeof registerFormSchema>;

export const forgotPasswordSchema = z.object({ email });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

const token = z.string(m.required).trim().min(1, m.required).max(200, m.invalidToken);

export const resetPasswordSchema = z.object({ token, password });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export const resetPasswordFormSchema = z
  .object({
    password,
    confirmPassword: z.string(m.required).min(PASSWORD_MIN, m.confirmPasswordMin),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: m.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type ResetPasswordFormInput = z.infer<typeof resetPasswordFormSchema>;

export const verifyEmailParamsSchema = z.object({ token });

export const changePasswordSchema = z.object({
  currentPassword: z.string(m.required).min(1, m.required).max(PASSWORD_MAX, m.passwordTooLong),
  newPassword: z.string(m.required).min(PASSWORD_MIN, m.changePasswordTooShort).max(PASSWORD_MAX, m.passwordTooLong),
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const changePasswordFormSchema = z
  .object({
    currentPassword: z.string().min(1, m.required),
    newPassword: z.string().min(PASSWORD_MIN, m.changePasswordTooShort),
    confirmPassword: z.string().min(1, m.required),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: m.changePasswordMismatch,
    path: ['confirmPassword'],
  });
export type ChangePasswordFormInput = z.infer<typeof changePasswordFormSchema>;

export const supportRequestSchema = z.object({
  name: z.string(m.required).trim().min(1, m.required).max(100),
  email,
  subject: z.string(m.required).trim().min(1, m.subjectMin).max(200),
  message: z.string(m.required).trim().min(10, m.messageMin).max(5000, m.messageTooLong),
});
export type SupportRequestInput = z.infer<typeof supportRequestSchema>;
