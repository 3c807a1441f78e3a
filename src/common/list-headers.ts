/** A paged list's whole size, beside the page in the body (admin lists; client/lib/api.ts apiList). */
export const TOTAL_COUNT_HEADER = 'x-total-count';
/** The revenue of every payment a payments list matches, not only the page's. */
export const TOTAL_REVENUE_HEADER = 'x-total-revenue';
