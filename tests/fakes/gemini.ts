import type { IncomingHttpHeaders } from 'node:http';
import { ScriptedVendorServer, started, type ScriptedServerOptions } from './scripted-server';
import {
  arrayIn,
  citationsOf,
  frame,
  titleOf,
  type JsonObject,
  type ReplyPlan,
  type RequestInfo,
  type StreamFrames,
  type VendorScript,
} from './vendor-wire';

// A loopback Gemini API (Google Generative Language; @ai-sdk/google's baseURL includes /v1beta):
//   POST {base}/models/{model}:streamGenerateContent?alt=sse  -> `data: {GenerateContentResponse}` frames
//   POST {base}/models/{model}:generateContent                -> one GenerateContentResponse
// The last streamed frame carries finishReason STOP and the full usageMetadata. Structured output
// (generationConfig.responseMimeType application/json + responseSchema) is answered with the
// scripted JSON as the reply text, which is what the SDK parses. Thoughts come as `thought: true`
// parts before the answer when generationConfig.thinkingConfig.includeThoughts is set (their tokens
// are counted as thoughtsTokenCount either way); a request offering Google Search gets
// groundingMetadata on the last chunk.

const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'ABORTED',
  429: 'RESOURCE_EXHAUSTED',
  499: 'CANCELLED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

const DEFAULT_MESSAGES: Record<number, string> = {
  400: 'Request contains an invalid argument.',
  403: 'The caller does not have permission',
  404: 'models/unknown is not found for API version v1beta, or is not supported for generateContent.',
  429: 'Resource has been exhausted (e.g. check quota).',
  500: 'An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting',
  503: 'The model is overloaded. Please try again later.',
};

type Part = { text?: unknown; thought?: boolean };
type Content = { role?: string; parts?: Part[] };

const partsText = (content: Content | undefined): string =>
  (content?.parts ?? [])
    .map((p) => (typeof p?.text === 'string' ? p.text : ''))
    .filter(Boolean)
    .join('\n');

export class FakeGemini extends ScriptedVendorServer {
  protected readonly versionPath = '/v1beta';

  protected match(method: string, url: URL) {
    const found = /\/models\/([^/:]+):(streamGenerateContent|generateContent)$/.exec(url.pathname);
    if (method !== 'POST' || !found) return undefined;
    return {
      vendor: 'gemini',
      model: decodeURIComponent(found[1] ?? ''),
      stream: found[2] === 'streamGenerateContent',
    };
  }

  protected listCall(method: string, url: URL) {
    return method === 'GET' && url.pathname.endsWith('/models') ? { vendor: 'gemini' } : undefined;
  }

  /** models.list as Gemini answers it: full resource names, and what each model can do. */
  protected modelListBody(_vendor: string, ids: readonly string[]) {
    return {
      models: ids.map((id) => ({
        name: `models/${id}`,
        version: '001',
        displayName: id,
        inputTokenLimit: 1_048_576,
        outputTokenLimit: 65_536,
        supportedGenerationMethods: id.includes('embedding')
          ? ['embedContent', 'countTextTokens']
          : ['generateContent', 'countTokens', 'createCachedContent'],
      })),
    };
  }

  protected currentModels(): readonly string[] {
    return ['gemini-2.5-pro', 'gemini-2.5-flash', 'gemini-2.5-flash-lite', 'gemini-2.0-flash', 'gemini-embedding-001'];
  }

  protected describe(body: JsonObject, match: { model?: string; stream?: boolean }): RequestInfo {
    const contents: Content[] = Array.isArray(body.contents) ? body.contents : [];
    const config = (body.generationConfig ?? {}) as {
      responseMimeType?: string;
      responseSchema?: unknown;
      responseJsonSchema?: unknown;
    };
    return {
      vendor: 'gemini',
      model: match.model ?? '',
      stream: match.stream === true,
      prompt: contents
        .filter((c) => (c.role ?? 'user') === 'user')
        .map(partsText)
        .join('\n'),
      question: partsText(contents.filter((c) => (c.role ?? 'user') === 'user').at(-1)),
      system: partsText(body.systemInstruction as Content | undefined) || undefined,
      json: config.responseMimeType === 'application/json',
      schema: config.responseSchema ?? config.responseJsonSchema,
    };
  }

  protected apiKeyOf(headers: IncomingHttpHeaders, url: URL): string | undefined {
    const key = headers['x-goog-api-key'];
    return typeof key === 'string' ? key : (url.searchParams.get('key') ?? undefined);
  }

