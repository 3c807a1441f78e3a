import { format, formatDistanceToNow, isValid } from 'date-fns';
import { formatPrice } from '../../../common/plans';

// Dates and money as the console's tables show them (the same formats as admin-format.ts); a bad or missing value reads as a dash
// rather than 'Invalid Date', so one odd row cannot spoil a table.

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

/** 'about 3 hours ago', 'in 20 hours'. */
export function formatRelative(value: Date | string | null | undefined): string {
  const date = toDate(value);
  return date ? formatDistanceToNow(date, { addSuffix: true }) : DASH;
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
