import { MAX_FOLLOW_UPS_PER_QUESTION, MAX_SETTLEMENTS_PER_QUESTION } from './limits';

// The texts of 'Settle this' and follow-up turns (issue 13, items 2 and 3), once for server, client and
// tests. Apart from query-messages.ts because that file is in Home's first load and these are read only
// once a question has been answered (docs/performance.md, "Home page weight").

export const conversationMessages = {
  // Cross-examination, 'Settle this' (issue 13, item 2).
  disagreementNotFound: 'This disagreement is no longer in the comparison. Reload the question to see it as it is now.',
  disagreementSettled: 'This disagreement has been re-checked already: each disagreement gets one round.',
  settlementsUsed: `A question can have at most ${MAX_SETTLEMENTS_PER_QUESTION} disagreements re-checked.`,
  settleFailed: 'Could not re-check this disagreement',
  noModelRechecked: 'None of the models could re-check this, so it was not counted.',
  // Follow-up turns (issue 13, item 3). {model} is a model's display name.
  followUpModelNotAsked: 'A follow-up goes to the models of this question: this one was not asked.',
  followUpsUsed: `This conversation has had its ${MAX_FOLLOW_UPS_PER_QUESTION} follow-ups. Start a new question to go on.`,
  threadTooLong: 'This conversation is now too long for {model} to read whole. Start a new question to go on.',
  followUpFailed: 'Failed to send follow-up',
} as const;
