// The Session History's texts that only its later-loaded parts show (more pages, the search's quotes, the
// Undo of a delete); the rest are history-texts.ts's.

export const historyLaterTexts = {
  loadMore: 'Load more',
  loadingMore: 'Loading more...',
  undo: 'Undo',
  matchedInAnswer: 'In the answer:',
} as const;
