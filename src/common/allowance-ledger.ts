// Why a user's question counts changed: one reason per writer in src/server/allowance/, shown to
// administrators in the user dialog's allowance history (src/client/features/admin/).

export const ALLOWANCE_CHANGE_REASONS = [
  'account-opened',
  'question-asked',
  'question-refunded',
  'question-unsettled',
  'period-started',
  'plan-changed',
  'subscription-ended',
  'payments-reset',
  'reset-to-free',
  'admin-edit',
  'session-takeover',
] as const;

export type AllowanceChangeReason = (typeof ALLOWANCE_CHANGE_REASONS)[number];

export const ALLOWANCE_BUCKETS = ['free', 'paid'] as const;

export type AllowanceLedgerBucket = (typeof ALLOWANCE_BUCKETS)[number];
