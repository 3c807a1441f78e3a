import { format, isValid } from 'date-fns';
import { formatPrice } from '../../../../common/plans';
import { ANONYMOUS_USERNAME_PREFIX } from '../../../../common/limits';
import type { BadgeProps } from '../../../components/ui/badge';

// How the console writes the values it shows, so the dashboard, users and sessions agree.

/** 'past_due' -> 'Past due', 'customer.subscription.created' -> 'Customer subscription created'. */
export function humanize(word: string): string {
  const spaced = word.replace(/[._-]+/g, ' ').trim();
  return spaced ? spaced.charAt(0).toUpperCase() + spaced.slice(1) : word;
}

/** Session ids are shown without the 'session_' prefix (docs/product.md, "Display rules"). */
export function sessionIdOf(username: string): string {
  return username.startsWith(ANONYMOUS_USERNAME_PREFIX) ? username.slice(ANONYMOUS_USERNAME_PREFIX.length) : username;
}

/** -1 paid questions is the unlimited allowance (docs/product.md, "Free questions and plans"). */
export function paidQuestionsText(count: number): string {
  return count === -1 ? 'Unlimited' : count.toLocaleString('en-US');
}

const positive = new Set(['active', 'succeeded', 'paid', 'complete', 'completed', 'trialing']);
const waiting = new Set(['pending', 'pending_cancellation', 'incomplete', 'open', 'processing']);
const negative = new Set(['failed', 'canceled', 'cancelled', 'past_due', 'unpaid', 'incomplete_expired', 'expired']);

/** Green for good news, amber for in-between, red for trouble, grey for anything else. */
export function statusBadgeVariant(status: string | null | undefined): BadgeProps['variant'] {
  const word = (status ?? '').toLowerCase();
  if (positive.has(word)) return 'success';
  if (waiting.has(word)) return 'warning';
  if (negative.has(word)) return 'destructive';
  return 'secondary';
}

// Dates and money as the tables show them: a bad or missing value reads as a dash rather than
// 'Invalid Date', so one odd row cannot spoil a table.

export const DASH = '—';

function toDate(value: Date | string | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return isValid(date) ? date : null;
}

export function formatDate(value: Date | string | null | undefined): string {
  const date = toDate(value);
  return date ? format(date, 'MMM d, yyyy') : DASH;
}

export function formatDateTime(value: Date | string | null | undefined): string {
  const date = toDate(value);
  return date ? format(date, 'MMM d, yyyy, HH:mm') : DASH;
}

/** Minor units to '$4.99'; an unknown currency code falls back to plain digits instead of throwing. */
export function formatMoney(minor: number | null | undefined, currency: string | null | undefined = 'usd'): string {
  if (minor === null || minor === undefined) return DASH;
  try {
    return formatPrice(minor, currency || 'usd');
  } catch {
    return `${(minor / 100).toFixed(2)} ${(currency ?? '').toUpperCase()}`.trim();
  }
}
