import type { IncomingHttpHeaders } from 'node:http';
import { describeResponsesRequest, responsesObject, responsesStreamFrames } from './openai-responses';
import { ScriptedVendorServer, started, type ScriptedServerOptions, type VendorMatch } from './scripted-server';
import {
  citationsOf,
  contentText,
  frame,
  FrameSequence,
  titleOf,
  type Citation,
  type JsonObject,
  type ReplyPlan,
  type RequestInfo,
  type StreamFrames,
  type VendorScript,
  withCitationMarkers,
} from './vendor-wire';

// A loopback OpenAI-style chat completions API (POST {base}/chat/completions), the protocol that
// @ai-sdk/openai's `.chat()`, @ai-sdk/xai, @ai-sdk/deepseek, @ai-sdk/perplexity and
// @ai-sdk/openai-compatible speak. Streaming answers `data: {chat.completion.chunk}` frames, a
// finish chunk, a usage chunk (`choices: []`) when `stream_options.include_usage` is set, and
// `data: [DONE]`. One fake serves every such vendor: the first path segment picks the flavour
// (`urlFor('perplexity')` = {origin}/perplexity), so requests are recorded per vendor and
// Perplexity gets its quirks (usage always streamed, numeric error codes). Reasoning and web search
// follow each vendor: DeepSeek and xAI stream `reasoning_content` deltas, Perplexity writes its
// thinking as `<think>…</think>` at the start of the text and always lists its sources; OpenAI's
// search models annotate the text (request `web_search_options`), xAI Live Search lists `citations`
// (request `search_parameters`). The openai and xai flavours also serve the Responses API
// (POST {base}/responses, openai-responses.ts).

export const OPENAI_CHAT_VENDORS = ['openai', 'xai', 'deepseek', 'perplexity', 'llama'] as const;
export type OpenAIChatVendor = (typeof OPENAI_CHAT_VENDORS)[number];

/** The chat vendors whose models show their thinking (OpenAI's and Llama's chat completions do not). */
const THINKING_SHOWN: readonly string[] = ['deepseek', 'xai', 'perplexity'];

/**
 * What each vendor's list call names until a test says otherwise: chat models alongside the speech,
 * image and embedding models a real list also holds (the server must leave those out).
 */
const CURRENT_MODELS: Record<OpenAIChatVendor, readonly string[]> = {
  openai: [
    'gpt-5.1',
    'gpt-5',
    'gpt-5-mini',
    'gpt-4.1',
    'gpt-4o',
    'o3',
    'o4-mini',
    'gpt-4o-mini-tts',
    'gpt-4o-transcribe',
    'gpt-image-1',
    'text-embedding-3-large',
    'whisper-1',
    'dall-e-3',
    'babbage-002',
  ],
  xai: ['grok-4', 'grok-4-fast-reasoning', 'grok-3', 'grok-3-mini', 'grok-2-image-1212'],
  deepseek: ['deepseek-chat', 'deepseek-reasoner'],
  // Perplexity's Agent API lists its own Sonar model and the other vendors' models it serves.
  perplexity: [
    'perplexity/sonar',
    'openai/gpt-5.1',
    'anthropic/claude-sonnet-4-5',
    'google/gemini-2.5-pro',
    'xai/grok-4',
  ],
  llama: ['llama-3.3-70b-instruct', 'llama-4-maverick', 'llama3.1'],
};

const ERROR_TYPES: Record<number, [type: string, code: string | null]> = {
  400: ['invalid_request_error', null],
  401: ['invalid_request_error', 'invalid_api_key'],
  403: ['invalid_request_error', 'unsupported_country_region_territory'],
  404: ['invalid_request_error', 'model_not_found'],
  429: ['requests', 'rate_limit_exceeded'],
};

const DEFAULT_MESSAGES: Record<number, string> = {
  400: 'Invalid request.',
  401: 'Incorrect API key provided.',
  404: 'The model does not exist or you do not have access to it.',
  429: 'Rate limit reached for requests. Please try again later.',
  500: 'The server had an error while processing your request. Sorry about that!',
  503: 'The engine is currently overloaded, please try again later.',
};

export class FakeOpenAIChat extends ScriptedVendorServer {
  protected readonly versionPath = '/v1';

  /** The base URL for one vendor's SDK (its requests are recorded with that `vendor`). */
  urlFor(vendor: OpenAIChatVendor): string {
    if (vendor === 'openai') return this.url;
    // Perplexity's and DeepSeek's real base URLs carry no version path; the others end in /v1.
    return vendor === 'perplexity' || vendor === 'deepseek'
      ? `${this.origin}/${vendor}`
      : `${this.origin}/${vendor}/v1`;
  }

  protected match(method: string, url: URL): VendorMatch | undefined {
    if (method !== 'POST') return undefined;
    const first = url.pathname.split('/')[1] ?? '';
    const vendor = (OPENAI_CHAT_VENDORS as readonly string[]).includes(first) ? first : 'openai';
    if (url.pathname.endsWith('/chat/completions')) return { vendor, api: 'chat' };
    // Of these vendors OpenAI, xAI and Perplexity (its Agent API) have a Responses API.
    if (url.pathname.endsWith('/responses') && (vendor === 'openai' || vendor === 'xai' || vendor === 'perplexity'))
      return { vendor, api: 'responses' };
    return undefined;
  }

