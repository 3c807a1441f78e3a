import { useCallback, useEffect, useRef, useState } from 'react';
import { useOwnedStreams } from './use-owned-streams';
import { MAX_RETRIES_PER_MODEL } from '../../../common/limits';
import type { ModelKey } from '../../../common/models';
import type { ModelResponse, QueryResult } from '../../../common/query-schemas';
import { queryMessages } from '../../../common/query-messages';
import type { ResponseCardProps, RetryControl } from './response-card';
import { liveCardExtras, NO_EXTRAS, withStreamEvent, type AnswerExtras } from './answer-extras';
import { toast } from '../ui/toast-store';
import { ApiError, errorText } from '../../lib/api';

// Retry one model (issue 20, item 2): the card of a model that failed or was stopped asks it again
// and shows the new answer arriving in place; when the server has saved it (with the comparison made
// again) the whole question is handed to `onUpdated`, which puts it where the page keeps it.

export interface RetryingAnswer {
  text: string;
  streamId: string | null;
  stopping: boolean;
  extras: AnswerExtras;
}

export function useRetry({
  queryId,
  sessionId,
  onUpdated,
}: {
  queryId: number;
  sessionId: string;
  onUpdated: (query: QueryResult) => void;
}) {
  const [retrying, setRetrying] = useState<Partial<Record<string, RetryingAnswer>>>({});
  const retryingRef = useRef(retrying);
  const onUpdatedRef = useRef(onUpdated);
  useEffect(() => {
    retryingRef.current = retrying;
    onUpdatedRef.current = onUpdated;
  });
  const openStream = useOwnedStreams();

  const change = (model: string, update: (answer: RetryingAnswer) => RetryingAnswer | undefined) =>
    setRetrying((all) => {
      const current = all[model];
      return current ? { ...all, [model]: update(current) } : all;
    });

  const retry = useCallback(
    async (model: string) => {
      if (retryingRef.current[model]) return;
      setRetrying((all) => ({ ...all, [model]: { text: '', streamId: null, stopping: false, extras: NO_EXTRAS } }));
      const stream = openStream();
      let saved: QueryResult | undefined;
      let failedWith: string | undefined;
      try {
        const { streamRetry } = await import('../../api/question-stream');
        await streamRetry(
          queryId,
          { model: model as ModelKey, sessionId },
          {
            signal: stream.signal,
            onEvent: (event) => {
              if (event.type === 'start') change(model, (a) => ({ ...a, streamId: event.streamId ?? null }));
              else if (event.type === 'delta') change(model, (a) => ({ ...a, text: a.text + event.text }));
              else if (event.type === 'reasoning' || event.type === 'sources')
                change(model, (a) => ({ ...a, extras: withStreamEvent(a.extras, event) }));
              else if (event.type === 'query') saved = event.query;
              else if (event.type === 'error') failedWith = event.message;
            },
          },
        );
      } catch (error) {
        if (stream.signal.aborted) return;
        failedWith = error instanceof ApiError ? errorText(error, error.message) : queryMessages.retryFailed;
      } finally {
        stream.close();
      }
      if (saved) onUpdatedRef.current(saved);
      setRetrying(({ [model]: _done, ...others }) => others);
      if (failedWith || !saved) {
        toast({ variant: 'destructive', title: queryMessages.retryFailed, description: failedWith });
      }
    },
    [queryId, sessionId, openStream],
  );

  const stop = useCallback(
    async (model: string) => {
      const streamId = retryingRef.current[model]?.streamId;
      if (!streamId) return;
      change(model, (a) => ({ ...a, stopping: true }));
      try {
        const { stopStream } = await import('../../api/question-stream');
        await stopStream(streamId, { model: model as ModelKey, sessionId });
      } catch {
        change(model, (a) => ({ ...a, stopping: false }));
        toast({ variant: 'destructive', title: queryMessages.stopFailed });
      }
    },
    [sessionId],
  );

  /** The Retry control of a saved answer: only a failed or stopped one has it. */
  const controlFor = (response: ModelResponse): RetryControl | undefined =>
    response.error === null
      ? undefined
      : {
          left: Math.max(0, MAX_RETRIES_PER_MODEL - (response.retries ?? 0)),
          onRetry: () => void retry(response.model),
        };

  /** What a saved answer's card shows: the retry arriving in its place, or the answer with its Retry. */
  const cardProps = (response: ModelResponse): Partial<ResponseCardProps> => {
    const live = retrying[response.model];
    if (live) {
      return {
        text: live.text || null,
        error: null,
        failure: null,
        responseTime: null,
        streaming: true,
        stopping: live.stopping,
        ...liveCardExtras(live.extras),
        onStop: () => void stop(response.model),
      };
    }
    return { failure: response.failure ?? null, retry: controlFor(response) };
  };

  return { retrying, retry, stop, cardProps };
}
