import type { ComparisonAnalysis } from '../../../common/comparison';
import type { StreamEvent } from '../../../common/query-schemas';
import type { VendorFailure } from '../../../common/vendor-failure-messages';
import { NO_EXTRAS, withStreamEvent, type AnswerExtras } from './answer-extras';

// A question or follow-up turn in flight (docs/product.md, "Asking a question"): each model's text as it
// arrives, its end, and the comparison; Home's question (features/home/use-ask.ts) and a follow-up
// (use-follow-up.ts) both keep it here.

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

export type LiveTurnAction =
  | { type: 'send'; question: string; models: string[] }
  | { type: 'event'; event: StreamEvent }
  | { type: 'stopping'; model: string | null }
  | { type: 'reset' };

export const IDLE_TURN: LiveState = {
  phase: 'idle',
  question: '',
  models: [],
  answers: {},
  comparison: null,
  streamId: null,
};
const BLANK: LiveAnswer = { text: '', done: false, responseTime: null, error: null };

export function liveTurnReducer(state: LiveState, action: LiveTurnAction): LiveState {
  if (action.type === 'reset') return IDLE_TURN;
  if (action.type === 'send')
    return { ...IDLE_TURN, phase: 'sending', question: action.question, models: action.models };
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
    case 'consensus':
      return state.comparison ? { ...state, comparison: { ...state.comparison, consensus: event.consensus } } : state;
    default:
      return state;
  }
}
