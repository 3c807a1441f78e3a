import { MIN_RANKED_QUESTIONS } from '../../../common/leaderboard';

// What the leaderboard page says (issue 14, item 3).
export const leaderboardTexts = {
  title: 'Model reliability leaderboard',
  notRanked: `Not ranked: fewer than ${MIN_RANKED_QUESTIONS} compared questions`,
  empty: 'No compared questions in this period yet.',
  loadFailed: 'The leaderboard could not be loaded. Please try again.',
  loading: 'Loading the leaderboard',
  examplesTitle: 'Recently disputed questions',
  rankedFirstHint: 'alone, in the confidence ranking',
  /** Beside a model's first places: the questions where it shared the top score instead (decision 0062). */
  tiedFirst: (questions: number) => `Tied first on ${questions} ${questions === 1 ? 'question' : 'questions'}`,
  firstPlaceRule:
    "A model is counted first only when its score is above every other answer's; when two or more share the top score, each is counted as tied first instead. An answer that failed, was stopped or had nothing checked is never counted first or tied first.",
} as const;
