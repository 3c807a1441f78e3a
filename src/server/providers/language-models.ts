import { createAnthropic } from '@ai-sdk/anthropic';
import { createDeepSeek } from '@ai-sdk/deepseek';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { createXai } from '@ai-sdk/xai';
import type { LanguageModel, streamText, ToolSet } from 'ai';
import type { ModelKey } from '../../common/models';
import { searchesTheWeb } from '../../common/web-search';

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
      return perplexityAgent(apiKey, baseURL).responses(perplexityAgentModel(version));
  }
}

/** Where Perplexity answers when no base URL is configured. */
export const PERPLEXITY_BASE_URL = 'https://api.perplexity.ai';

/**
 * Perplexity's Agent API, which took over from its Sonar chat completions (retired 27 September 2026;
 * decision 0053). It speaks OpenAI's Responses API at {base}/v1, so OpenAI's own SDK provider talks to it.
 */
function perplexityAgent(apiKey: string | undefined, baseUrl: string | undefined) {
  return createOpenAI({
    apiKey,
    baseURL: `${(baseUrl ?? PERPLEXITY_BASE_URL).replace(/\/+$/, '')}/v1`,
    name: 'perplexity',
  });
}

/** A Sonar id saved before the Agent API ('sonar', 'sonar-pro') names its one Sonar model now. */
export const perplexityAgentModel = (version: string) => (/^sonar(-|$)/.test(version) ? 'perplexity/sonar' : version);

type ProviderOptions = NonNullable<Parameters<typeof streamText>[0]['providerOptions']>;

/** One model's answer call: the SDK model with the tools and options its vendor wants for it. */
export interface AnswerCall {
  model: LanguageModel;
  tools?: ToolSet;
  providerOptions?: ProviderOptions;
  /** The version thinks before it answers, whether or not it shows how. */
  thinks: boolean;
}

/**
 * The vendors' packages each pin their own @ai-sdk/provider-utils, so a provider's tool is a structurally
 * equal but nominally different type from the one `ai` expects; at run time it is the same object shape.
 */
const providerTool = (tool: unknown) => tool as ToolSet[string];

/** The least thinking budget Anthropic accepts; enough for a question answered side by side. */
const CLAUDE_THINKING_BUDGET = 1024;

/**
 * Which versions think before answering (issue 17, item 3; decision 0052), by the vendors' naming:
 * OpenAI's o-series and GPT-5 (not its -chat models), Grok's mini and -reasoning models and Grok 4,
 * Gemini 2.5 and later, DeepSeek's reasoner, Claude 3.7 and 4 (when asked to think), Perplexity's
 * sonar-reasoning, and open reasoning models on Llama hosts (R1, QwQ).
 */
export function thinksBeforeAnswering(model: ModelKey, version: string): boolean {
  const v = version.toLowerCase();
  switch (model) {
    case 'chatgpt':
      return /^(o\d|gpt-5)/.test(v) && !v.includes('-chat');
    case 'grok':
      return /mini|reasoning|^grok-4/.test(v) && !v.includes('non-reasoning');
    case 'gemini':
      return /^gemini-(2\.5|[3-9])/.test(v);
    case 'deepseek':
      return v.includes('reasoner');
    case 'claude':
      return claudeCanThink(v);
    case 'perplexity':
      // Through its Agent API Perplexity also serves other vendors' models ('openai/o4-mini').
      return v.includes('reasoning') || /\/(o\d|gpt-5)/.test(v);
    case 'llama':
      return /r1|qwq|think/.test(v);
  }
}

const claudeCanThink = (v: string) => /claude-(3-7|(opus|sonnet|haiku)-4|4)/.test(v);

/** What the vendors' APIs need to show their reasoning: a summary from OpenAI, thoughts from Gemini and Claude. */
function reasoningOptions(model: ModelKey, version: string): ProviderOptions | undefined {
  if (!thinksBeforeAnswering(model, version)) return undefined;
  switch (model) {
    case 'chatgpt':
      return { openai: { reasoningSummary: 'auto' } };
    case 'gemini':
      return { google: { thinkingConfig: { includeThoughts: true } } };
    case 'claude':
      return { anthropic: { thinking: { type: 'enabled', budgetTokens: CLAUDE_THINKING_BUDGET } } };
    default:
      // DeepSeek, Grok, Perplexity and open models send their thinking unasked, or not at all.
      return undefined;
  }
}

/**
 * The call for one model's answer. OpenAI's web search and reasoning summaries, and xAI's web search,
 * exist only on their Responses API, so those answers go there; everything else stays on chat
 * completions, which every OpenAI-compatible host speaks (decision 0052).
 */
export function answerCall(
  model: ModelKey,
  credentials: ModelCredentials,
  options: { webSearch: boolean },
): AnswerCall {
  const { apiKey, baseUrl: baseURL, version } = credentials;
  const thinks = thinksBeforeAnswering(model, version);
  const providerOptions = reasoningOptions(model, version);
  const search = options.webSearch && searchesTheWeb[model] === 'on-request';
  switch (model) {
    case 'chatgpt': {
      if (!search && !thinks) break;
      const openai = createOpenAI({ apiKey, baseURL });
      return {
        model: openai.responses(version),
        tools: search ? { web_search: providerTool(openai.tools.webSearch({ searchContextSize: 'low' })) } : undefined,
        providerOptions,
        thinks,
      };
    }
    case 'grok': {
      if (!search) break;
      const xai = createXai({ apiKey, baseURL });
      return {
        model: xai.responses(version),
        tools: { web_search: providerTool(xai.tools.webSearch()) },
        thinks,
      };
    }
    case 'gemini': {
      const google = createGoogleGenerativeAI({ apiKey, baseURL });
      return {
        model: google(version),
        tools: search ? { google_search: providerTool(google.tools.googleSearch({})) } : undefined,
        providerOptions,
        thinks,
      };
    }
    case 'claude': {
      // One search per answer keeps Claude's fee at the one shown (common/web-search.ts).
      const anthropic = createAnthropic({ apiKey, baseURL });
      return {
        model: anthropic(version),
        tools: search ? { web_search: providerTool(anthropic.tools.webSearch_20250305({ maxUses: 1 })) } : undefined,
        providerOptions,
        thinks,
      };
    }
    case 'perplexity': {
      // It always searches: that is what Perplexity is for.
      const agent = perplexityAgent(apiKey, baseURL);
      return {
        model: agent.responses(perplexityAgentModel(version)),
        tools: { web_search: providerTool(agent.tools.webSearch({ searchContextSize: 'low' })) },
        thinks,
      };
    }
  }
  return { model: createLanguageModel(model, credentials), providerOptions, thinks };
}