  protected listCall(method: string, url: URL) {
    if (method !== 'GET' || !url.pathname.endsWith('/models')) return undefined;
    const first = url.pathname.split('/')[1] ?? '';
    return { vendor: (OPENAI_CHAT_VENDORS as readonly string[]).includes(first) ? first : 'openai' };
  }

  /** GET {base}/models as OpenAI answers it (xAI, DeepSeek and OpenAI-compatible hosts copy the shape). */
  protected modelListBody(vendor: string, ids: readonly string[]) {
    return {
      object: 'list',
      data: ids.map((id, index) => ({
        id,
        object: 'model',
        created: 1_740_000_000 + index,
        owned_by: vendor === 'openai' ? (id.startsWith('gpt') ? 'system' : 'openai') : vendor,
      })),
    };
  }

  protected currentModels(vendor: string): readonly string[] {
    return CURRENT_MODELS[vendor as OpenAIChatVendor] ?? [];
  }

  protected describe(body: JsonObject, match: VendorMatch): RequestInfo {
    if (match.api === 'responses') return describeResponsesRequest(body, match.vendor);
    const messages: { role?: string; content?: unknown }[] = Array.isArray(body.messages) ? body.messages : [];
    const textOf = (roles: string[]) =>
      messages
        .filter((m) => roles.includes(m.role ?? ''))
        .map((m) => contentText(m.content))
        .join('\n');
    const format = body.response_format as { type?: string; json_schema?: { schema?: unknown } } | undefined;
    return {
      vendor: match.vendor,
      model: String(body.model ?? ''),
      stream: body.stream === true,
      prompt: textOf(['user']),
      question: contentText(messages.filter((m) => m.role === 'user').at(-1)?.content),
      system: textOf(['system', 'developer']) || undefined,
      json: format?.type === 'json_schema' || format?.type === 'json_object',
      // json_object carries no schema; DeepSeek's SDK puts it into a system message instead.
      schema:
        format?.json_schema?.schema ?? (format?.type === 'json_object' ? schemaInText(textOf(['system'])) : undefined),
    };
  }

  protected apiKeyOf(headers: IncomingHttpHeaders): string | undefined {
    return /^Bearer (\S+)$/.exec(headers.authorization ?? '')?.[1];
  }

  protected errorBody(
    status: number,
    message: string | undefined,
    vendor: string,
    error?: VendorScript['error'],
  ): unknown {
    const [type, code] = ERROR_TYPES[status] ?? [status >= 500 ? 'server_error' : 'invalid_request_error', null];
    return {
      error: {
        message: message ?? DEFAULT_MESSAGES[status] ?? `Request failed with status ${status}.`,
        type: error?.type ?? type,
        param: null,
        // Perplexity's error schema wants a numeric code (the HTTP status).
        code: error?.code ?? (vendor === 'perplexity' ? status : code),
      },
    };
  }

  protected authFailure(vendor: string) {
    return { status: 401, body: this.errorBody(401, undefined, vendor) };
  }

  private usage(plan: ReplyPlan) {
    const reasoning = THINKING_SHOWN.includes(plan.vendor) ? plan.reasoningTokens : 0;
    // xAI counts the thinking beside the completion tokens, the others inside them.
    const completion = plan.outputTokens + (plan.vendor === 'xai' ? 0 : reasoning);
    const usage: Record<string, unknown> = {
      prompt_tokens: plan.inputTokens,
      completion_tokens: completion,
      total_tokens: plan.inputTokens + completion + (plan.vendor === 'xai' ? reasoning : 0),
    };
    if (plan.vendor === 'deepseek')
      Object.assign(usage, { prompt_cache_hit_tokens: 0, prompt_cache_miss_tokens: plan.inputTokens });
    if (reasoning > 0 && plan.vendor !== 'perplexity')
      usage.completion_tokens_details = { reasoning_tokens: reasoning };
    return usage;
  }

  /** What the reply cites, where the request lets the vendor search. */
  private search(plan: ReplyPlan) {
    const body = (plan.request.body ?? {}) as { web_search_options?: unknown; search_parameters?: unknown };
    const sources = plan.script.sources ?? [];
    const searched =
      sources.length > 0 &&
      (plan.vendor === 'perplexity' ||
        (plan.vendor === 'openai' && body.web_search_options != null) ||
        (plan.vendor === 'xai' && body.search_parameters != null));
    if (!searched) return { annotations: [], perplexity: {}, xai: {} };
    const urls = sources.map((s) => s.url);
    return {
      // OpenAI's search models mark the cited span of the text.
      annotations: plan.vendor === 'openai' ? citationsOf(plan.text, sources) : [],
      // Perplexity repeats its sources on every chunk: `citations` (what @ai-sdk/perplexity reads,
      // from the first chunk) and the newer `search_results` with titles.
      perplexity:
        plan.vendor === 'perplexity'
          ? { citations: urls, search_results: sources.map((s) => ({ title: titleOf(s), url: s.url, date: null })) }
          : {},
      // xAI Live Search lists its sources once, on the last chunk.
      xai: plan.vendor === 'xai' ? { citations: urls } : {},
    };
  }

