// Business constants that both sides need (docs/product.md, "Free questions and plans", "Validation rules" and
// "Cache and timing rules").
export const FREE_QUESTIONS_DEFAULT = 33;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 32;
export const LOGIN_IDENTIFIER_MIN = 3;
export const PASSWORD_MIN = 6;
// argon2 hashes any length, but an unbounded input is a cheap denial-of-service lever.
export const PASSWORD_MAX = 200;
export const EMAIL_MAX = 254;
/** The longest question, in characters. */
export const MAX_QUERY_LENGTH = 4000;
/** The largest value of the database's integer columns (ids, question counts, prices in minor units). */
export const DATABASE_INT_MAX = 2_147_483_647;
/** Free retries one model gets on one question (issue 20, item 2; queries/retry.ts enforces it). */
export const MAX_RETRIES_PER_MODEL = 2;
/** Disagreements of one question that may be re-checked ('Settle this', issue 13, item 2), one round each. */
export const MAX_SETTLEMENTS_PER_QUESTION = 3;
/** Follow-up turns after a question (issue 13, item 3); the vendors' context windows may end a thread sooner. */
export const MAX_FOLLOW_UPS_PER_QUESTION = 10;
export const ANONYMOUS_USERNAME_PREFIX = 'session_';
export const MOBILE_BREAKPOINT_PX = 768;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const CURRENT_USER_STALE_MS = 5 * 60 * 1000;
export const VERIFY_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const POLICY_LAST_UPDATED = 'May 05, 2025';
/**
 * After a subscription change, screens refetch after 1.5 s and again 2.5 s later
 * (docs/product.md, "Cache and timing rules").
 */
export const REFETCH_AFTER_CHANGE_MS = 1500;
export const SECOND_REFETCH_AFTER_MS = 2500;

/** The highest price per million tokens an administrator can enter for a model version, in US dollars. */
export const MAX_PRICE_PER_MILLION = 10_000;
