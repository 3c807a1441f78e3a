import { conversationMessages } from '../../../common/conversation-messages';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { ModelKey } from '../../../common/models';
import type { QueryResult } from '../../../common/query-schemas';
import { ApiError, errorText } from '../../lib/api';
import { IDLE_TURN, liveTurnReducer } from './live-turn';

// A follow-up turn (issue 13, item 3): sent on the conversation's first question, to every model of it
// or one; its answers arrive as a question's do (live-turn.ts) and can be stopped the same way; once the
// server has saved the turn it is handed to `onSaved`. A refusal (the thread is too long for a model,
// no questions left) is kept as `error` for the form to show beside the text, which stays as typed.

export function useFollowUp({
  queryId,
  sessionId,
  onSaved,
}: {
  queryId: number;
  sessionId: string;
  onSaved: (turn: QueryResult) => void;
}) {
  const [live, dispatch] = useReducer(liveTurnReducer, IDLE_TURN);
  const [error, setError] = useState<string | null>(null);
  const controllerRef = useRef<AbortController | null>(null);
  const onSavedRef = useRef(onSaved);
  const liveRef = useRef(live);
  useEffect(() => {
    onSavedRef.current = onSaved;
    liveRef.current = live;
  });
  useEffect(() => () => controllerRef.current?.abort(), []);

  /** Sends the turn; true when it was saved (the form may then be cleared). */
  const send = useCallback(
    async (text: string, models: readonly string[], model: ModelKey | null, webSearch: boolean): Promise<boolean> => {
      const controller = new AbortController();
      controllerRef.current = controller;
      setError(null);
      dispatch({ type: 'send', question: text.trim(), models: model ? [model] : [...models] });
      let saved: QueryResult | undefined;
      let failedWith: string | undefined;
      try {
        const { streamFollowUp } = await import('../../api/question-stream');
        await streamFollowUp(
          queryId,
          { text, sessionId, ...(model && { model }), ...(webSearch && { webSearch: true }) },
          {
            signal: controller.signal,
            onEvent: (event) => {
              if (event.type === 'query') saved = event.query;
              else if (event.type === 'error') failedWith = event.message;
              else dispatch({ type: 'event', event });
            },
          },
        );
      } catch (caught) {
        if (controller.signal.aborted) {
          dispatch({ type: 'reset' });
          return false;
        }
        // The server's refusals (a cap, questions in flight) are worded for people: shown as sent.
        failedWith =
          caught instanceof ApiError ? errorText(caught, caught.message) : conversationMessages.followUpFailed;
      } finally {
        if (controllerRef.current === controller) controllerRef.current = null;
      }
      dispatch({ type: 'reset' });
      if (saved) {
        onSavedRef.current(saved);
        return true;
      }
      setError(failedWith ?? conversationMessages.followUpFailed);
      return false;
    },
    [queryId, sessionId],
  );

  const stop = useCallback(
    async (model: string | null) => {
      const { streamId } = liveRef.current;
      dispatch({ type: 'stopping', model });
      try {
        if (!streamId) throw new Error('the stream has not started');
        const { stopStream } = await import('../../api/question-stream');
        await stopStream(streamId, { sessionId, ...(model && { model: model as ModelKey }) });
      } catch {
        if (model === null) controllerRef.current?.abort();
      }
    },
    [sessionId],
  );

  return { live, busy: live.phase !== 'idle', error, send, stop };
}
