// The refusals of the anonymous caps (decision 0022): a 429 with `signUpRequired: true`, whose
// message Home shows beside 'Sign up' and 'Log in' links.

export const anonymousLimitMessages = {
  addressQuestions:
    "Today's free questions for visitors from your network are used up. Sign up or log in to keep asking, or try again in {wait}.",
  addressSessions:
    'Too many new visitors from your network today. Sign up or log in to keep asking, or try again in {wait}.',
  busy: 'Free questions for visitors are very busy right now. Sign up or log in to keep asking, or try again in {wait}.',
  signUp: 'Sign up',
  logIn: 'Log in',
} as const;
