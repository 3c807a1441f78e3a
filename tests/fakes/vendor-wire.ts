import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { respondRaw } from './loopback-http';

// The vocabulary shared by the AI vendor fakes: what a test can script, what a fake records, the
// frames a vendor protocol is made of, and small HTTP/SSE helpers (see scripted-server.ts).

/** A parsed JSON request body. */
export type JsonObject = { [key: string]: unknown };

/** How a scripted reply goes wrong. */
export type FailureMode =
  /** A frame that is not JSON, after `failAfterChunks` deltas; the stream then carries on normally. */
  | 'malformed'
  /** The connection is destroyed after `failAfterChunks` deltas, without the final events. */
  | 'truncated'
  /** Headers (and `failAfterChunks` deltas) are sent, then nothing until the client goes away. */
  | 'hang'
  /** The vendor's own in-stream error event after `failAfterChunks` deltas, then the stream ends. */
  | 'error-event';

export interface VendorScript {
  /** The reply text (for structured output: the JSON text). Default: a sentence naming the model. */
  text?: string;
  /** The exact deltas to stream; overrides `text` (the reply is their concatenation). */
  chunks?: string[];
  /** Wait before the response headers. */
  initialDelayMs?: number;
  /** Wait before each delta. */
  chunkDelayMs?: number;
  /** Answer with this HTTP status and the vendor's error JSON instead of a reply. */
  error?: {
    status: number;
    message?: string;
    type?: string;
    code?: string | number;
    /** Sent as the `retry-after` header (seconds), as vendors do with a 429. */
    retryAfterSeconds?: number;
  };
  failure?: FailureMode;
  /** Deltas sent before the failure (default 1 for malformed/truncated/error-event, 0 for hang). */
  failAfterChunks?: number;
  /**
   * Token counts to report. Default: words in the prompt, one per answer delta, one per reasoning
   * delta. Each vendor reports them its own way (OpenAI, DeepSeek and Anthropic count the thinking
   * inside the output tokens; xAI chat and Gemini beside them).
   */
  usage?: { inputTokens?: number; outputTokens?: number; reasoningTokens?: number };
  /** The vendor-native finish reason (e.g. 'length', 'max_tokens', 'MAX_TOKENS'). */
  finishReason?: string;
  /**
   * The model's thinking, streamed word by word (with `chunkDelayMs`) before the answer, in the
   * vendor's own format and only where the vendor shows it: DeepSeek and xAI chat always, Perplexity
   * as `<think>…</think>` in the text, Anthropic when the request enables thinking, Gemini when it
   * asks for `includeThoughts`, the OpenAI Responses API when it asks for a reasoning summary (xAI's
   * always). Plain OpenAI and Llama chat completions ignore it. Gemini and the OpenAI Responses API
   * count the thinking tokens even when they do not show the text, as they bill them.
   */
  reasoning?: string;
  /**
   * The web pages the answer cites: sentence k of the answer cites source k (see citationsOf). Sent
   * where the request turns search on (Perplexity always searches), in the vendor's format. Vendors
   * that cite inline write their markers into the text after each cited sentence, as they do:
   * Perplexity `[1]`, xAI's Responses API `[[1]](url)`.
   */
  sources?: ScriptedSource[];
  /** Use this script for the next `times` matching requests only (default: until replaced or reset). */
  times?: number;
  /**
   * Use this script only for requests whose last user message contains this text (a re-check, one
   * follow-up turn); such scripts are looked at before the others of the same model.
   */
  whenPromptIncludes?: string;
}

export interface ScriptedSource {
  url: string;
  /** Default: the URL's host name. */
  title?: string;
  /** The passage Anthropic quotes as `cited_text`. Default: the citing sentence. */
  citedText?: string;
}

