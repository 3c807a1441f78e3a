import { z } from 'zod';

// The /test-tools page's reset (docs/architecture.md, "Security rules"; decision 0021): its limit and its texts.

/** Resets one account may make per hour. */
export const TEST_RESETS_PER_HOUR = 3;

export const testToolsMessages = {
  resetDone: 'Account {username} has been reset.',
  resetDoneCancelled: 'Account {username} has been reset, and its subscription was cancelled at Stripe.',
  ownAccountOnly: 'The reset applies only to your own account.',
  liveMode: 'Payments are in live mode, so resetting is switched off.',
  notConfigured: 'Payments have no Stripe test key, so resetting is switched off.',
  limit: 'You can reset at most {count} times an hour.',
  resetFailed: 'Could not reset the account.',
} as const;

/** POST /api/reset-user: the notice to show, and the Stripe subscriptions the reset cancelled. */
export const testResetResponseSchema = z.object({ message: z.string(), cancelledSubscriptions: z.array(z.string()) });
export type TestResetResponse = z.infer<typeof testResetResponseSchema>;
