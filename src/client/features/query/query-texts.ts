// The query detail page's texts.

export const queryPageMessages = {
  loading: 'Loading query data...',
  notFound: 'Query not found',
  fetchFailed: 'Failed to fetch query data',
  historyFailed: 'Failed to fetch query history',
  shownFromHistory: 'Showing the copy saved in your session history.',
  neighboursUnavailable: 'Previous and next links are unavailable.',
  unreadableAnswer: 'The server sent an answer this page could not read.',
} as const;
