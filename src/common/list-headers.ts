/** A paged list's whole size, beside the page in the body (admin lists; client/lib/api.ts apiList). */
export const TOTAL_COUNT_HEADER = 'x-total-count';

/**
 * The revenue of every payment a payments list matches, not only the page's: the succeeded payments'
 * minor units per currency, never added across currencies (decision 0037). The value is
 * `<currency>=<minor units>` pairs joined by commas, lower-case ISO 4217 codes in alphabetical order:
 * `eur=4500,gbp=990,usd=12300`. An empty value means no revenue yet. Written by formatRevenueHeader and
 * read by parseRevenueHeader, so both ends agree.
 */
export const TOTAL_REVENUE_HEADER = 'x-total-revenue';

/** One currency's revenue in minor units: { currency: 'eur', amount: 4500 } is 45.00 €. */
export interface CurrencyTotal {
  currency: string;
  amount: number;
}

const CURRENCY_CODE = /^[a-z]{3}$/;
const MINOR_UNITS = /^-?\d+$/;

/** TOTAL_REVENUE_HEADER's value for these totals, in alphabetical order of the currency code. */
export function formatRevenueHeader(totals: readonly CurrencyTotal[]): string {
  return [...totals]
    .sort((a, b) => a.currency.localeCompare(b.currency))
    .map(({ currency, amount }) => `${currency.toLowerCase()}=${Math.trunc(amount)}`)
    .join(',');
}

/**
 * The totals a TOTAL_REVENUE_HEADER value carries; none for a missing or empty header. A value that is
 * not entirely well formed (an older server's single cross-currency number, say) gives none as well:
 * showing part of it, or a figure in a guessed currency, would misstate the revenue.
 */
export function parseRevenueHeader(value: string | null | undefined): CurrencyTotal[] {
  if (!value?.trim()) return [];
  const totals: CurrencyTotal[] = [];
  for (const pair of value.split(',')) {
    const [currency = '', amount = '', ...rest] = pair.trim().split('=');
    if (rest.length > 0 || !CURRENCY_CODE.test(currency) || !MINOR_UNITS.test(amount)) return [];
    if (totals.some((total) => total.currency === currency)) return [];
    totals.push({ currency, amount: Number(amount) });
  }
  return totals;
}
