import { createAnthropic } from '@ai-sdk/anthropic';
import { createDeepSeek } from '@ai-sdk/deepseek';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { createPerplexity } from '@ai-sdk/perplexity';
import { createXai } from '@ai-sdk/xai';
import type { LanguageModel } from 'ai';
import type { ModelKey } from '../../common/models';

// The one place that knows each vendor's SDK. Everything goes through the SDKs' own wire
// protocols; the base URL is how an operator points a model at another host (Llama at Ollama)
// and how tests point every model at the loopback fakes.

export interface ModelCredentials {
  apiKey: string | undefined;
  baseUrl: string | undefined;
  version: string;
}

/** The environment prefix of each model's key and base URL (docs/architecture.md, "Configuration"). */
export const vendorEnvPrefix = {
  chatgpt: 'OPENAI',
  grok: 'XAI',
  gemini: 'GEMINI',
  deepseek: 'DEEPSEEK',
  llama: 'LLAMA',
  claude: 'ANTHROPIC',
  perplexity: 'PERPLEXITY',
} as const satisfies Record<ModelKey, string>;

export function createLanguageModel(model: ModelKey, { apiKey, baseUrl, version }: ModelCredentials): LanguageModel {
  const baseURL = baseUrl;
  switch (model) {
    case 'chatgpt':
      // .chat: chat completions, which every OpenAI-compatible host speaks (plain openai() uses /responses).
      return createOpenAI({ apiKey, baseURL }).chat(version);
    case 'grok':
      return createXai({ apiKey, baseURL }).chat(version);
    case 'gemini':
      return createGoogleGenerativeAI({ apiKey, baseURL })(version);
    case 'deepseek':
      return createDeepSeek({ apiKey, baseURL })(version);
    case 'llama':
      return createOpenAICompatible({
        name: 'llama',
        baseURL: baseURL ?? '',
        apiKey,
        includeUsage: true,
        supportsStructuredOutputs: true,
      }).chatModel(version);
    case 'claude':
      return createAnthropic({ apiKey, baseURL })(version);
    case 'perplexity':
      return createPerplexity({ apiKey, baseURL })(version);
  }
}
