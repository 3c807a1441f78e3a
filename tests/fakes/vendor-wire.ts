import type { IncomingHttpHeaders, ServerResponse } from 'node:http';

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
  /** Token counts to report. Default: words in the prompt, and one per delta. */
  usage?: { inputTokens?: number; outputTokens?: number };
  /** The vendor-native finish reason (e.g. 'length', 'max_tokens', 'MAX_TOKENS'). */
  finishReason?: string;
  /** Source URLs (sent as `citations` by the OpenAI-style fake, as Perplexity and xAI do). */
  citations?: string[];
  /** Use this script for the next `times` matching requests only (default: until replaced or reset). */
  times?: number;
}

export interface RecordedVendorRequest {
  seq: number;
  /** Which vendor the request was for: 'openai', 'xai', 'deepseek', 'perplexity', 'llama', 'anthropic', 'gemini'. */
  vendor: string;
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
  inputTokens: number;
  outputTokens: number;
  script: VendorScript;
  request: RecordedVendorRequest;
}

export interface SseFrame {
  event?: string;
  data: string;
}

export interface StreamFrames {
  head: SseFrame[];
  /** One frame per delta of `plan.chunks`. */
  deltas: SseFrame[];
  /** Finish, usage and end-of-stream frames. */
  tail: SseFrame[];
  /** The vendor's in-stream error frame. */
  errorEvent: SseFrame;
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

export function respondRaw(
  res: ServerResponse,
  status: number,
  contentType: string,
  text: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { ...headers, 'content-type': contentType, 'content-length': Buffer.byteLength(text) });
  res.end(text);
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
