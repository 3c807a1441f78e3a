import type { PublicUser } from '../../common/user-schemas';

/** A subscription tier as people read it: 'basic' -> 'Basic', nothing -> 'Free'. */
export function planLabel(tier: string | null | undefined): string {
  return tier ? tier.charAt(0).toUpperCase() + tier.slice(1) : 'Free';
}

/** Administrators are users whose role is admin or whose isAdmin flag is set (docs/product.md, "Users and roles"). */
export function isAdministrator(user: Pick<PublicUser, 'isAdmin' | 'role'>): boolean {
  return user.isAdmin || user.role === 'admin';
}

const TIME_UNITS = [
  { unit: 'year', seconds: 365 * 24 * 60 * 60 },
  { unit: 'month', seconds: 30 * 24 * 60 * 60 },
  { unit: 'day', seconds: 24 * 60 * 60 },
  { unit: 'hour', seconds: 60 * 60 },
  { unit: 'minute', seconds: 60 },
  { unit: 'second', seconds: 1 },
] as const;

/** Time since `date` in words, from 'just now' (under 10 s) through seconds, minutes, ... to years. */
export function timeAgo(date: Date | string, now: Date = new Date()): string {
  const elapsed = Math.floor((now.getTime() - new Date(date).getTime()) / 1000);
  if (!Number.isFinite(elapsed) || elapsed < 10) return 'just now';
  for (const { unit, seconds } of TIME_UNITS) {
    const count = Math.floor(elapsed / seconds);
    if (count >= 1) return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
  }
  return 'just now';
}
