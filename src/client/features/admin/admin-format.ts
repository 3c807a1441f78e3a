import { format } from 'date-fns';
import { ANONYMOUS_USERNAME_PREFIX } from '../../../common/limits';
import type { BadgeProps } from '../../components/ui/badge';
import { ApiError } from '../../lib/api';

// How the console writes the values it shows, so the dashboard, users and sessions agree.

/** 'past_due' -> 'Past due', 'unlimited' -> 'Unlimited'. */
export function humanize(word: string): string {
  const spaced = word.replace(/[_-]+/g, ' ').trim();
  return spaced ? spaced.charAt(0).toUpperCase() + spaced.slice(1) : word;
}

/** A date and time such as 'Mar 4, 2026, 14:05'; a value that is not a date is shown as given. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : format(date, 'MMM d, yyyy, HH:mm');
}

export function formatDay(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : format(date, 'MMM d, yyyy');
}

/** Spec section 9: session ids are shown without the 'session_' prefix. */
export function sessionIdOf(username: string): string {
  return username.startsWith(ANONYMOUS_USERNAME_PREFIX) ? username.slice(ANONYMOUS_USERNAME_PREFIX.length) : username;
}

/** -1 paid questions is the unlimited allowance (spec section 9). */
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

/** The server's own message when it sent one; the screen's fallback for anything else (never a stack or a parse error). */
export function serverMessage(error: unknown): string | undefined {
  return error instanceof ApiError ? error.serverMessage : undefined;
}

/** Fills `{name}`-style slots in a message from admin-messages.ts. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (slot, key: string) => values[key] ?? slot);
}
