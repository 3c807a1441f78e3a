// The Session History's own texts (docs/product.md, "History and query detail"); the server's are queryMessages.
// Those only a part loaded later shows are history-later-texts.ts's, so Home's first paint does not carry them.

export const historyTexts = {
  title: 'Session History',
  searchLabel: 'Search history',
  searchPlaceholder: 'Search questions, answers',
  list: 'Previous questions',
  loading: 'Loading history',
  loadFailed: 'Failed to fetch query history',
  searchFailed: 'Search failed. Please try again.',
  retry: 'Try again',
  empty: 'No questions yet',
  noMatch: 'No questions match',
  foundOne: '1 question found',
  found: '{count} questions found',
  deleteQuestion: 'Delete question',
  groups: { today: 'Today', yesterday: 'Yesterday', week: 'Previous 7 days', older: 'Older' },
} as const;
