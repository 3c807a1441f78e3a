import type { PublicUser } from '../../../common/user-schemas';
import { isAdministrator } from '../../lib/format';

/**
 * Where a user lands after logging in. `state` is the router location state: the sign-in guard
 * leaves `from` there so a visitor returns to the page that sent them here. Only same-site paths
 * are honoured, so a crafted state cannot send anyone off-site or back into /auth.
 */
export function destinationAfterLogin(user: Pick<PublicUser, 'isAdmin' | 'role'>, state: unknown): string {
  if (isAdministrator(user)) return '/admin';
  const from =
    typeof state === 'object' && state !== null && 'from' in state ? (state as { from: unknown }).from : undefined;
  if (typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/auth'))
    return from;
  return '/';
}
