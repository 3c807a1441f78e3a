// Budget 5 of the performance issue (docs/performance.md, "Home page weight"): the most JavaScript, in KB
// gzipped at level 9, that a first visit to `/` may load. Read by scripts/check-home-weight.mjs (the
// build) and e2e/home-weight.spec.ts (Chromium).
export const HOME_WEIGHT_BUDGET_KB = 150;
