// The subscribe page's texts.

export const subscribeMessages = {
  missingLink: 'Missing Payment Link',
  missingLinkDetail: (plan: string) =>
    `No payment link is set up for the ${plan} plan yet. Please choose another plan or try again later.`,
  loadFailed: 'Failed to load subscription plans. Please try again later.',
  invalidEmail: 'Please enter a valid email address',
  changeTitle: 'Change your plan',
  changeIntro: (plan: string) =>
    `You are on the ${plan} plan. Pick another one to see what changes and what you pay, then confirm it there; nothing changes until you do.`,
} as const;
