// The pricing page's texts.

export const pricingMessages = {
  loadFailed: 'Failed to load subscription plans. Please try again later.',
  unexpected: 'An unexpected error occurred. Please try again later.',
  loginRequiredTitle: 'Login required',
  loginRequired: 'Please log in or sign up to choose a plan.',
} as const;
