import { fillMessage, serverMessages } from '../../common/messages';
import { HttpError } from '../http/errors';
import { describeShortWait } from '../http/rate-limit';

/**
 * The answer to a failed sign-in, given how many times the account's password was wrong this window
 * (decision 0060). Up to `freeFailures` it is the plain 401; past that a 429 whose wait doubles with
 * each further failure (1 s, 2 s, 4 s ...) up to `maxWaitSeconds`. Only failures get here: the right
 * password is checked and signs in whatever this count says, so nobody can lock an owner out.
 */
export function failedSignIn(failures: number, freeFailures: number, maxWaitSeconds: number): HttpError {
  if (failures <= freeFailures) return new HttpError(401, serverMessages.invalidCredentials);
  const doublings = Math.min(failures - freeFailures - 1, 30);
  const waitSeconds = Math.max(1, Math.min(maxWaitSeconds, 2 ** doublings));
  return new HttpError(
    429,
    fillMessage(serverMessages.signInBackoff, { wait: describeShortWait(waitSeconds) }),
    {},
    { 'retry-after': String(waitSeconds) },
  );
}
