import { streamText, type LanguageModel } from 'ai';
import { deadline } from '../lib/deadline';

export interface AnswerResult {
  text: string | null;
  error: string | null;
  responseTimeMs: number;
  inputTokens: number | null;
  outputTokens: number | null;
}

const SYSTEM_PROMPT =
  "Answer the user's question accurately and concisely. Use Markdown (paragraphs, lists, code blocks) where it helps. If you are not sure of a fact, say so.";

/**
 * One model's answer, streamed: `onDelta` gets each piece of text as it arrives. Never throws; a
 * failure, a timeout or an abort becomes the result's `error`, so one model cannot fail the question.
 */
export async function streamAnswer(options: {
  model: LanguageModel;
  question: string;
  signal: AbortSignal;
  timeoutMs: number;
  onDelta: (text: string) => void;
}): Promise<AnswerResult> {
  const started = performance.now();
  const limit = deadline(options.signal, options.timeoutMs);
  const signal = limit.signal;
  let streamError: unknown;
  let text = '';
  try {
    const result = streamText({
      model: options.model,
      system: SYSTEM_PROMPT,
      prompt: options.question,
      abortSignal: signal,
      // A retry would double a slow vendor's wait; the user sees the error and can ask again.
      maxRetries: 0,
      onError: ({ error }) => {
        streamError ??= error;
      },
    });
    for await (const delta of result.textStream) {
      text += delta;
      options.onDelta(delta);
    }
    if (signal.aborted) throw signal.reason;
    const usage = await result.totalUsage;
    if (streamError) throw streamError;
    return {
      text,
      error: null,
      responseTimeMs: Math.round(performance.now() - started),
      inputTokens: usage.inputTokens ?? null,
      outputTokens: usage.outputTokens ?? null,
    };
  } catch (error) {
    return {
      text: text || null,
      // The vendor's own error (from onError) says more than the SDK's 'No output generated' that follows it.
      error: describeFailure(streamError ?? error, signal, options.signal),
      responseTimeMs: Math.round(performance.now() - started),
      inputTokens: null,
      outputTokens: null,
    };
  } finally {
    limit.clear();
  }
}

function describeFailure(error: unknown, signal: AbortSignal, callerSignal: AbortSignal): string {
  if (callerSignal.aborted) return 'Cancelled: the question was abandoned';
  if (signal.aborted) return 'The model took too long to answer';
  const status = (error as { statusCode?: number }).statusCode;
  const message =
    error instanceof Error
      ? error.message
      : typeof error === 'object' && error !== null && 'message' in error
        ? String((error as { message: unknown }).message)
        : 'The model could not answer';
  const short = message.split('\n')[0]!.slice(0, 300);
  return status ? `The provider answered ${status}: ${short}` : short;
}
