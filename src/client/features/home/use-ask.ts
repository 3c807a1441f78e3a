import { useCallback, useEffect, useReducer, useRef } from 'react';
import type { ComparisonAnalysis } from '../../../common/comparison';
import type { ModelKey } from '../../../common/models';
import type { QueryResult, StreamEvent, SubscriptionInfo } from '../../../common/query-schemas';
import { MAX_QUERY_LENGTH } from '../../../common/limits';
import { queryMessages } from '../../../common/query-messages';
import { toast } from '../../components/ui/toast-store';
import { ApiError } from '../../lib/api';
import type { VendorFailure } from '../../../common/vendor-failure-messages';
import { NO_EXTRAS, withStreamEvent, type AnswerExtras } from '../../components/answers/answer-extras';

// The question in flight (docs/product.md, "Asking a question"): the text of each model as it arrives.

export interface LiveAnswer {
  text: string;
  done: boolean;
  responseTime: number | null;
  error: string | null;
  /** The vendor's model that answered, once it is done. */
  modelVersion?: string | null;
  /** Why it has an error; 'stopped' when the asker stopped it. */
  failure?: VendorFailure | null;
  /** A stop was asked for and has not been answered by the model's end yet. */
  stopping?: boolean;
  /** Reasoning, sources and times (issue 17, items 2 and 3). */
  extras?: AnswerExtras;
}

export interface LiveState {
  /** sending: waiting for the server to accept; streaming: answers arriving. */
  phase: 'idle' | 'sending' | 'streaming';
  question: string;
  models: string[];
  answers: Record<string, LiveAnswer>;
  comparison: ComparisonAnalysis | null;
  /** The server's name for this stream, for Stop (from its `start` event). */
  streamId: string | null;
}

type Action =
  | { type: 'send'; question: string; models: string[] }
  | { type: 'event'; event: StreamEvent }
  | { type: 'stopping'; model: string | null }
  | { type: 'reset' };

const IDLE: LiveState = { phase: 'idle', question: '', models: [], answers: {}, comparison: null, streamId: null };
const BLANK: LiveAnswer = { text: '', done: false, responseTime: null, error: null };

function reducer(state: LiveState, action: Action): LiveState {
  if (action.type === 'reset') return IDLE;
  if (action.type === 'send') return { ...IDLE, phase: 'sending', question: action.question, models: action.models };
  if (action.type === 'stopping') {
    const answers = { ...state.answers };
    for (const model of state.models) {
      const answer = answers[model];
      if (answer && !answer.done && (action.model === null || action.model === model))
        answers[model] = { ...answer, stopping: true };
    }
    return { ...state, answers };
  }
  const event = action.event;
  const update = (model: string, change: Partial<LiveAnswer>): LiveState => ({
    ...state,
    phase: 'streaming',
    models: state.models.includes(model) ? state.models : [...state.models, model],
    answers: { ...state.answers, [model]: { ...(state.answers[model] ?? BLANK), ...change } },
  });
  switch (event.type) {
    case 'start':
      return {
        ...state,
        phase: 'streaming',
        models: event.models,
        answers: Object.fromEntries(event.models.map((model) => [model, state.answers[model] ?? BLANK])),
        streamId: event.streamId ?? null,
      };
    case 'delta':
      return update(event.model, { text: (state.answers[event.model]?.text ?? '') + event.text });
    case 'reasoning':
    case 'sources':
      return update(event.model, { extras: withStreamEvent(state.answers[event.model]?.extras ?? NO_EXTRAS, event) });
    case 'model-done':
      return update(event.model, {
        extras: withStreamEvent(state.answers[event.model]?.extras ?? NO_EXTRAS, event),
        done: true,
        responseTime: event.responseTime,
        error: event.error,
        modelVersion: event.modelVersion ?? null,
        failure: event.failure ?? null,
        stopping: false,
      });
    case 'comparison':
      return { ...state, comparison: event.comparison };
    default:
      return state;
  }
}

export interface AskHandlers {
  /** The server accepted (and counted) the question; the answers start. */
  onStart?: (allowance: SubscriptionInfo) => void;
  onQuery: (query: QueryResult) => void;
  onMissingKeys: (services: string[]) => void;
  onSubscriptionRequired: () => void;
  /** An anonymous cap refused the question (429 with signUpRequired): the server's message. */
  onSignUpRequired: (message: string) => void;
  /** Stop could not reach the server, so the page hung up instead: what was saved is in the history. */
  onHungUp?: () => void;
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
  const [live, dispatch] = useReducer(reducer, IDLE);
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
        else if (signUpRequired(error)) handlersRef.current.onSignUpRequired(error.serverMessage ?? error.message);
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
