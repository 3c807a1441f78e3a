// The user-visible texts (docs/product.md, "Validation rules" and "Errors and messages"). One place for each
// string so that the server's answers, the client's forms and the tests all agree.
export const validationMessages = {
  loginIdentifier: 'Please enter a valid email or username',
  passwordMin: 'Password must be at least 6 characters',
  usernameMin: 'Username must be at least 3 characters',
  email: 'Please enter a valid email address',
  confirmPasswordMin: 'Confirm password must be at least 6 characters',
  termsRequired: 'You must accept the Terms and Conditions',
  privacyRequired: 'You must accept the Privacy Policy',
  passwordsDoNotMatch: 'Passwords do not match',
  required: 'Required',
  changePasswordMismatchTitle: "Passwords Don't Match",
  changePasswordMismatch: 'New password and confirmation password must match.',
  changePasswordTooShortTitle: 'Password Too Short',
  changePasswordTooShort: 'New password must be at least 6 characters long.',
  usernameReserved: 'Usernames beginning with "session_" are reserved',
  usernameTooLong: 'Username must be at most 32 characters',
  usernameCharacters: 'Username may contain only letters, numbers, dots, dashes and underscores',
  passwordTooLong: 'Password must be at most 200 characters',
  emailTooLong: 'Email must be at most 254 characters',
  messageMin: 'Please write at least 10 characters',
  messageTooLong: 'Message must be at most 5000 characters',
  subjectMin: 'Please enter a subject',
  invalidToken: 'This link is invalid or has expired',
} as const;

/** The shared string rule's texts (text-rules.ts): every text field of every request uses them. */
export const textMessages = {
  notAllowed: 'Text contains characters that are not allowed',
  tooShort: 'Text must be at least {min} characters',
  tooLong: 'Text must be at most {max} characters',
  numberTooLarge: 'Enter a number no larger than 2,147,483,647',
} as const;

export const serverMessages = {
  invalidCredentials: 'Invalid email/username or password',
  usernameTaken: 'Username is already taken',
  emailTaken: 'An account with this email already exists',
  registered: 'Registration successful. Please check your email to verify your account.',
  loggedOut: 'Logged out',
  notAuthenticated: 'Not authenticated',
  forbidden: 'Forbidden',
  forgotPasswordSent:
    'If an account exists for the email you entered, you will receive instructions to reset your password',
  passwordResetDone: 'Your password has been reset. You can now log in.',
  resetLinkInvalid: 'This password reset link is invalid or has expired',
  verifyLinkInvalid: 'This verification link is invalid or has expired',
  emailVerified: 'Your email has been verified',
  currentPasswordWrong: 'Current password is incorrect',
  passwordChanged: 'Your password has been updated successfully.',
  tooManyRequests: 'Too many attempts. Please wait {wait} and try again.',
  signInBackoff:
    'Invalid email/username or password. After several failed attempts, please wait {wait} before trying again, or reset your password.',
  notFound: 'Not found',
  invalidRequest: 'Invalid request',
  internalError: 'Something went wrong on our side. Please try again.',
  serviceUnavailable: 'Parallax cannot reach its database at the moment. Please try again in a few seconds.',
  supportSent: 'Thanks, your message has reached our team. We will reply by email.',
  verificationResent: 'A new verification email is on its way.',
  alreadyVerified: 'Your email is already verified',
  verifyLinkExpired: 'This verification link has expired or a newer one has replaced it',
  verificationResentNeutral:
    'If an account with this address still needs verifying, a new link is on its way. Links from earlier emails no longer work.',
  crossSiteRefused: 'This request came from another website, so it was refused. Open Parallax itself and try again.',
  jsonRequired: 'Send the request body as JSON, with the header content-type: application/json.',
} as const;

export const toastMessages = {
  loginSuccess: 'Login successful',
  loginFailed: 'Login failed. Please check your credentials.',
  registrationSuccess: 'Registration successful',
  registrationSuccessDescription: 'Please check your email to verify your account',
  registrationFailed: 'Registration failed. Please try again.',
  logoutSuccess: 'Logout successful',
  logoutFailed: 'Logout failed',
  resetEmailSent: 'Password reset email sent',
  resetRequestFailed: 'Password reset request failed',
  resetFailed: 'Password reset failed',
  verificationFailed: 'Email verification failed',
  passwordChangedTitle: 'Password Changed',
  passwordChanged: 'Your password has been updated successfully.',
  passwordChangeFailedTitle: 'Password Change Failed',
  passwordChangeFailed: 'Failed to change password. Please try again.',
  subscriptionRequired: 'Subscribe now to ask more questions!',
  endImpersonationFailed: 'Failed to end impersonation',
} as const;

/** The unverified-address cue (account box, profile) and the verification page's offers (decision 0042). */
export const verificationMessages = {
  notVerified: 'Email not verified',
  resendLink: 'Resend link',
  sendNewLink: 'Send a new link',
  sending: 'Sending...',
  sent: 'New link sent. Check your inbox (and spam folder).',
  sendFailed: 'Could not send a new link',
  sendFailedFallback: 'Please try again in a few minutes.',
  // Past its first few free questions an unverified account needs it too (decision 0060).
  cueHint: 'Verify it to keep asking free questions, to subscribe and to get receipts.',
} as const;

/** Fills `{name}` placeholders: one template per message, never a second copy with the value baked in. */
export function fillMessage(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
