import type { PublicUser } from '../../src/common/user-schemas';
import type { FakeResponse } from './fake-fetch';

// The current user for client component tests, as GET /api/me gives it.

/** A verified user on the free plan; a test overrides only what it is about. */
export function makePublicUser(overrides: Partial<PublicUser> = {}): PublicUser {
  return {
    id: 7,
    username: 'ada',
    email: 'ada@example.com',
    emailVerified: true,
    role: 'user',
    isAdmin: false,
    stripeCustomerId: null,
    stripeSubscriptionId: null,
    freeQuestionsRemaining: 33,
    paidQuestionsRemaining: 0,
    subscriptionStatus: null,
    subscriptionTier: 'free',
    subscriptionExpiresAt: null,
    createdAt: '2025-05-05T00:00:00.000Z',
    contributesToLeaderboard: true,
    impersonatedBy: null,
    ...overrides,
  };
}

/** GET /api/me for an anonymous visitor: the server answers 401. */
export const anonymousMe: FakeResponse = { status: 401, json: { message: 'Not authenticated' } };

/** GET /api/me for `user`. */
export const signedInMe = (user: PublicUser): FakeResponse => ({ json: user });

/** GET /api/me for `user`, or for an anonymous visitor when there is none. */
export const meAs = (user: PublicUser | null): FakeResponse => (user ? signedInMe(user) : anonymousMe);
