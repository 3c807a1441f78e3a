import { z } from 'zod';

export const roleSchema = z.enum(['user', 'admin']);

export const subscriptionTierSchema = z.enum(['free', 'basic', 'standard', 'unlimited', 'test']);

/** The current user as the API gives it: never a password hash, token or Stripe secret. */
export const publicUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  role: roleSchema,
  isAdmin: z.boolean(),
  stripeCustomerId: z.string().nullable(),
  stripeSubscriptionId: z.string().nullable(),
  freeQuestionsRemaining: z.number().int(),
  paidQuestionsRemaining: z.number().int(),
  subscriptionStatus: z.string().nullable(),
  subscriptionTier: z.string(),
  subscriptionExpiresAt: z.string().nullable(),
  createdAt: z.string(),
  /** Whether their questions may be shown on the public leaderboard as examples (issue 14, item 4). */
  contributesToLeaderboard: z.boolean(),
  /** Set while an administrator is signed in as this user. */
  impersonatedBy: z.number().int().nullable(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** PUT /api/profile/leaderboard: the profile's leaderboard switch. */
export const leaderboardContributionSchema = z.object({ contributes: z.boolean() });

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** The body of every non-OK answer; `errors` maps a field to its first message when validation failed. */
export const errorResponseSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
