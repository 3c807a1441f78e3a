// The fair-use refusals (issue 32, item 8; decision 0059): a 429 with Retry-After, whose message the
// question box shows as it is. The limits themselves are settings (MAX_CONCURRENT_QUESTIONS_PER_USER,
// UNLIMITED_QUESTIONS_PER_DAY in src/server/config.ts).

export const fairUseMessages = {
  questionsInFlight:
    'You already have {limit} questions being answered. Wait for one of them to finish, or stop it, then ask again.',
  unlimitedDailyCeiling:
    "You have asked {limit} questions today, the Unlimited plan's fair-use limit. You can ask again after midnight UTC, in {wait}.",
} as const;

/**
 * The Retry-After of the questions-in-flight refusal: a question's answers usually finish within this,
 * and which of the asker's streams ends first cannot be known.
 */
export const QUESTIONS_IN_FLIGHT_RETRY_AFTER_SECONDS = 10;
