// Why a model's card has no (complete) answer, as the server records it (providers/stream-answer.ts) and the
// answer card shows it (components/answers/response-card.tsx). The vendor's own words go to the server log
// with the request id, never to the card (decision 0033).

/** The kinds of failure, machine-readable: the metrics count them (http/metrics.ts). */
export const vendorFailureKinds = [
  'timeout',
  'rate-limited',
  'key-rejected',
  'vendor-error',
  'empty',
  'cancelled',
  'stopped',
  'model-unavailable',
] as const;

export type VendorFailure = (typeof vendorFailureKinds)[number];

/** What a rate-limited card says first, with or without the vendor's wait after it. */
const RATE_LIMITED = 'This model is busy with too many requests right now.';

/**
 * One short text per kind. The card's header already names the model, and a card may keep the words
 * that arrived before the failure, so each text reads well under a partial answer as well as alone.
 */
export const vendorFailureMessages: Record<VendorFailure, string> = {
  timeout: 'This model took too long to answer. Please try again.',
  'rate-limited': `${RATE_LIMITED} Please try again in a minute.`,
  'key-rejected': "The model's provider did not accept its API key. Check the key in the API settings.",
  'vendor-error': "The model's provider ran into a problem. Please try again later.",
  empty: 'This model sent back an empty answer. Please try again.',
  cancelled: 'The question was stopped before this model finished.',
  stopped: 'You stopped this answer.',
  'model-unavailable':
    'Its provider no longer offers this model version (or never did). Choose another version in the API settings.',
};

/**
 * A rate-limited card's text: with the vendor's wait when it gave one ('try again in 30 s'), so the
 * user knows when another try can work (issue 17, item 4).
 */
export function rateLimitedMessage(retryAfterMs: number | undefined): string {
  if (retryAfterMs === undefined) return vendorFailureMessages['rate-limited'];
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return `${RATE_LIMITED} Please try again in ${seconds} s.`;
}