export interface RecordedVendorRequest {
  seq: number;
  /** Which vendor the request was for: 'openai', 'xai', 'deepseek', 'perplexity', 'llama', 'anthropic', 'gemini'. */
  vendor: string;
  /** Which of the fake's APIs served it, where it has more than one (FakeOpenAIChat: 'chat' or 'responses'). */
  api?: string;
  method: string;
  /** Path without the query string, e.g. /v1/chat/completions. */
  path: string;
  query: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body (undefined when it was not JSON). */
  body: JsonObject | undefined;
  model: string;
  stream: boolean;
  /** The user messages' text, joined with newlines. */
  prompt: string;
  system: string | undefined;
  /** True when the request asked for structured (JSON) output. */
  json: boolean;
  status: number;
  /** 'client-aborted' means the client closed the connection before the response was complete. */
  outcome: 'pending' | 'completed' | 'client-aborted' | 'server-destroyed';
  aborted: boolean;
  receivedAt: Date;
  endedAt: Date | undefined;
  /** When each streamed delta was written, in ms since the epoch with sub-ms precision (benchmarks). */
  deltaSentAt: number[];
}

export interface RequestInfo {
  vendor: string;
  model: string;
  stream: boolean;
  prompt: string;
  /** The last user message's text: in a conversation, the turn asked now. */
  question?: string;
  system?: string;
  json: boolean;
  /** The JSON schema of a structured-output request, when it carried one. */
  schema?: unknown;
}

export interface ReplyPlan {
  id: string;
  created: number;
  model: string;
  vendor: string;
  text: string;
  chunks: string[];
  /** `script.reasoning` split like the text; empty when none was scripted. */
  reasoningChunks: string[];
  inputTokens: number;
  /** The answer's tokens, the thinking left out. */
  outputTokens: number;
  /** The thinking's tokens (0 when no reasoning was scripted), reported where the model thought. */
  reasoningTokens: number;
  script: VendorScript;
  request: RecordedVendorRequest;
}

export interface SseFrame {
  event?: string;
  data: string;
}

export interface StreamFrames {
  head: SseFrame[];
  /**
   * One entry per delta, reasoning deltas first: what is written after that delta's chunk delay.
   * An entry is several frames when block boundaries or citations go out with the delta (the delta
   * itself last). Failure modes count these entries (`failAfterChunks`).
   */
  deltas: (SseFrame | SseFrame[])[];
  /** Finish, usage and end-of-stream frames. */
  tail: SseFrame[];
  /** The vendor's in-stream error frame(s). */
  errorEvent: SseFrame | SseFrame[];
}

/**
 * Builds StreamFrames from a vendor's frames in the order the vendor sends them: what comes before
 * the first delta is the head, what follows the last one the tail, and frames between two deltas
 * go out together with the later delta, so block boundaries and citations keep their place.
 */
export class FrameSequence {
  private readonly head: SseFrame[] = [];
  private readonly groups: SseFrame[][] = [];
  private pending: SseFrame[] = [];

  push(...frames: SseFrame[]): this {
    (this.groups.length === 0 ? this.head : this.pending).push(...frames);
    return this;
  }

  delta(frame: SseFrame): this {
    this.groups.push([...this.pending, frame]);
    this.pending = [];
    return this;
  }

  build(errorEvent: SseFrame | SseFrame[]): StreamFrames {
    return { head: this.head, deltas: this.groups, tail: this.pending, errorEvent };
  }
}

export const sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    if (ms <= 0 || signal?.aborted) return resolve();
    // The abort listener goes when the timer fires, so a long stream does not pile listeners onto one signal.
    const onAbort = () => (clearTimeout(timer), resolve());
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/** Splits text into word deltas (each word with its trailing space); joined they give the text back. */
export const splitWords = (text: string): string[] => (text === '' ? [] : text.split(/(?<=\s)(?=\S)/));

export const countWords = (text: string): number => text.split(/\s+/).filter(Boolean).length;

export function writeFrame(res: ServerResponse, frame: SseFrame): void {
  res.write(`${frame.event ? `event: ${frame.event}\n` : ''}data: ${frame.data}\n\n`);
}

/** A JSON frame: `data` is serialised here. */
export const frame = (data: unknown, event?: string): SseFrame => ({ event, data: JSON.stringify(data) });

export function respondJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  respondRaw(res, status, 'application/json', JSON.stringify(body), headers);
}

export function parseJson(raw: string): JsonObject | undefined {
  try {
    const value: unknown = JSON.parse(raw);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as JsonObject) : undefined;
  } catch {
    return undefined;
  }
}

