import { z } from 'zod';

// The /test-tools page's reset (docs/architecture.md, "Security rules"; decision 0021): its limit and its answer
// (its texts are in test-tools-messages.ts).

/** Resets one account may make per hour. */
export const TEST_RESETS_PER_HOUR = 3;

/** POST /api/reset-user: the notice to show, and the Stripe subscriptions the reset cancelled. */
export const testResetResponseSchema = z.object({ message: z.string(), cancelledSubscriptions: z.array(z.string()) });
export type TestResetResponse = z.infer<typeof testResetResponseSchema>;
