import type { PublicUser } from '../../common/user-schemas';

/** A subscription tier as people read it: 'basic' -> 'Basic', nothing -> 'Free'. */
export function planLabel(tier: string | null | undefined): string {
  return tier ? tier.charAt(0).toUpperCase() + tier.slice(1) : 'Free';
}

/** Administrators are users whose role is admin or whose isAdmin flag is set (docs/product.md, "Users and roles"). */
export function isAdministrator(user: Pick<PublicUser, 'isAdmin' | 'role'>): boolean {
  return user.isAdmin || user.role === 'admin';
}