  protected errorBody(
    status: number,
    message: string | undefined,
    _vendor: string,
    error?: VendorScript['error'],
  ): unknown {
    return {
      error: {
        code: typeof error?.code === 'number' ? error.code : status,
        message: message ?? DEFAULT_MESSAGES[status] ?? `Request failed with status ${status}.`,
        status: error?.type ?? STATUS_NAMES[status] ?? (status >= 500 ? 'INTERNAL' : 'FAILED_PRECONDITION'),
      },
    };
  }

  protected authFailure(vendor: string) {
    // Google answers a bad key with 400 INVALID_ARGUMENT (a missing one with 403).
    return { status: 400, body: this.errorBody(400, 'API key not valid. Please pass a valid API key.', vendor) };
  }

  /** One GenerateContentResponse; the `last` one finishes the candidate and carries its grounding. */
  private response(plan: ReplyPlan, parts: Part[], last?: { grounding: unknown }) {
    const finished = last !== undefined;
    // Gemini bills its thinking whether or not the request asked to see the thoughts.
    const thoughts = plan.reasoningTokens > 0 ? { thoughtsTokenCount: plan.reasoningTokens } : {};
    return {
      candidates: [
        {
          content: { parts, role: 'model' },
          ...(finished && { finishReason: plan.script.finishReason ?? 'STOP' }),
          index: 0,
          ...(last?.grounding !== undefined && { groundingMetadata: last.grounding }),
        },
      ],
      usageMetadata: finished
        ? {
            promptTokenCount: plan.inputTokens,
            candidatesTokenCount: plan.outputTokens,
            totalTokenCount: plan.inputTokens + plan.outputTokens + plan.reasoningTokens,
            ...thoughts,
          }
        : { promptTokenCount: plan.inputTokens, totalTokenCount: plan.inputTokens, ...thoughts },
      modelVersion: plan.model,
      responseId: plan.id,
    };
  }

  /** The thoughts the request asked to see, and the grounding of a request that offered Google Search. */
  private reply(plan: ReplyPlan) {
    const body = plan.request.body ?? {};
    const config = body.generationConfig as { thinkingConfig?: { includeThoughts?: boolean } } | undefined;
    const sources = plan.script.sources ?? [];
    const searchTool = arrayIn(body, 'tools').some(
      (tool) => tool !== null && typeof tool === 'object' && ('googleSearch' in tool || 'google_search' in tool),
    );
    return {
      thoughts: config?.thinkingConfig?.includeThoughts === true ? plan.reasoningChunks : [],
      grounding: sources.length > 0 && searchTool ? groundingMetadata(plan) : undefined,
    };
  }

  protected streamFrames(plan: ReplyPlan): StreamFrames {
    const { thoughts, grounding } = this.reply(plan);
    const partial = (part: Part) => frame(this.response(plan, [part]));
    return {
      head: [],
      deltas: [
        ...thoughts.map((text) => partial({ text, thought: true })),
        ...plan.chunks.map((text) => partial({ text })),
      ],
      tail: [frame(this.response(plan, [{ text: '' }], { grounding }))],
      errorEvent: frame(this.errorBody(500, undefined, 'gemini')),
    };
  }

  protected completion(plan: ReplyPlan): unknown {
    const { thoughts, grounding } = this.reply(plan);
    const thought = thoughts.length > 0 ? [{ text: thoughts.join(''), thought: true }] : [];
    return this.response(plan, [...thought, { text: plan.text }], { grounding });
  }
}

/**
 * Google Search grounding as Gemini reports it on the last candidate: the queries it ran, the
 * search suggestion widget, one grounding chunk per page and one support per cited sentence. Segment
 * offsets count UTF-8 bytes, and a zero startIndex is left out, as protobuf JSON leaves out zeros.
 */
function groundingMetadata(plan: ReplyPlan) {
  const sources = plan.script.sources ?? [];
  const bytes = (end: number) => Buffer.byteLength(plan.text.slice(0, end));
  const query = plan.request.prompt;
  return {
    webSearchQueries: [query],
    searchEntryPoint: {
      renderedContent: `<style>.container { display: flex; }</style><div class="container"><a class="chip" href="https://www.google.com/search?q=${encodeURIComponent(query)}">${query}</a></div>`,
    },
    groundingChunks: sources.map((source) => ({ web: { uri: source.url, title: titleOf(source) } })),
    groundingSupports: citationsOf(plan.text, sources).map((citation) => ({
      segment: {
        ...(citation.start > 0 && { startIndex: bytes(citation.start) }),
        endIndex: bytes(citation.end),
        text: citation.sentence,
      },
      groundingChunkIndices: [citation.index],
      confidenceScores: [0.9],
    })),
  };
}

export const startFakeGemini = (options: ScriptedServerOptions = {}) => started(new FakeGemini(options));
