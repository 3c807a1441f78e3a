import type { FastifyRequest } from 'fastify';
import { anonymousLimitMessages } from '../../common/anonymous-limit-messages';
import { UNVERIFIED_FREE_QUESTIONS } from '../../common/limits';
import { fillMessage } from '../../common/messages';
import { UNLIMITED_QUERIES } from '../../common/plans';
import { hasActiveSubscription } from '../allowance/service';
import { HttpError } from '../http/errors';
import type { Admission, AnonymousLimits } from '../users/anonymous-limits';
import type { UserRow } from '../users/repository';

// Free questions need a verified email (issue 32, M1; decision 0060). Until its address is verified an
// account asks its free questions as a visitor does: at most UNVERIFIED_FREE_QUESTIONS of them
// (allowance/service.ts takes no more, atomically), each counted against the address's anonymous caps.
// What a subscription pays for is never held back.

/** Whether this question would be one of an unverified account's free questions. */
function unverifiedFreeQuestion(user: UserRow, anonymous: boolean): boolean {
  if (anonymous || user.emailVerified || user.freeQuestionsRemaining <= 0) return false;
  const paid = user.paidQuestionsRemaining > 0 || user.paidQuestionsRemaining === UNLIMITED_QUERIES;
  return !(paid && hasActiveSubscription(user));
}

/**
 * Counts the question against the address's anonymous caps when it is an anonymous visitor's with
 * something left (a session with nothing left hears the 402, not a cap's 429), or an unverified
 * account's free one; null when nothing is counted.
 */
export async function admitFreeQuestion(
  limits: AnonymousLimits,
  request: FastifyRequest,
  user: UserRow,
  anonymous: boolean,
): Promise<Admission | null> {
  if (anonymous) {
    const hasQuestionsLeft = user.freeQuestionsRemaining > 0 || hasActiveSubscription(user);
    return hasQuestionsLeft ? limits.admitQuestion(request) : null;
  }
  return unverifiedFreeQuestion(user, anonymous) ? limits.admitQuestion(request, { unverified: true }) : null;
}

/**
 * The refusal the asker hears: the 402 "nothing left" of an unverified account that still holds free
 * questions means it has asked its share before verifying, and it is told how to go on.
 */
export function refusalFor(error: unknown, user: UserRow, anonymous: boolean): unknown {
  if (!(error instanceof HttpError) || error.statusCode !== 402 || !unverifiedFreeQuestion(user, anonymous)) {
    return error;
  }
  return new HttpError(
    403,
    fillMessage(anonymousLimitMessages.verifyToKeepAsking, { count: UNVERIFIED_FREE_QUESTIONS }),
    {
      verificationRequired: true,
    },
  );
}
