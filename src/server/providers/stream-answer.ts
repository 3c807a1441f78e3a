import { streamText, type LanguageModel, type ModelMessage } from 'ai';
import type { FastifyBaseLogger } from 'fastify';
import { hasAnswerText } from '../../common/answer-text';
import { MAX_ANSWER_OUTPUT_TOKENS } from '../../common/limits';
import type { AnswerSource, CitationMark } from '../../common/query-schemas';
import { rateLimitedMessage, vendorFailureMessages, type VendorFailure } from '../../common/vendor-failure-messages';
import { deadline } from '../lib/deadline';
import { AnswerParts } from './answer-parts';
import type { AnswerCall } from './language-models';

export interface AnswerResult {
  /** What arrived, even when the model failed part-way (a failure after some text still costs the question). */
  text: string | null;
  /** The card's text when the model failed: one short, human message per kind (vendor-failure-messages.ts). */
  error: string | null;
  /** Which kind of failure, for counting (http/metrics.ts); null when the model answered. */
  failure: VendorFailure | null;
  responseTimeMs: number;
  inputTokens: number | null;
  outputTokens: number | null;
  /** The pages the answer cites and where (providers/answer-parts.ts); empty when none. */
  sources: AnswerSource[];
  citationMarks: CitationMark[];
  /** The reasoning the model showed; null when it showed none. */
  reasoning: string | null;
  thinkingMs: number | null;
  firstTokenMs: number | null;
}

const SYSTEM_PROMPT =
  "Answer the user's question accurately and concisely. Use Markdown (paragraphs, lists, code blocks) where it helps. If you are not sure of a fact, say so.";

/**
 * The abort reason when the asker pressed Stop (queries/live-streams.ts), as opposed to the asker going
 * away: the answer is then 'stopped', keeps its words, and can be retried.
 */
export class StopRequested extends Error {
  constructor() {
    super('stopped by the asker');
    this.name = 'StopRequested';
  }
}

/** One earlier turn of a model's conversation: what was asked and what this model answered. */
export interface ConversationTurn {
  question: string;
  answer: string;
}

function conversationMessages(history: readonly ConversationTurn[], question: string): ModelMessage[] {
  return [
    ...history.flatMap((turn): ModelMessage[] => [
      { role: 'user', content: turn.question },
      { role: 'assistant', content: turn.answer },
    ]),
    { role: 'user', content: question },
  ];
}

/** How much of a vendor's error body reaches the log: enough to read its error object, not a whole page. */
const LOGGED_BODY_CHARS = 1000;

/**
 * One model's answer, streamed: `onDelta` gets each piece of text as it arrives. Never throws; a
 * failure, a timeout, an abort or an empty answer becomes the result's `failure` and its human
 * `error`, so one model cannot fail the question. The vendor's own words (status, message, body) are
 * logged once through `log`, which should be the request's logger so the line carries its id.
 */
export async function streamAnswer(options: {
  /** The model with its vendor's tools and options (language-models.ts, answerCall). */
  call: Pick<AnswerCall, 'model' | 'tools' | 'providerOptions'>;
  question: string;
  /**
   * The earlier turns of this model's conversation, oldest first (issue 13, item 3): sent as the
   * conversation's messages, which the AI SDK puts in each vendor's own wire format.
   */
  history?: readonly ConversationTurn[];
  signal: AbortSignal;
  timeoutMs: number;
  onDelta: (text: string) => void;
  /** Each piece of shown reasoning ('' when the model starts thinking without showing how). */
  onReasoning?: (text: string) => void;
  /** Every source so far and where the answer cites them, each time that changes. */
  onSources?: (sources: AnswerSource[], marks: CitationMark[]) => void;
  /**
   * Where the vendor's raw failure is written: pass `request.log` (a child logger bound to the
   * request id). Without one the failure is still classified and shown, but its details are lost.
   */
  log?: Pick<FastifyBaseLogger, 'warn' | 'info'>;
}): Promise<AnswerResult> {
  const started = performance.now();
  const limit = deadline(options.signal, options.timeoutMs);
  try {
    const first = await attempt(options, limit.signal, started);
    // A 429 before any word is tried once more if the vendor's wait fits in the model's time limit.
    const wait = first.retryAfterMs;
    const left = options.timeoutMs - (performance.now() - started);
    if (wait === undefined || wait + MIN_ANSWER_MS > left) return first.result;
    await sleep(wait, limit.signal);
    if (limit.signal.aborted) return first.result;
    return (await attempt(options, limit.signal, started)).result;
  } finally {
    limit.clear();
  }
}

