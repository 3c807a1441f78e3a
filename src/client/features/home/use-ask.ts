import { useCallback, useEffect, useReducer, useRef } from 'react';
import type { ModelKey } from '../../../common/models';
import type { QueryResult, SubscriptionInfo } from '../../../common/query-schemas';
import { MAX_QUERY_LENGTH } from '../../../common/limits';
import { queryMessages } from '../../../common/query-messages';
import { toast } from '../../components/ui/toast-store';
import { ApiError, errorText } from '../../lib/api';
import { IDLE_TURN, liveTurnReducer } from '../../components/answers/live-turn';

export type { LiveAnswer, LiveState } from '../../components/answers/live-turn';

// The question in flight (docs/product.md, "Asking a question"): the text of each model as it arrives
// (components/answers/live-turn.ts).

export interface AskHandlers {
  /** The server accepted (and counted) the question; the answers start. */
  onStart?: (allowance: SubscriptionInfo) => void;
  onQuery: (query: QueryResult) => void;
  onMissingKeys: (services: string[]) => void;
  onSubscriptionRequired: () => void;
  /** An anonymous cap refused the question (429 with signUpRequired): the server's message. */
  onSignUpRequired: (message: string) => void;
  /** An unverified account's free questions are used for now (verificationRequired): the server's message. */
  onVerificationRequired: (message: string) => void;
  /** Stop could not reach the server, so the page hung up instead: what was saved is in the history. */
  onHungUp?: () => void;
}

/** The refusal of an unverified account's free question (decision 0060): a 403 or an address cap's 429. */
function verificationRequired(error: unknown): error is ApiError {
  if (!(error instanceof ApiError)) return false;
  const body = error.body;
  return (
    typeof body === 'object' &&
    body !== null &&
    (body as { verificationRequired?: unknown }).verificationRequired === true
  );
}

/** The anonymous caps' refusal (decision 0022), as opposed to any other 429. */
function signUpRequired(error: unknown): error is ApiError {
  if (!(error instanceof ApiError) || error.status !== 429) return false;
  const body = error.body;
  return typeof body === 'object' && body !== null && (body as { signUpRequired?: unknown }).signUpRequired === true;
}

function submitError(description: string) {
  toast({ variant: 'destructive', title: 'Error', description });
}

export function useAsk(sessionId: string, handlers: AskHandlers) {
  const [live, dispatch] = useReducer(liveTurnReducer, IDLE_TURN);
  const controllerRef = useRef<AbortController | null>(null);
  /** The question Stop hung up on, when the stop call could not be made. */
  const hungUpRef = useRef<AbortController | null>(null);
  const handlersRef = useRef(handlers);
  useEffect(() => {
    handlersRef.current = handlers;
  });
  // Leaving the page stops the answers; the server gives the question back if nothing was saved.
  useEffect(() => () => controllerRef.current?.abort(), []);

  const ask = useCallback(
    async (text: string, models: readonly ModelKey[], options: { webSearch?: boolean } = {}): Promise<void> => {
      const question = text.trim();
      if (!question) {
        toast({ variant: 'destructive', title: queryMessages.emptyQueryTitle, description: queryMessages.emptyQuery });
        return;
      }
      if (question.length > MAX_QUERY_LENGTH) {
        submitError(queryMessages.queryTooLong);
        return;
      }
      if (models.length === 0) {
        submitError(queryMessages.noModel);
        return;
      }

      controllerRef.current?.abort();
      const controller = new AbortController();
      controllerRef.current = controller;
      dispatch({ type: 'send', question, models: [...models] });

      const outcome: { query?: QueryResult; error?: string } = {};
      try {
        // The stream's code and the contract's parser (zod) load with the first question, not with Home
        // (docs/performance.md, "Home page weight").
        const { streamQuestion } = await import('../../api/question-stream');
        await streamQuestion(
          {
            text: question,
            sessionId,
            selectedModels: [...models],
            ...(options.webSearch && { webSearch: true }),
          },
          {
            signal: controller.signal,
            onEvent: (event) => {
              if (event.type === 'query') outcome.query = event.query;
              else if (event.type === 'error') outcome.error = event.message;
              else dispatch({ type: 'event', event });
              if (event.type === 'start') handlersRef.current.onStart?.(event.subscriptionInfo);
            },
          },
        );
      } catch (error) {
        if (controller.signal.aborted) {
          if (hungUpRef.current === controller) {
            dispatch({ type: 'reset' });
            handlersRef.current.onHungUp?.();
          }
          return;
        }
        dispatch({ type: 'reset' });
        if (error instanceof ApiError && error.apiConfigurationRequired)
          handlersRef.current.onMissingKeys(error.missingServices);
        else if (error instanceof ApiError && error.subscriptionRequired) handlersRef.current.onSubscriptionRequired();
        else if (verificationRequired(error))
          handlersRef.current.onVerificationRequired(error.serverMessage ?? error.message);
        else if (signUpRequired(error)) handlersRef.current.onSignUpRequired(error.serverMessage ?? error.message);
        // A limit's refusal (questions in flight, the daily fair-use ceiling) is worded for people: shown as sent.
        else if (error instanceof ApiError && error.status === 429) submitError(errorText(error, error.message));
        else submitError(error instanceof Error && error.message ? error.message : queryMessages.submitFailed);
        return;
      } finally {
        if (controllerRef.current === controller) controllerRef.current = null;
      }
      if (controller.signal.aborted) return;
      dispatch({ type: 'reset' });
      if (outcome.query) handlersRef.current.onQuery(outcome.query);
      else submitError(outcome.error ?? queryMessages.submitFailed);
    },
    [sessionId],
  );

  // Stop (issue 20, item 1): the server aborts the vendor calls and the stream goes on to its saved
  // result. Should the stop call itself fail, stopping everything falls back to hanging up, which the
  // server also treats as a stop (and gives the question back if nothing arrived).
  const liveRef = useRef(live);
  useEffect(() => {
    liveRef.current = live;
  });
  const stop = useCallback(
    async (model: string | null = null) => {
      const { streamId, phase } = liveRef.current;
      if (phase === 'idle') return;
      dispatch({ type: 'stopping', model });
      try {
        if (!streamId) throw new Error('the stream has not started');
        const { stopStream } = await import('../../api/question-stream');
        await stopStream(streamId, { sessionId, ...(model && { model: model as ModelKey }) });
      } catch {
        if (model === null && controllerRef.current) {
          hungUpRef.current = controllerRef.current;
          controllerRef.current.abort();
        }
      }
    },
    [sessionId],
  );

  return { live, ask, stop, busy: live.phase !== 'idle' };
}
