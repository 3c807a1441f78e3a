import { MIN_RANKED_QUESTIONS } from '../../../common/leaderboard';

// What the leaderboard page says (issue 14, item 3).
export const leaderboardTexts = {
  title: 'Model reliability leaderboard',
  notRanked: `Not ranked: fewer than ${MIN_RANKED_QUESTIONS} compared questions`,
  empty: 'No compared questions in this period yet.',
  loadFailed: 'The leaderboard could not be loaded. Please try again.',
  loading: 'Loading the leaderboard',
  examplesTitle: 'Recently disputed questions',
} as const;
