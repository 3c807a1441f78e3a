// The Session History's own texts (docs/product.md, "History and query detail"); the server's are queryMessages.

export const historyTexts = {
  title: 'Session History',
  searchLabel: 'Search history',
  searchPlaceholder: 'Search questions and answers',
  list: 'Previous questions',
  loading: 'Loading history',
  loadFailed: 'Failed to fetch query history',
  searchFailed: 'Search failed. Please try again.',
  retry: 'Try again',
  empty: 'No questions yet',
  noMatch: 'No questions match',
  foundOne: '1 question found',
  found: '{count} questions found',
  loadMore: 'Load more',
  loadingMore: 'Loading more...',
  deleteQuestion: 'Delete question',
  undo: 'Undo',
  matchedInAnswer: 'In the answer:',
  groups: { today: 'Today', yesterday: 'Yesterday', week: 'Previous 7 days', older: 'Older' },
} as const;
