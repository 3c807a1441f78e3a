// The catalogue without zod, so the client's first paint can read it without loading zod
// (docs/performance.md, "Home page weight"); models.ts adds the schemas and re-exports all of this.

// The chatbots on offer (docs/product.md, "Asking a question"). `versions` holds the versions first offered plus
// the vendors' current models; the first of those first offered is not always still served, so the
// default is a current model, and an administrator or user can pick another per key.

export const modelKeys = ['chatgpt', 'grok', 'gemini', 'deepseek', 'llama', 'claude', 'perplexity'] as const;
export type ModelKey = (typeof modelKeys)[number];

/** The comparison analysis is stored as a response of this pseudo-model (docs/product.md, "Comparison"). */
export const COMPARISON_MODEL = 'comparison';

export interface ModelConfig {
  name: ModelKey;
  displayName: string;
  provider: string;
  defaultVersion: string;
  versions: readonly string[];
}

export const modelCatalogue: Record<ModelKey, ModelConfig> = {
  chatgpt: {
    name: 'chatgpt',
    displayName: 'ChatGPT',
    provider: 'OpenAI',
    defaultVersion: 'gpt-4o',
    versions: ['gpt-4o', 'gpt-4o-mini', 'gpt-4.1', 'gpt-4.1-mini', 'gpt-5', 'gpt-5-mini', 'gpt-4', 'gpt-3.5-turbo'],
  },
  grok: {
    name: 'grok',
    displayName: 'Grok',
    provider: 'xAI',
    defaultVersion: 'grok-3',
    versions: ['grok-3', 'grok-3-mini', 'grok-4', 'grok-2-1212', 'grok-beta'],
  },
  gemini: {
    name: 'gemini',
    displayName: 'Gemini',
    provider: 'Google',
    defaultVersion: 'gemini-2.5-flash',
    versions: ['gemini-2.5-flash', 'gemini-2.5-pro', 'gemini-2.0-flash', 'gemini-1.5-pro', 'gemini-1.0-pro'],
  },
  deepseek: {
    name: 'deepseek',
    displayName: 'DeepSeek',
    provider: 'DeepSeek',
    defaultVersion: 'deepseek-chat',
    versions: ['deepseek-chat', 'deepseek-reasoner'],
  },
  llama: {
    name: 'llama',
    displayName: 'Llama',
    provider: 'Meta (OpenAI-compatible host)',
    defaultVersion: 'llama-3.1-405b-instruct',
    versions: ['llama-3.1-405b-instruct', 'llama-3.3-70b-instruct', 'llama-4-maverick', 'llama3.1'],
  },
  claude: {
    name: 'claude',
    displayName: 'Claude',
    provider: 'Anthropic',
    defaultVersion: 'claude-sonnet-4-5',
    versions: ['claude-sonnet-4-5', 'claude-opus-4-1', 'claude-haiku-4-5', 'claude-3-5-sonnet-latest'],
  },
  perplexity: {
    name: 'perplexity',
    displayName: 'Perplexity',
    provider: 'Perplexity',
    // Its Agent API (decision 0053): its own Sonar model, and other vendors' models with its web search.
    defaultVersion: 'perplexity/sonar',
    // The Sonar ids first offered are sent as its one Sonar model (providers/language-models.ts).
    versions: [
      'perplexity/sonar',
      'sonar-pro',
      'sonar',
      'sonar-small',
      'openai/gpt-5.1',
      'anthropic/claude-sonnet-4-5',
    ],
  },
};

export const DEFAULT_SELECTED_MODELS: readonly ModelKey[] = ['chatgpt', 'grok', 'gemini'];
export const MIN_SELECTED_MODELS = 1;
export const MAX_SELECTED_MODELS = 3;

export function displayNameOf(model: string): string {
  if (model === COMPARISON_MODEL) return 'AI Comparison Analysis';
  return modelCatalogue[model as ModelKey]?.displayName ?? model;
}
