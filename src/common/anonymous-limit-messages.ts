// The refusals of the anonymous caps (decision 0022): a 429 with `signUpRequired: true`, whose
// message Home shows beside 'Sign up' and 'Log in' links.

export const anonymousLimitMessages = {
  addressQuestions:
    "Today's free questions for visitors from your network are used up. Sign up or log in to keep asking, or try again in {wait}.",
  addressSessions:
    'Too many new visitors from your network today. Sign up or log in to keep asking, or try again in {wait}.',
  busy: 'Free questions for visitors are very busy right now. Sign up or log in to keep asking, or try again in {wait}.',
  signUp: 'Sign up',
  // An account whose email is not verified yet asks as a visitor does (decision 0060): a 403 (its own
  // share used) or 429 (the address's) with `verificationRequired: true`, which Home shows with a way
  // to send a new verification link.
  verifyTitle: 'Verify your email to keep asking',
  verifyToKeepAsking:
    'Accounts can ask {count} free questions before their email is verified. Verify your email to keep asking: follow the link we emailed you, or send a new one.',
  unverifiedAddressQuestions:
    'Free questions for unverified accounts on your network are used up for now. Verify your email to keep asking, or try again in {wait}.',
  sendNewLink: 'Send a new verification link',
  logIn: 'Log in',
} as const;
