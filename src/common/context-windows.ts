import type { ModelKey } from './model-catalogue';

// How much conversation each vendor's model reads at once (issue 13, item 3): a follow-up sends the whole
// thread, so a thread that would not fit is refused with conversationMessages.threadTooLong before anything is
// charged. The windows are those of each vendor's default model as documented in 2026 (README, "Running
// against real vendors"), the smallest where versions differ, so any version chosen fits.

export const CONTEXT_TOKENS: Record<ModelKey, number> = {
  chatgpt: 128_000,
  grok: 131_072,
  gemini: 1_048_576,
  deepseek: 64_000,
  llama: 128_000,
  claude: 200_000,
  perplexity: 127_000,
};

/** Room kept for the system prompt and the reply. */
export const REPLY_RESERVE_TOKENS = 8_192;

/**
 * Tokens a text may take: three characters a token, an overestimate for English and the other
 * alphabetic languages (they run nearer four). Chinese or Japanese text can take a token a character or
 * more, so a long thread in those languages may still meet the vendor's own limit, which then fails the
 * turn as the vendor says (and the question is given back, as for any answer that never came).
 */
export const estimatedTokens = (characters: number) => Math.ceil(characters / 3);

/** Whether a conversation of this many characters (every turn and the new question) fits `model`. */
export function threadFits(model: ModelKey, characters: number): boolean {
  return estimatedTokens(characters) + REPLY_RESERVE_TOKENS <= CONTEXT_TOKENS[model];
}
