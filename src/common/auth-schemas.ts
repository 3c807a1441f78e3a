import { z } from 'zod';
import { validationMessages as m } from './messages';
import { sessionIdSchema } from './query-schemas';
import { safeText } from './text-rules';
import {
  ANONYMOUS_USERNAME_PREFIX,
  EMAIL_MAX,
  LOGIN_IDENTIFIER_MIN,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
} from './limits';

const password = safeText({
  max: PASSWORD_MAX,
  min: PASSWORD_MIN,
  messages: { required: m.required, tooShort: m.passwordMin, tooLong: m.passwordTooLong },
});
const email = safeText({
  max: EMAIL_MAX,
  trim: true,
  messages: { required: m.required, tooLong: m.emailTooLong },
}).pipe(z.email(m.email));

export const usernameSchema = safeText({
  max: USERNAME_MAX,
  min: USERNAME_MIN,
  trim: true,
  messages: { required: m.required, tooShort: m.usernameMin, tooLong: m.usernameTooLong },
})
  .regex(/^[A-Za-z0-9._-]+$/, m.usernameCharacters)
  .refine((name) => !name.toLowerCase().startsWith(ANONYMOUS_USERNAME_PREFIX), m.usernameReserved);

export const loginSchema = z.object({
  // The field is named email in the payload but accepts a username too (docs/product.md, "Sign-in and registration").
  email: safeText({
    max: EMAIL_MAX,
    min: LOGIN_IDENTIFIER_MIN,
    trim: true,
    messages: { required: m.required, tooShort: m.loginIdentifier, tooLong: m.loginIdentifier },
  }),
  password,
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

/** What the server accepts: confirmPassword is removed before sending (docs/product.md, "Sign-in and registration"). */
export const registerSchema = z.object({ ...registerFields, sessionId: sessionIdSchema.optional() });
export type RegisterInput = z.infer<typeof registerSchema>;

/** What the Register tab validates. */
export const registerFormSchema = z
  .object({
    ...registerFields,
    // Checkboxes start unticked; the literal(true) above gives the product's message when they stay so
    // (docs/product.md, "Validation rules").
    termsAccepted: z.boolean().pipe(z.literal(true, m.termsRequired)),
    privacyPolicyAccepted: z.boolean().pipe(z.literal(true, m.privacyRequired)),
    confirmPassword: password,
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: m.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type RegisterFormInput = z.input<typeof registerFormSchema>;

export const forgotPasswordSchema = z.object({ email });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

const token = safeText({ max: 200, min: 1, trim: true, messages: { required: m.required, tooLong: m.invalidToken } });

export const resetPasswordSchema = z.object({ token, password });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export const resetPasswordFormSchema = z
  .object({
    password,
    confirmPassword: safeText({
      max: PASSWORD_MAX,
      min: PASSWORD_MIN,
      messages: { required: m.required, tooShort: m.confirmPasswordMin, tooLong: m.passwordTooLong },
    }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: m.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type ResetPasswordFormInput = z.infer<typeof resetPasswordFormSchema>;

export const verifyEmailParamsSchema = z.object({ token });

/** What a verification link did: verified the address now, or found it verified already (decision 0042). */
export const verifyEmailResponseSchema = z.object({
  message: z.string(),
  status: z.enum(['verified', 'already_verified']),
});
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponseSchema>;

/**
 * Why a verification link was refused, in its 400 body: `expired` for a real link past its time or
 * replaced by a newer one (a new link can be asked for), `invalid` for anything else (decision 0042).
 */
export const verifyLinkFailureSchema = z.object({
  message: z.string(),
  reason: z.enum(['expired', 'invalid']),
});
export type VerifyLinkFailure = z.infer<typeof verifyLinkFailureSchema>;

/** A signed-in caller sends no body; a signed-out one names the address (the answer is neutral). */
export const resendVerificationSchema = z.object({ email }).partial();
export type ResendVerificationInput = z.infer<typeof resendVerificationSchema>;

export const changePasswordSchema = z.object({
  currentPassword: safeText({
    max: PASSWORD_MAX,
    min: 1,
    messages: { required: m.required, tooLong: m.passwordTooLong },
  }),
  newPassword: safeText({
    max: PASSWORD_MAX,
    min: PASSWORD_MIN,
    messages: { required: m.required, tooShort: m.changePasswordTooShort, tooLong: m.passwordTooLong },
  }),
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const changePasswordFormSchema = z
  .object({
    currentPassword: safeText({ max: PASSWORD_MAX, min: 1, messages: { tooLong: m.passwordTooLong } }),
    newPassword: safeText({
      max: PASSWORD_MAX,
      min: PASSWORD_MIN,
      messages: { tooShort: m.changePasswordTooShort, tooLong: m.passwordTooLong },
    }),
    confirmPassword: safeText({ max: PASSWORD_MAX, min: 1, messages: { tooLong: m.passwordTooLong } }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: m.changePasswordMismatch,
    path: ['confirmPassword'],
  });
export type ChangePasswordFormInput = z.infer<typeof changePasswordFormSchema>;

export const supportRequestSchema = z.object({
  name: safeText({ max: 100, min: 1, trim: true, messages: { required: m.required } }),
  email,
  subject: safeText({ max: 200, min: 1, trim: true, messages: { required: m.required, tooShort: m.subjectMin } }),
  message: safeText({
    max: 5000,
    min: 10,
    trim: true,
    multiline: true,
    messages: { required: m.required, tooShort: m.messageMin, tooLong: m.messageTooLong },
  }),
});
export type SupportRequestInput = z.infer<typeof supportRequestSchema>;