/** The least time a retried call should have left to answer in. */
const MIN_ANSWER_MS = 1_000;
/** The wait before retrying a 429 that did not say how long to wait. */
const DEFAULT_RETRY_AFTER_MS = 1_000;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

/**
 * One call to the vendor. `retryAfterMs` is set when it was refused for its rate (429) before any
 * word arrived: how long the vendor asked to wait.
 */
async function attempt(
  options: Parameters<typeof streamAnswer>[0],
  signal: AbortSignal,
  started: number,
): Promise<{ result: AnswerResult; retryAfterMs?: number }> {
  const elapsed = () => Math.round(performance.now() - started);
  let streamError: unknown;
  const parts = new AnswerParts(started);
  const shown = (effect: ReturnType<AnswerParts['add']>) => {
    if (effect.reasoning !== undefined) options.onReasoning?.(effect.reasoning);
    if (effect.text) options.onDelta(effect.text);
    if (effect.sourcesChanged) options.onSources?.([...parts.sources], parts.citationMarks);
  };
  const outcome = () => ({
    sources: parts.sources,
    citationMarks: parts.citationMarks,
    reasoning: parts.reasoning.trim() ? parts.reasoning : null,
    thinkingMs: parts.thinkingMs(performance.now()),
    firstTokenMs: parts.firstTokenMs,
  });
  try {
    const result = streamText({
      model: options.call.model,
      tools: options.call.tools,
      providerOptions: options.call.providerOptions,
      system: SYSTEM_PROMPT,
      ...(options.history?.length
        ? { messages: conversationMessages(options.history, options.question) }
        : { prompt: options.question }),
      abortSignal: signal,
      // Every answer is bounded (common/limits.ts): the vendors' own ceilings run to 64,000 tokens, paid by us.
      maxOutputTokens: MAX_ANSWER_OUTPUT_TOKENS,
      // The SDK's own retries would double a slow vendor's wait; only a 429 is tried again, above.
      maxRetries: 0,
      onError: ({ error }) => {
        streamError ??= error;
      },
    });
    for await (const part of result.fullStream) shown(parts.add(part, performance.now()));
    shown(parts.finish());
    if (signal.aborted) throw signal.reason;
    const usage = await result.totalUsage;
    if (streamError) throw streamError;
    const text = parts.text;
    const empty = !hasAnswerText(text);
    if (empty) report(options, 'empty', undefined, text, elapsed());
    return {
      result: {
        text,
        error: empty ? vendorFailureMessages.empty : null,
        failure: empty ? 'empty' : null,
        responseTimeMs: elapsed(),
        inputTokens: usage.inputTokens ?? null,
        outputTokens: usage.outputTokens ?? null,
        ...outcome(),
      },
    };
  } catch (error) {
    // The vendor's own error (from onError) says more than the SDK's 'No output generated' that follows it.
    const cause = streamError ?? error;
    // The words that arrived are kept (they were shown), with their sources.
    shown(parts.finish());
    const text = parts.text;
    const failure = classify(cause, signal, options.signal);
    report(options, failure, cause, text, elapsed());
    const asked = failure === 'rate-limited' ? retryAfterOf(cause) : undefined;
    const retryAfterMs = failure === 'rate-limited' ? (asked ?? DEFAULT_RETRY_AFTER_MS) : undefined;
    return {
      result: {
        text: text || null,
        error: failure === 'rate-limited' ? rateLimitedMessage(asked) : vendorFailureMessages[failure],
        failure,
        responseTimeMs: elapsed(),
        inputTokens: null,
        outputTokens: null,
        ...outcome(),
      },
      retryAfterMs: hasAnswerText(text) ? undefined : retryAfterMs,
    };
  }
}

