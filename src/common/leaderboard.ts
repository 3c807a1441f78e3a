import { z } from 'zod';

// The public reliability leaderboard (issue 14, item 3; docs/product.md, "Leaderboard"). Figures come from
// the rollup the database keeps as questions are saved (src/server/leaderboard/), never from a scan of the
// answers per page view.

/** A model is ranked once this many of its answers were compared with another model's. */
export const MIN_RANKED_QUESTIONS = 30;

export const LEADERBOARD_PERIODS = ['7d', '30d', '90d', 'all'] as const;
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number];
export const DEFAULT_LEADERBOARD_PERIOD: LeaderboardPeriod = '30d';
export const leaderboardPeriodLabels: Record<LeaderboardPeriod, string> = {
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  all: 'All time',
};
/** Days back from today (UTC) that a period covers, today included; null for all time. */
export const leaderboardPeriodDays: Record<LeaderboardPeriod, number | null> = {
  '7d': 7,
  '30d': 30,
  '90d': 90,
  all: null,
};

export const leaderboardQuerySchema = z.object({
  period: z.enum(LEADERBOARD_PERIODS).default(DEFAULT_LEADERBOARD_PERIOD),
});

/** A share with its 95% Wilson interval, and the counts it comes from. */
const shareSchema = z.object({
  share: z.number(),
  low: z.number(),
  high: z.number(),
  /** The count the share is of (contradicted claims, first places). */
  hits: z.number().int(),
  /** What it is a share of (checked claims, compared questions). */
  total: z.number().int(),
});
export type LeaderboardShare = z.infer<typeof shareSchema>;

export const leaderboardRowSchema = z.object({
  model: z.string(),
  displayName: z.string(),
  /** The vendor's model version the answers came from; null for answers saved without one. */
  modelVersion: z.string().nullable(),
  /** Its answers that were compared with at least one other model's answer in the period. */
  questions: z.number().int(),
  /** 1 for the fewest contradicted claims; null while it has fewer than MIN_RANKED_QUESTIONS questions. */
  rank: z.number().int().nullable(),
  /** Of its checked claims (another model stated the same thing, or another value), those contradicted. */
  contradicted: shareSchema.nullable(),
  /**
   * Of its compared questions, those where it alone came first in the confidence ranking: its score above every
   * other scored answer's. A failed or stopped answer, or one with nothing checked, is never first.
   */
  firstPlace: shareSchema,
  /** Of its compared questions, those where it shared the top score with another answer (never also first). */
  tiedFirst: shareSchema,
  /** Median time to its first answer word, with a 95% interval for the median; null when none was timed. */
  firstToken: z
    .object({ medianMs: z.number(), lowMs: z.number(), highMs: z.number(), answers: z.number().int() })
    .nullable(),
});
export type LeaderboardRow = z.infer<typeof leaderboardRowSchema>;

export const leaderboardSchema = z.object({
  period: z.enum(LEADERBOARD_PERIODS),
  /** The first day counted (UTC, YYYY-MM-DD); null for all time. */
  from: z.string().nullable(),
  to: z.string(),
  generatedAt: z.string(),
  /** Ranked rows first (by rank), then the rest by questions. */
  rows: z.array(leaderboardRowSchema),
  /** Recently disputed questions from signed-in people who let theirs be shown (never anonymous or opted out). */
  examples: z.array(
    z.object({
      question: z.string(),
      askedAt: z.string(),
      models: z.array(z.string()),
      contradicted: z.array(z.string()),
    }),
  ),
});
export type Leaderboard = z.infer<typeof leaderboardSchema>;

/** GET /api/admin/leaderboard/daily: the same figures per day, for the dashboard's chart. */
export const leaderboardDailyQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(365).default(30),
});
export const leaderboardDailySchema = z.object({
  days: z.array(z.string()),
  series: z.array(
    z.object({
      model: z.string(),
      displayName: z.string(),
      modelVersion: z.string().nullable(),
      /** One entry per day in `days`; null where the model had no compared question that day. */
      points: z.array(
        z
          .object({
            questions: z.number().int(),
            contradictedShare: z.number().nullable(),
            firstPlaceShare: z.number(),
            tiedFirstShare: z.number(),
            medianFirstTokenMs: z.number().nullable(),
          })
          .nullable(),
      ),
    }),
  ),
});
export type LeaderboardDaily = z.infer<typeof leaderboardDailySchema>;

/** The 95% Wilson score interval of `hits` out of `total`; [0, 0] when there is nothing to count. */
export function wilsonInterval(hits: number, total: number, z95 = 1.959964): { low: number; high: number } {
  if (total <= 0) return { low: 0, high: 0 };
  const p = hits / total;
  const z2 = z95 * z95;
  const centre = (p + z2 / (2 * total)) / (1 + z2 / total);
  const half = (z95 * Math.sqrt((p * (1 - p)) / total + z2 / (4 * total * total))) / (1 + z2 / total);
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}
