import type { AnswerSource, CitationMark, ModelResponse, StreamEvent } from '../../../common/query-schemas';
import type { ResponseCardProps } from './response-card';
import { modelKeys, type ModelKey } from '../../../common/model-catalogue';
import { searchedFor } from '../../../common/web-search';

// What a card shows besides the words (issue 17, items 2 and 3): a thinking model's reasoning and
// times, and the pages the answer cites. Folded from the stream for a live card (Home's question and a
// retry alike), read from the saved response otherwise.

export interface AnswerExtras {
  thinking: boolean;
  reasoning: string;
  sources: AnswerSource[];
  citationMarks: CitationMark[];
  thinkingTime: number | null;
  firstTokenTime: number | null;
}

export const NO_EXTRAS: AnswerExtras = {
  thinking: false,
  reasoning: '',
  sources: [],
  citationMarks: [],
  thinkingTime: null,
  firstTokenTime: null,
};

/** The extras after one stream event for this model; the same object when the event changes none. */
export function withStreamEvent(extras: AnswerExtras, event: StreamEvent): AnswerExtras {
  switch (event.type) {
    case 'reasoning':
      return { ...extras, thinking: true, reasoning: extras.reasoning + event.text };
    case 'sources':
      return { ...extras, sources: event.sources, citationMarks: event.citationMarks };
    case 'model-done':
      return { ...extras, thinkingTime: event.thinkingTime ?? null, firstTokenTime: event.firstTokenTime ?? null };
    default:
      return extras;
  }
}

export const liveCardExtras = (extras: AnswerExtras): Partial<ResponseCardProps> => ({
  ...extras,
  reasoning: extras.reasoning || null,
});

/** A saved answer's extras; `webSearch`: its question was asked with "Search the web" on. */
export const savedCardExtras = (response: ModelResponse, webSearch: boolean): Partial<ResponseCardProps> => ({
  searched: modelKeys.includes(response.model as ModelKey) && searchedFor(response.model as ModelKey, webSearch),
  thinking: Boolean(response.reasoning) || response.thinkingTime != null,
  reasoning: response.reasoning ?? null,
  thinkingTime: response.thinkingTime ?? null,
  firstTokenTime: response.firstTokenTime ?? null,
  sources: response.sources ?? [],
  citationMarks: response.citationMarks ?? [],
  usage: response.usage ?? null,
});
