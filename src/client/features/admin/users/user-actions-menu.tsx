import { KeyRound, LogIn, MoreHorizontal, ShieldCheck, ShieldOff, Trash2 } from 'lucide-react';
import type { AdminUser } from '../../../../common/admin-user-schemas';
import { Button } from '../../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { isAdministrator } from '../../../lib/format';

export type UserAction = 'delete' | 'toggle-admin' | 'reset-password' | 'login-as';

/**
 * The More menu of a registered user's row. An admin is never offered the steps that would lock
 * them out (deleting or demoting themselves), and nobody can be signed in as an administrator.
 */
export function UserActionsMenu({
  user,
  isSelf,
  onAction,
}: {
  user: AdminUser;
  isSelf: boolean;
  onAction: (action: UserAction, user: AdminUser) => void;
}) {
  const admin = isAdministrator(user);
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="size-8" aria-label={`More actions for ${user.username}`}>
          <MoreHorizontal aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {!admin && !isSelf && (
          <DropdownMenuItem onSelect={() => onAction('login-as', user)}>
            <LogIn aria-hidden />
            Login As {user.username}
          </DropdownMenuItem>
        )}
        <DropdownMenuItem onSelect={() => onAction('reset-password', user)}>
          <KeyRound aria-hidden />
          Reset Password
        </DropdownMenuItem>
        {!(admin && isSelf) && (
          <DropdownMenuItem onSelect={() => onAction('toggle-admin', user)}>
            {admin ? <ShieldOff aria-hidden /> : <ShieldCheck aria-hidden />}
            {admin ? 'Remove Admin' : 'Make Admin'}
          </DropdownMenuItem>
        )}
        {!isSelf && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem destructive onSelect={() => onAction('delete', user)}>
              <Trash2 aria-hidden />
              Delete User
            </DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