/** Text of a message content that is a string or an array of `{ type: 'text', text }` parts. */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part: { text?: unknown }) => (typeof part?.text === 'string' ? part.text : ''))
    .filter(Boolean)
    .join('\n');
}

/**
 * Each sentence of `text` as offsets into it (UTF-16 code units, as JS strings count), trailing
 * whitespace left out: a sentence ends at `.`, `!` or `?` followed by whitespace, or at the end.
 */
export function sentenceSpans(text: string): { start: number; end: number }[] {
  return [...text.matchAll(/\S.*?(?:[.!?](?=\s|$)|$)/gs)].map((m) => ({
    start: m.index,
    end: m.index + m[0].trimEnd().length,
  }));
}

/** One citation of the answer: sentence `index` cites `sources[index]`. */
export interface Citation {
  index: number;
  url: string;
  title: string;
  /** The cited sentence's offsets in the answer text (UTF-16 code units). */
  start: number;
  end: number;
  sentence: string;
  citedText: string;
}

/** The citations of `text`: its first sentences, one per source (sources beyond the sentences go uncited). */
export function citationsOf(text: string, sources: readonly ScriptedSource[] = []): Citation[] {
  return sentenceSpans(text)
    .slice(0, sources.length)
    .map(({ start, end }, index) => {
      const source = sources[index] as ScriptedSource;
      const sentence = text.slice(start, end);
      return {
        index,
        url: source.url,
        title: titleOf(source),
        start,
        end,
        sentence,
        citedText: source.citedText ?? sentence,
      };
    });
}

export function titleOf(source: ScriptedSource): string {
  if (source.title !== undefined) return source.title;
  try {
    return new URL(source.url).hostname;
  } catch {
    return source.url;
  }
}

/**
 * The answer as vendors that cite inline write it: a marker after each cited sentence (Perplexity's
 * `[1]`, xAI's `[[1]](url)`). Gives the marked text, the scripted deltas with each marker glued to
 * the delta that ends its sentence, and where each marker landed in the marked text.
 */
export function withCitationMarkers(
  text: string,
  chunks: readonly string[],
  citations: readonly Citation[],
  marker: (citation: Citation) => string,
): { text: string; chunks: string[]; markers: { start: number; end: number }[] } {
  const inserts = citations.map((citation) => ({ at: citation.end, marker: marker(citation) }));
  let marked = '';
  let from = 0;
  const markers = inserts.map(({ at, marker }) => {
    marked += text.slice(from, at);
    from = at;
    const start = marked.length;
    marked += marker;
    return { start, end: marked.length };
  });
  marked += text.slice(from);
  let offset = 0;
  const markedChunks = chunks.map((chunk) => {
    const start = offset;
    offset += chunk.length;
    let out = chunk;
    // From the last insert back, so the earlier cut points stay where they were.
    for (const { at, marker } of inserts.filter((i) => i.at > start && i.at <= offset).reverse())
      out = out.slice(0, at - start) + marker + out.slice(at - start);
    return out;
  });
  return { text: marked, chunks: markedChunks, markers };
}

/**
 * `chunks` with every chunk that straddles one of `cuts` (offsets into their concatenation) split
 * there, each piece with its offset, for vendors that start a new block at a sentence.
 */
export function cutChunks(chunks: readonly string[], cuts: readonly number[]): { text: string; start: number }[] {
  const pieces: { text: string; start: number }[] = [];
  let offset = 0;
  for (const chunk of chunks) {
    const end = offset + chunk.length;
    let from = offset;
    for (const cut of cuts) {
      if (cut <= from || cut >= end) continue;
      pieces.push({ text: chunk.slice(from - offset, cut - offset), start: from });
      from = cut;
    }
    pieces.push({ text: chunk.slice(from - offset), start: from });
    offset = end;
  }
  return pieces;
}

/** The array of a JSON request body's `key`, or an empty one. */
export const arrayIn = (body: JsonObject | undefined, key: string): unknown[] =>
  Array.isArray(body?.[key]) ? (body[key] as unknown[]) : [];
