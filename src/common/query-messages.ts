import { MAX_QUERY_LENGTH, MAX_RETRIES_PER_MODEL } from './limits';
import { MAX_SELECTED_MODELS } from './model-catalogue';

// The texts of asking a question, its history and the API keys (docs/product.md, "Errors and messages"), once for
// server, client and tests; query-schemas.ts validates with them.

export const queryMessages = {
  emptyQueryTitle: 'Empty query',
  emptyQuery: 'Please enter a query to submit',
  queryTooLong: `Your question is too long: please keep it under ${MAX_QUERY_LENGTH.toLocaleString('en-US')} characters`,
  noModel: 'Please select at least one AI model',
  tooManyModels: `Please select at most ${MAX_SELECTED_MODELS} AI models`,
  duplicateModels: 'Each AI model can be selected only once',
  invalidSessionId: 'Invalid session id',
  apiKeyRequiredTitle: 'API Key Required',
  apiKeyRequired: 'Please enter an API key',
  apiKeysRequired: 'API keys are required for: {services}',
  submitFailed: 'Failed to submit query',
  allModelsFailed: 'None of the selected models could answer, so this question was not counted.',
  queryNotFound: 'Query not found',
  historyCleared: 'History cleared',
  clearHistoryFailed: 'Failed to clear history',
  saveConfigurationFailed: 'Failed to save configuration',
  configurationSaved: 'API configuration saved',
  stopping: 'Stopping.',
  streamFinished: 'That question is no longer being answered.',
  retryNotNeeded: 'This model answered; only a failed or stopped answer can be retried.',
  retryFailed: 'Retry failed',
  stopFailed: 'Could not stop the answer. Check your connection and try again.',
  retryModelNotAsked: 'This model was not asked this question.',
  retriesUsed: `This model has had its ${MAX_RETRIES_PER_MODEL} free retries on this question. Ask the question again to try once more.`,
  // The Session History's search, pages and single deletes (issue 20, item 4). {max} is filled in by query-schemas.ts.
  historySearchInvalid: 'Search text must be one line of text',
  historySearchTooLong: 'Search text is too long: please keep it under {max} characters',
  invalidHistoryCursor: 'Invalid history page',
  invalidHistoryLimit: 'A history page holds 1 to {max} questions',
  historyAroundAlone: 'around cannot be combined with q, before or limit',
  questionDeleted: 'Question deleted',
  questionRestored: 'Question restored',
  deleteQuestionFailed: 'Failed to delete question',
  restoreQuestionFailed: 'Failed to restore question',
} as const;
