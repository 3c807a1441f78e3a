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

/**
 * Free questions an account may ask before its email is verified (issue 32, M1; decision 0060). Each
 * also counts against its address's anonymous cap, as an anonymous visitor's question does; verifying
 * the address makes the rest of the account's free questions usable.
 */
export const UNVERIFIED_FREE_QUESTIONS = 3;

/**
 * How much of each answer the comparison reads, in characters (docs/operations.md, "Security notes"). The
 * local analyser's work grows faster than the text, so an unbounded answer could hold a comparison worker
 * for minutes; a long ordinary answer is 6,000-12,000 characters, and three answers of this length are
 * analysed in about a third of a second. An answer is cut at the last paragraph or sentence end before it.
 */
export const COMPARED_ANSWER_CHARS = 20_000;
/**
 * The most tokens one answer may produce, thinking included (Claude's 1,024-token thinking budget is added
 * to it by its SDK; OpenAI's reasoning tokens count within it). About 30,000 characters: more than the
 * comparison reads (COMPARED_ANSWER_CHARS) with room for a reasoning model's thinking, and far below the
 * vendors' own ceilings (Claude's is 64,000), which an asker could otherwise make us pay for.
 */
export const MAX_ANSWER_OUTPUT_TOKENS = 8192;
/** How long one comparison may run in its worker thread before it is given up (comparison/worker-pool.ts). */
export const COMPARISON_TIME_BUDGET_MS = 15_000;
/** The old-generation heap a comparison worker may use; past it the worker is ended, not the process. */
export const COMPARISON_WORKER_HEAP_MB = 128;
/**
 * The young generation of a comparison worker. Without it V8 sizes it from the old-generation limit, and an
 * analysis of long answers spends a fifth of its time collecting short-lived objects (decision 0068).
 */
export const COMPARISON_WORKER_YOUNG_MB = 96;
