/**
 * The two widths every flow is checked at (the issues' "at 1366 and 375 px"): a laptop, and a phone
 * held upright.
 */
export const DESKTOP_AND_PHONE = [
  { width: 1366, height: 900 },
  { width: 375, height: 812 },
] as const;
