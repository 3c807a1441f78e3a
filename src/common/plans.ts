// The plans (docs/product.md, "Free questions and plans"), seeded into subscription_plans on first start. Prices in
// minor units.

export const UNLIMITED_QUERIES = -1;

export interface PlanSeed {
  id: string;
  name: string;
  displayName: string;
  description: string;
  price: number;
  queryLimit: number;
  features: string[];
  isPopular: boolean;
  testOnly: boolean;
  sortOrder: number;
}

export const planSeeds: readonly PlanSeed[] = [
  {
    id: 'basic',
    name: 'basic',
    displayName: 'Basic',
    description: 'For occasional questions',
    price: 499,
    queryLimit: 333,
    // The allowance and what every account gets (models, comparison, confidence) are shown apart from
    // the features (the pricing page), so a feature here is what sets the plan apart.
    features: ['Session history'],
    isPopular: false,
    testOnly: false,
    sortOrder: 1,
  },
  {
    id: 'standard',
    name: 'standard',
    displayName: 'Standard',
    description: 'For everyday research',
    price: 1999,
    queryLimit: 2001,
    features: ['Session history'],
    isPopular: true,
    testOnly: false,
    sortOrder: 2,
  },
  {
    id: 'unlimited',
    name: 'unlimited',
    displayName: 'Unlimited',
    description: 'Unlimited questions, within a daily fair-use limit',
    price: 4444,
    queryLimit: UNLIMITED_QUERIES,
    features: ['Session history', 'Priority support'],
    isPopular: false,
    testOnly: false,
    sortOrder: 3,
  },
  {
    id: 'test',
    name: 'test',
    displayName: 'Test Plan',
    description: 'For checking payments in test mode',
    price: 99,
    queryLimit: 10,
    features: ['Test mode only'],
    isPopular: false,
    testOnly: true,
    sortOrder: 4,
  },
];

/** Tier ranking for sorting (docs/product.md, "Free questions and plans"). */
export const tierRank: Record<string, number> = { unlimited: 3, standard: 2, basic: 1, free: 0 };

/** Price for a tier the plans table does not know (docs/product.md, "Free questions and plans"). */
export const FALLBACK_PRICE_CENTS = 999;
export const DEFAULT_PERIOD_DAYS = 30;

/** Minor units to the en-US currency text the pages show (docs/product.md, "Display rules"): 499 -> '$4.99'. */
export function formatPrice(minor: number, currency = 'usd'): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(minor / 100);
}

/** How a plan change reads to the user, by the two plans' prices: dearer, cheaper or the same. */
export type PlanChangeDirection = 'upgrade' | 'downgrade' | 'switch';

export function planChangeDirection(fromPrice: number, toPrice: number): PlanChangeDirection {
  if (toPrice > fromPrice) return 'upgrade';
  if (toPrice < fromPrice) return 'downgrade';
  return 'switch';
}

/** The button and badge word for each direction (Manage Subscription dialog, checkout page). */
export const planChangeLabels: Record<PlanChangeDirection, string> = {
  upgrade: 'Upgrade',
  downgrade: 'Downgrade',
  switch: 'Switch',
};

/** A plan's allowance as a line of text: -1 reads 'Unlimited questions'. */
export function queryLimitLabel(queries: number, interval = 'month'): string {
  if (queries === UNLIMITED_QUERIES) return 'Unlimited questions';
  return `${queries.toLocaleString('en-US')} questions per ${interval}`;
}

/**
 * What every account gets, free questions included (docs/product.md, "Comparison analysis" and
 * "Confidence ranking"): the pricing page says so once, and neither a plan card nor the checkout's
 * order summary sells it again.
 */
export const includedForEveryone = [
  'Answers from up to 3 AI models side by side',
  'Comparison analysis of where the answers agree and differ',
  'Confidence ranking of the answers',
] as const;

/** Plan features that only name what every account gets (older plan rows still list them). */
const everyoneFeatures = [/^up to 3 ai models/i, /^comparison analysis/i, /^confidence (ranking|scores?)/i];

/**
 * Whether a plan feature says again what the allowance line beside it says ('10 questions' beside
 * '10 questions per month'), or what every account gets anyway: such a feature is not listed.
 */
export function repeatsCardOrEveryone(feature: string, queries: number): boolean {
  const text = feature.trim().toLowerCase();
  if (everyoneFeatures.some((pattern) => pattern.test(text))) return true;
  if (queries === UNLIMITED_QUERIES) return /^unlimited (questions|queries)\b/.test(text);
  const count = /^([\d,]+)\s+(questions?|queries|query)\b/.exec(text)?.[1];
  return count !== undefined && Number(count.replace(/,/g, '')) === queries;
}