  /** The thinking deltas a chat vendor shows: DeepSeek and xAI as reasoning_content, Perplexity in its text. */
  private thinking(plan: ReplyPlan): string[] {
    return THINKING_SHOWN.includes(plan.vendor) ? plan.reasoningChunks : [];
  }

  /**
   * The text deltas. Perplexity's start with its `<think>…</think>` when it thought, and carry its
   * citation markers: `[k]` after each sentence citing the k-th of its `citations`.
   */
  private contents(plan: ReplyPlan): string[] {
    if (plan.vendor !== 'perplexity') return plan.chunks;
    const thinking = this.thinking(plan);
    const cited = citationsOf(plan.text, plan.script.sources);
    const { chunks } = withCitationMarkers(plan.text, plan.chunks, cited, (c) => `[${c.index + 1}]`);
    return thinking.length > 0 ? ['<think>', ...thinking, '</think>', ...chunks] : chunks;
  }

  protected streamFrames(plan: ReplyPlan): StreamFrames {
    if (plan.request.api === 'responses') return responsesStreamFrames(plan);
    const base = {
      id: `chatcmpl-${plan.id}`,
      object: 'chat.completion.chunk',
      created: plan.created,
      model: plan.model,
      system_fingerprint: 'fp_fake',
    };
    const search = this.search(plan);
    const chunk = (delta: object, finishReason: string | null = null, more: object = {}) => ({
      ...base,
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
      ...search.perplexity,
      ...more,
    });
    const body = plan.request.body as { stream_options?: { include_usage?: boolean } };
    const finishReason = plan.script.finishReason ?? 'stop';
    const out = new FrameSequence().push(frame(chunk({ role: 'assistant', content: '' })));
    if (plan.vendor !== 'perplexity')
      for (const reasoning_content of this.thinking(plan))
        out.delta(frame(chunk({ content: null, reasoning_content })));
    const unannounced = [...search.annotations];
    let offset = 0;
    for (const content of this.contents(plan)) {
      out.delta(frame(chunk({ content })));
      offset += content.length;
      // An annotation follows the delta that completes the sentence it points at.
      for (let next = unannounced[0]; next && next.end <= offset; next = unannounced[0])
        out.push(frame(chunk({ annotations: [urlCitation(unannounced.shift() ?? next)] })));
    }
    // Perplexity streams usage without being asked; OpenAI only when stream_options.include_usage is set.
    if (plan.vendor === 'perplexity') out.push(frame(chunk({}, finishReason, { usage: this.usage(plan) })));
    else if (body.stream_options?.include_usage !== true) out.push(frame(chunk({}, finishReason, search.xai)));
    else
      out.push(frame(chunk({}, finishReason)), frame({ ...base, choices: [], usage: this.usage(plan), ...search.xai }));
    out.push({ data: '[DONE]' });
    return out.build(
      frame({ error: { message: DEFAULT_MESSAGES[500], type: 'server_error', param: null, code: null } }),
    );
  }

  protected completion(plan: ReplyPlan): unknown {
    if (plan.request.api === 'responses') return responsesObject(plan);
    const search = this.search(plan);
    const thinking = this.thinking(plan).join('');
    const shownAsReasoning = thinking !== '' && plan.vendor !== 'perplexity';
    return {
      id: `chatcmpl-${plan.id}`,
      object: 'chat.completion',
      created: plan.created,
      model: plan.model,
      system_fingerprint: 'fp_fake',
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: this.contents(plan).join(''),
            ...(shownAsReasoning && { reasoning_content: thinking }),
            refusal: null,
            ...(search.annotations.length > 0 && { annotations: search.annotations.map(urlCitation) }),
          },
          logprobs: null,
          finish_reason: plan.script.finishReason ?? 'stop',
        },
      ],
      usage: this.usage(plan),
      ...search.perplexity,
      ...search.xai,
    };
  }
}

/** A chat completions url_citation annotation: the cited sentence's span of the message text. */
const urlCitation = (citation: Citation) => ({
  type: 'url_citation',
  url_citation: { start_index: citation.start, end_index: citation.end, url: citation.url, title: citation.title },
});

/** The JSON schema in "Return JSON that conforms to the following schema: {...}", if any. */
function schemaInText(text: string): unknown {
  const start = text.indexOf('{', text.indexOf('schema:'));
  if (!text.includes('schema:') || start < 0) return undefined;
  try {
    return JSON.parse(text.slice(start, text.lastIndexOf('}') + 1));
  } catch {
    return undefined;
  }
}

export const startFakeOpenAIChat = (options: ScriptedServerOptions = {}) => started(new FakeOpenAIChat(options));
