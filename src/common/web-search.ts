import type { ModelKey } from './model-catalogue';

// "Search the web" (issue 17, item 2; decision 0052): which vendors can ground an answer in a web search,
// what that adds to the vendor's bill, and the texts around the switch. No zod here: Home's first paint reads it.

/** 'always': the vendor searches for every answer; 'on-request': when the question asks; 'never': it has no search. */
export type WebSearchSupport = 'always' | 'on-request' | 'never';

export const searchesTheWeb: Record<ModelKey, WebSearchSupport> = {
  chatgpt: 'on-request',
  grok: 'on-request',
  gemini: 'on-request',
  claude: 'on-request',
  perplexity: 'always',
  deepseek: 'never',
  llama: 'never',
};

/**
 * The vendor's own charge for one search-grounded answer, in US cents, on top of its tokens, from
 * the vendors' price pages (README, "Running against real vendors", with the date they were read).
 * Perplexity's request fee is charged whether or not the switch is on.
 */
export const webSearchCentsPerAnswer: Record<ModelKey, number> = {
  chatgpt: 1,
  grok: 0.5,
  gemini: 3.5,
  claude: 1,
  perplexity: 0.5,
  deepseek: 0,
  llama: 0,
};

/** What turning search on adds to the vendors' charges for one question with these models, in cents. */
export function webSearchCents(models: readonly ModelKey[]): number {
  return models.reduce(
    (sum, model) => sum + (searchesTheWeb[model] === 'on-request' ? webSearchCentsPerAnswer[model] : 0),
    0,
  );
}

export const webSearchTexts = {
  label: 'Search the web',
  /** Under the switch: what it costs, with the amount for the models picked. */
  cost: (cents: number) =>
    cents === 0
      ? 'Adds no search fee for the models picked.'
      : `Adds about ${formatCents(cents)} in vendor search fees to this question.`,
  /** A picked model that cannot search. */
  cannotSearch: (names: string) => `${names} cannot search the web and will answer from training alone.`,
  /** None of the picked models searches only when asked: the switch would change nothing. */
  nothingToSwitch: 'None of the models picked can be asked to search the web.',
  /** Perplexity picked: it searches whatever the switch says. */
  alwaysSearches: (names: string) => `${names} searches the web for every answer.`,
  disabled: 'Web search is turned off by the administrator.',
  sourcesHeading: 'Sources',
  searchedBadge: 'Searched the web',
} as const;

/** Whether the switch changes anything for these models: one of them searches only when asked. */
export const searchSwitchMatters = (models: readonly ModelKey[]) =>
  models.some((model) => searchesTheWeb[model] === 'on-request');

/** Whether this model's answer was grounded in a web search, for a question asked with search on or off. */
export const searchedFor = (model: ModelKey, webSearch: boolean) =>
  searchesTheWeb[model] === 'always' || (webSearch && searchesTheWeb[model] === 'on-request');

/** '0.5¢', '3.5¢', '$1.20'. */
export function formatCents(cents: number): string {
  if (cents < 1) return `${cents.toFixed(1).replace(/\.0$/, '')}¢`;
  return cents < 100 ? `${Number(cents.toFixed(1))}¢` : `$${(cents / 100).toFixed(2)}`;
}
