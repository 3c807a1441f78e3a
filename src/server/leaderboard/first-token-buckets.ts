// Times to the first answer word, counted in buckets so that a day's rollup row can hold them all and a
// period's median comes from summed rows (migration 0020). Bucket 0 is under 100 ms; bucket b ≥ 1 holds
// [100·1.05^(b−1), 100·1.05^b) ms, so a median read from the buckets is within 2.5% of the true one.

const FIRST_BOUND_MS = 100;
const RATIO = 1.05;
/** The last bucket also takes everything slower (about 222 s and up). */
export const LAST_FIRST_TOKEN_BUCKET = 160;

export function firstTokenBucket(ms: number): number {
  if (!(ms >= FIRST_BOUND_MS)) return 0;
  const bucket = 1 + Math.floor(Math.log(ms / FIRST_BOUND_MS) / Math.log(RATIO));
  return Math.min(bucket, LAST_FIRST_TOKEN_BUCKET);
}

/** The time a bucket stands for: the geometric middle of its bounds (half the first bound for bucket 0). */
export function bucketTimeMs(bucket: number): number {
  if (bucket <= 0) return FIRST_BOUND_MS / 2;
  return FIRST_BOUND_MS * RATIO ** (bucket - 0.5);
}

/** Adds `more` into `into`, position by position, growing it as needed. */
export function addCounts(into: number[], more: readonly number[]): number[] {
  for (let i = 0; i < more.length; i++) into[i] = (into[i] ?? 0) + (more[i] ?? 0);
  return into;
}

/**
 * The median of the counted times with a distribution-free 95% interval: the order statistics at ranks
 * n/2 ∓ 1.96·√n/2 (the binomial interval for the median). Null when nothing was timed.
 */
export function medianWithInterval(
  counts: readonly number[],
): { medianMs: number; lowMs: number; highMs: number; answers: number } | null {
  const n = counts.reduce((sum, c) => sum + (c ?? 0), 0);
  if (n === 0) return null;
  const spread = (1.959964 * Math.sqrt(n)) / 2;
  const rank = (r: number) => Math.min(n, Math.max(1, r));
  const timeAtRank = (r: number) => {
    let seen = 0;
    for (let b = 0; b < counts.length; b++) {
      seen += counts[b] ?? 0;
      if (seen >= r) return bucketTimeMs(b);
    }
    return bucketTimeMs(counts.length - 1);
  };
  return {
    medianMs: Math.round(timeAtRank(rank(Math.ceil(n / 2)))),
    lowMs: Math.round(timeAtRank(rank(Math.floor(n / 2 - spread)))),
    highMs: Math.round(timeAtRank(rank(Math.ceil(1 + n / 2 + spread)))),
    answers: n,
  };
}