/** How long a vendor asked to wait, from `retry-after-ms`, or `retry-after` in seconds or as a date. */
function retryAfterOf(error: unknown): number | undefined {
  const headers = field(error, 'responseHeaders') as Record<string, string> | undefined;
  if (!headers) return undefined;
  const ms = Number(headers['retry-after-ms']);
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const after = headers['retry-after'];
  if (!after) return undefined;
  const seconds = Number(after);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(after);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

/** The structured words a vendor uses for a kind of error, wherever its SDK put them (status, type, code). */
const RATE_LIMITED = /rate.?limit|too.?many.?requests|resource.?exhausted/i;
const KEY_REJECTED = /invalid.?api.?key|authentication|unauthenticated|permission/i;
const MODEL_UNAVAILABLE = /model.?not.?found|not.?found.?error|^NOT_FOUND$|model_decommissioned/i;

function classify(error: unknown, signal: AbortSignal, callerSignal: AbortSignal): VendorFailure {
  if (callerSignal.aborted) return callerSignal.reason instanceof StopRequested ? 'stopped' : 'cancelled';
  if (signal.aborted) return 'timeout';
  const status = statusOf(error);
  if (status === 429) return 'rate-limited';
  if (status === 401 || status === 403) return 'key-rejected';
  // A retired or mistyped version: OpenAI-style hosts answer 404 model_not_found, Anthropic 404
  // not_found_error, Gemini 404 NOT_FOUND.
  if (status === 404) return 'model-unavailable';
  const words = errorWords(error).join(' ');
  if (RATE_LIMITED.test(words)) return 'rate-limited';
  if (KEY_REJECTED.test(words)) return 'key-rejected';
  if (MODEL_UNAVAILABLE.test(words)) return 'model-unavailable';
  return 'vendor-error';
}

const field = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;

function statusOf(error: unknown): number | undefined {
  const status = field(error, 'statusCode');
  return typeof status === 'number' ? status : undefined;
}

/**
 * The error's type, code and status names: on an HTTP error in the SDK's parsed body (`data.error`),
 * on an error sent inside the stream in the vendor's error object itself (e.g. Anthropic's
 * `rate_limit_error`, OpenAI's `invalid_api_key`, Gemini's `RESOURCE_EXHAUSTED`).
 */
function errorWords(error: unknown): string[] {
  const places = [error, field(error, 'error'), field(error, 'data'), field(field(error, 'data'), 'error')];
  return places.flatMap((place) =>
    ['type', 'code', 'status'].flatMap((key) => {
      const value = field(place, key);
      return typeof value === 'string' ? [value] : [];
    }),
  );
}

function messageOf(error: unknown): string | undefined {
  const message = field(error, 'message');
  if (typeof message === 'string') return message;
  return error === undefined ? undefined : String(error);
}

const providerOf = (model: LanguageModel) => (typeof model === 'string' ? undefined : model.provider);
const modelIdOf = (model: LanguageModel) => (typeof model === 'string' ? model : model.modelId);

/**
 * One log line per failed call, with the vendor's raw words for an operator. The prompt stays out
 * (the SDK's error carries the request body), and so does the key (never in these fields).
 */
function report(
  options: { call: { model: LanguageModel }; log?: Pick<FastifyBaseLogger, 'warn' | 'info'> },
  failure: VendorFailure,
  error: unknown,
  text: string,
  responseTimeMs: number,
) {
  if (!options.log) return;
  const body = field(error, 'responseBody');
  const entry = {
    vendor: providerOf(options.call.model),
    model: modelIdOf(options.call.model),
    failure,
    status: statusOf(error),
    vendorMessage: messageOf(error),
    vendorError: errorWords(error).join(' ') || undefined,
    vendorBody: typeof body === 'string' ? body.slice(0, LOGGED_BODY_CHARS) : undefined,
    cause: messageOf(field(error, 'cause')),
    answeredChars: text.length,
    responseTimeMs,
  };
  // The asker going away is not the vendor's fault: worth a line, not a warning.
  if (failure === 'cancelled' || failure === 'stopped') options.log.info(entry, `model call ${failure}`);
  else options.log.warn(entry, 'model call failed');
}
